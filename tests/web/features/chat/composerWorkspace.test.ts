// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "../../../../contract";
import { initI18n } from "../../../../web/i18n";
import { groupChat, mountRoom, type MountedRoom } from "./roomHarness";

const me: SessionUser = { id: "u1", name: "Ann Owner", email: "ann@example.com", image: null } as SessionUser;
let room: MountedRoom | null = null;

beforeAll(() => {
  initI18n("en");
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});
afterEach(() => {
  room?.unmount();
  room = null;
  vi.unstubAllGlobals();
});

/** The project chat, with the project's config answering this sandbox state. */
async function openWith(sandbox: { status: string | null; available: boolean }) {
  room = await mountRoom(me, groupChat(me.id), [], (url) => (url.pathname === "/api/coding-projects/proj_1/config" ? { sandbox } : undefined));
  return room.container;
}

const input = (c: HTMLElement) => c.querySelector<HTMLTextAreaElement>('[data-testid="composer-input"]')!;
const send = (c: HTMLElement) => c.querySelector<HTMLButtonElement>('[data-testid="composer-send"]')!;

describe("the agent tab's composer follows the project's sandbox (spec 02 §2.7)", () => {
  it("says the virtual machine is being created and does not send while it is", async () => {
    const c = await openWith({ status: "creating", available: false });
    await vi.waitFor(() => expect(input(c).placeholder).toBe("Virtual machine is being created..."));
    expect(send(c).disabled).toBe(true);
  });

  it("is the usual composer once the sandbox is active", async () => {
    const c = await openWith({ status: "active", available: true });
    await vi.waitFor(() => expect(input(c).placeholder).toBe("Send a message..."));
  });
});
