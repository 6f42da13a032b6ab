import { todoProgress, type TodoItem } from "../../../../../contract";

/** The agent's todo list as the open chat shows it (spec 03 §2.9, §4 "Todo list"). */
export interface TodoSlice {
  items: TodoItem[];
  /** The room's version of the list; null before the first list arrived. */
  updatedAt: string | null;
  hidden: boolean;
}

export const NO_TODOS: TodoSlice = { items: [], updatedAt: null, hidden: true };

/**
 * A `todo_list` frame applied to what the chat shows. A changed list shows again (even after the
 * user closed it); the same version re-sent after a reconnect keeps the user's close. A list that
 * was already finished before this chat was opened stays hidden: it is history, not progress.
 */
export function receiveTodoList(current: TodoSlice, items: TodoItem[], updatedAt: string): TodoSlice {
  if (current.updatedAt === updatedAt) return current;
  const finishedBeforeOpening = current.updatedAt === null && todoProgress(items).allCompleted;
  return { items, updatedAt, hidden: items.length === 0 || finishedBeforeOpening };
}

/** The list is on screen and complete: it hides by itself a few seconds later. */
export function awaitsAutoHide(todos: TodoSlice): boolean {
  return !todos.hidden && todoProgress(todos.items).allCompleted;
}
