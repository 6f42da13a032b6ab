import { create } from "zustand";
import type { Feedback } from "../../../../contract/analysis";
import { addFeedback, updateFeedback, type FeedbackType } from "../api";

export type Rating = 1 | -1 | 0;

/** Spec §4: pressing the rating already given clears it (0); the other rating replaces it. */
export function nextRating(current: Rating, pressed: 1 | -1): Rating {
  return current === pressed ? 0 : pressed;
}

/** The feedback given in this session, per task and kind: the server's id decides add or update. */
const useFeedbackStore = create<{ byKey: Record<string, Feedback> }>()(() => ({ byKey: {} }));
const keyOf = (taskId: string, type: FeedbackType) => `${type}:${taskId}`;

export function useGivenFeedback(taskId: string, type: FeedbackType): Feedback | null {
  return useFeedbackStore((s) => s.byKey[keyOf(taskId, type)] ?? null);
}

/** Sends a rating: the first time `add`, later `update` of the same feedback. Resolves with what the server stored. */
export async function sendFeedback(taskId: string, type: FeedbackType, likeOrStep: Rating, extra: { tag?: string; content?: string } = {}): Promise<Feedback> {
  const key = keyOf(taskId, type);
  const given = useFeedbackStore.getState().byKey[key];
  const saved = given
    ? await updateFeedback({ id: given.id, likeOrStep, tag: extra.tag ?? "", content: extra.content ?? "" })
    : await addFeedback({ taskId, feedbackType: type, likeOrStep, tag: extra.tag ?? "", content: extra.content ?? "" });
  useFeedbackStore.setState((s) => ({ byKey: { ...s.byKey, [key]: { ...saved, likeOrStep } } }));
  return saved;
}

/** Forgets every rating (tests; a sign-out reloads the page anyway). */
export function resetFeedback(): void {
  useFeedbackStore.setState({ byKey: {} });
}
