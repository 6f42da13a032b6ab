import type { ChatListItem, ControlState, Participant, PresenterRequest } from "../../../../../contract";
import type { GenerationFlags } from "./generation";

export type ControlRole = "owner" | "presenter" | "member";

/** Control as the chat itself knows it, until the room's `ready` brings the live state. */
export function initialControl(chat: Pick<ChatListItem, "chatOwnerId" | "participants">): ControlState {
  const presenter = chat.participants.find((p) => p.cpRole === "presenter" && p.type === "user") ?? null;
  return { ownerId: chat.chatOwnerId, presenterId: presenter?.id ?? null, presenterName: presenter?.name ?? null, requests: [] };
}

export function roleOf(control: ControlState, userId: string): ControlRole {
  if (control.presenterId === userId) return "presenter";
  if (control.ownerId === userId) return "owner";
  return "member";
}

/** With no presenter, the owner acts as the controller (spec 02 §4 "Agent control"). */
export function isController(control: ControlState, userId: string): boolean {
  return control.presenterId === userId || (control.ownerId === userId && !control.presenterId);
}

/**
 * What a send in the agent tab does (spec 02 §4, §6): the controller sends; an owner while someone
 * else presents is refused ('Controller permission is currently held by another user.'); any
 * other member's text goes to the owner as a control request.
 */
export function agentSendRule(control: ControlState, userId: string): "send" | "heldByOther" | "request" {
  if (isController(control, userId)) return "send";
  return control.ownerId === userId ? "heldByOther" : "request";
}

/**
 * Spec 02 §6: the controller in the agent tab, or the user during their own ask-only run. The
 * VIRE's answer in the discussion may be stopped by whoever asked for it and by the controller,
 * the same rule the room applies to `pause_sse_v2`.
 */
export function canPause(control: ControlState, userId: string, tab: "agent" | "askOnly" | "discuss" | "human", generating: GenerationFlags): boolean {
  if (tab === "agent") return generating.agent && isController(control, userId);
  if (tab === "askOnly") return generating.ask;
  if (tab === "discuss") return generating.discuss && (generating.discussAsker === userId || isController(control, userId));
  return false;
}

/** The frame a toggle sends; null when the viewer may not change it. */
export type ToggleFrame =
  | { type: "set_controller"; presenter: string; action: "approve" | "revoke" }
  | { type: "release_presenter" }
  | { type: "transfer_presenter"; targetPresenter: string };

export interface MemberToggle {
  member: Participant;
  /** The member holds the agent (is presenter). */
  on: boolean;
  frame: ToggleFrame | null;
}

/**
 * Spec 02 §4: the owner may grant or revoke anyone; a presenter may switch only themselves off
 * (release) or someone else on (a transfer the owner approves); everything else is disabled
 * ('You cannot change this permission').
 */
export function toggleFor(control: ControlState, viewerId: string, member: Pick<Participant, "id">): ToggleFrame | null {
  const on = control.presenterId === member.id;
  if (control.ownerId === viewerId) return { type: "set_controller", presenter: member.id, action: on ? "revoke" : "approve" };
  if (control.presenterId === viewerId) {
    if (member.id === viewerId) return on ? { type: "release_presenter" } : null;
    return on ? null : { type: "transfer_presenter", targetPresenter: member.id };
  }
  return null;
}

/** The 'All members' popover: people other than the owner, the agent holder first, then by name. */
export function memberToggles(control: ControlState, viewerId: string, participants: readonly Participant[]): MemberToggle[] {
  return participants
    .filter((p) => p.type === "user" && !p.isAI && p.id !== control.ownerId)
    .map((member) => ({ member, on: control.presenterId === member.id, frame: toggleFor(control, viewerId, member) }))
    .sort((a, b) => Number(b.on) - Number(a.on) || a.member.name.localeCompare(b.member.name));
}

/** Spec 02 §9: the request bell shows '9+' above 9. */
export function bellBadge(count: number): string | null {
  if (count <= 0) return null;
  return count > 9 ? "9+" : String(count);
}

/** Adds or replaces a request (the room may resend one), newest last. */
export function withRequest(requests: readonly PresenterRequest[], request: PresenterRequest): PresenterRequest[] {
  return [...requests.filter((r) => r.requestId !== request.requestId), request];
}
