import type { ChatKind, ChatStream } from "../../../../../contract";
import type { StreamKey } from "../../model/types";

/** The two runs a user can watch: the shared agent room and their own ask-only room. */
export type Lane = "agent" | "ask";

export interface GenerationFlags {
  agent: boolean;
  ask: boolean;
}

export const IDLE: GenerationFlags = { agent: false, ask: false };

export type GenerationEvent =
  | { type: "sent"; stream: StreamKey }
  | { type: "sendFailed"; stream: StreamKey }
  | { type: "paused"; lane: Lane | null; success: boolean }
  | { type: "quota"; lane: Lane | null }
  | { type: "done"; lane: Lane | null }
  | { type: "status"; lane: Lane | null; busy: boolean }
  | { type: "runs"; lanes: Lane[] }
  | { type: "disconnected" };

export function laneOfStream(stream: StreamKey): Lane | null {
  return stream === "agent" ? "agent" : stream === "askOnly" ? "ask" : null;
}

export function laneOfChatType(chatType: ChatStream | undefined): Lane | null {
  return chatType === 1 ? "agent" : chatType === 2 ? "ask" : null;
}

/** Rooms are `{chatId}` (agent) and `{chatId}_{userId}` (ask-only); another user's ask room is none of ours. */
export function laneOfRoom(room: string, chatId: string, userId: string): Lane | null {
  if (room === chatId) return "agent";
  if (room === `${chatId}_${userId}`) return "ask";
  return null;
}

function set(flags: GenerationFlags, lane: Lane | null, value: boolean): GenerationFlags {
  if (!lane || flags[lane] === value) return flags;
  return { ...flags, [lane]: value };
}

/**
 * Spec 02 §4 "Generation flags": set by a send (and by the room's `agent_status`, so every member
 * sees a run someone else started); cleared by a confirmed pause, the quota event, a failed send,
 * the end of the run, and a lost socket (the next `ready` lists runs still going).
 */
export function generationReducer(flags: GenerationFlags, event: GenerationEvent): GenerationFlags {
  switch (event.type) {
    case "sent":
      return set(flags, laneOfStream(event.stream), true);
    case "sendFailed":
      return set(flags, laneOfStream(event.stream), false);
    case "paused":
      return event.success ? set(flags, event.lane, false) : flags;
    case "quota":
      // The quota event names a room; without one it ends whatever this user started.
      return event.lane ? set(flags, event.lane, false) : IDLE;
    case "done":
      return set(flags, event.lane, false);
    case "status":
      return set(flags, event.lane, event.busy);
    case "runs":
      return event.lanes.reduce((next, lane) => set(next, lane, true), flags);
    case "disconnected":
      return flags.agent || flags.ask ? IDLE : flags;
  }
}

/**
 * Spec 02 §4: the agent indicator shows unless the chat is real_person, or a single group not on
 * the agent tab; the ask indicator shows only on the ask-only tab of single groups.
 */
export function visibleIndicators(kind: ChatKind, tab: StreamKey, flags: GenerationFlags): GenerationFlags {
  return {
    agent: flags.agent && kind !== "real_person" && !(kind === "single_group" && tab !== "agent"),
    ask: flags.ask && kind === "single_group" && tab === "askOnly",
  };
}
