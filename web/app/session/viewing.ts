/**
 * Which chat tab the user is looking at right now, if any: the open chat's composer sets it, so
 * app-wide alerts (a mention) stay quiet for what is already on screen. Kept apart from the
 * selection because a chat has several tabs and only one of them is in view.
 */
export interface ViewedTab {
  chatId: string;
  /** 0 discuss, 1 agent, 2 ask-only. */
  chatType: number;
}

let viewed: ViewedTab | null = null;

export function setViewedTab(tab: ViewedTab | null): void {
  viewed = tab;
}

/** Clears only the tab it was given, so a composer unmounting after the next one mounted changes nothing. */
export function leaveViewedTab(tab: ViewedTab): void {
  if (viewed && viewed.chatId === tab.chatId && viewed.chatType === tab.chatType) viewed = null;
}

/** True while this chat tab is on screen in a visible browser tab. */
export function isViewingTab(chatId: string, chatType: number): boolean {
  if (typeof document !== "undefined" && document.visibilityState === "hidden") return false;
  return viewed !== null && viewed.chatId === chatId && viewed.chatType === chatType;
}
