/**
 * The five steps of the chat tutorial (spec 01 §2, spec 02 §2.6, spec 03 §2.8), each anchored on a
 * real element of the coding layout. The first selector found wins; with none on screen (a narrow
 * layout hides the panel) the step shows in the middle of the window.
 */
export const TUTORIAL_STEPS = [
  { id: "chatModes", anchors: ['[data-testid="workspace-chat-panel"] .chat-tabs', ".chat-tabs", '[data-testid="workspace-chat-panel"]'] },
  { id: "invite", anchors: ['[data-testid="add-members-button"]', '[data-testid="members-button"]', '[data-testid="chat-header"]'] },
  { id: "workspace", anchors: ['[data-testid="workspace-toolbar"]', '[data-testid="workspace-explorer-panel"]', '[data-testid="workspace-layout"]'] },
  { id: "addProject", anchors: ['[data-testid="projects-launcher"]'] },
  { id: "organization", anchors: ['[data-testid="org-switcher-trigger"]'] },
] as const;

export type TutorialStepId = (typeof TUTORIAL_STEPS)[number]["id"];

export function findAnchor(selectors: readonly string[]): HTMLElement | null {
  for (const selector of selectors) {
    const el = document.querySelector<HTMLElement>(selector);
    if (el && el.getClientRects().length > 0) return el;
  }
  return null;
}

const STEP_KEY = "teamchat.tutorialStep";

/** The step is kept locally (spec 01 §3), so a reload continues where the user was. */
export function savedStep(): number {
  try {
    const n = Number(localStorage.getItem(STEP_KEY));
    return Number.isInteger(n) && n >= 0 && n < TUTORIAL_STEPS.length ? n : 0;
  } catch {
    return 0;
  }
}

export function saveStep(step: number): void {
  try {
    localStorage.setItem(STEP_KEY, String(step));
  } catch {
    // The tutorial starts over after a reload.
  }
}
