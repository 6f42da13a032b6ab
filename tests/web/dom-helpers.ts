import { act } from "react";
import { lazyLoadsSettled } from "../../web/ui/lazy";

/** Lets fetches answer, lazily loaded parts arrive and React commit what they changed. */
export async function settle(rounds = 4): Promise<void> {
  for (let i = 0; i < rounds; i += 1) {
    await act(async () => {
      await lazyLoadsSettled();
      await new Promise((resolve) => setTimeout(resolve, 15));
    });
  }
}

export function find(testId: string): HTMLElement | null {
  return document.body.querySelector<HTMLElement>(`[data-testid="${CSS.escape(testId)}"]`);
}

export function get(testId: string): HTMLElement {
  const element = find(testId);
  if (!element) throw new Error(`no element with data-testid=${testId}`);
  return element;
}

export async function click(target: string | HTMLElement): Promise<void> {
  const element = typeof target === "string" ? get(target) : target;
  await act(async () => element.click());
  await settle(2);
}
