import { lazyComponent } from "../../../../ui/lazy";

// The coding agent's panels in the agent tab of a project chat; other chats never load them.
export const TodoListPanel = lazyComponent(() => import("./TodoListPanel").then((m) => m.TodoListPanel));
export const ApprovalCard = lazyComponent(() => import("./ApprovalCard").then((m) => m.ApprovalCard));

export function preloadCodingPanels(): Promise<unknown> {
  return Promise.all([TodoListPanel.preload(), ApprovalCard.preload()]);
}
