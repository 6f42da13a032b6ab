import { discussRoomOf, type ChatKind, type ChatStream } from "../../../../../contract";
import type { StreamKey } from "../../model/types";

/**
 * The runs a user can watch: the shared agent room, their own ask-only room, and the discussion's
 * room, where the VIRE answers whoever named it there.
 */
export type Lane = "agent" | "ask" | "discuss";

export interface GenerationFlags {
  agent: boolean;
  ask: boolean;
  discuss: boolean;
  /** Who asked for the discussion answer being written, once known: they may stop it, like their own ask-only answer. */
  discussAsker: string | null;
}

export const IDLE: GenerationFlags = { agent: false, ask: false, discuss: false, discussAsker: null };

export type GenerationEvent =
  | { type: "sent"; stream: StreamKey }
  | { type: "sendFailed"; stream: StreamKey }
  | { type: "paused"; lane: Lane | null; success: boolean }
  | { type: "quota"; lane: Lane | null }
  | { type: "done"; lane: Lane | null }
  | { type: "status"; lane: Lane | null; busy: boolean }
  | { type: "runs"; lanes: Lane[] }
  /** The discussion answer being written answers this user's message. */
  | { type: "asker"; userId: string }
  | { type: "disconnected" };

/**
 * The lane a send starts. A discussion message starts one only when it names the VIRE and the
 * VIRE is free, which the room decides: its `agent_status` marks the lane.
 */
export function laneOfStream(stream: StreamKey): Lane | null {
  return stream === "agent" ? "agent" : stream === "askOnly" ? "ask" : null;
}

/** The lane a tab shows (and its pause button stops). */
export function laneOfTab(stream: StreamKey): Lane | null {
  return stream === "discuss" ? "discuss" : laneOfStream(stream);
}

export function laneOfChatType(chatType: ChatStream | undefined): Lane | null {
  return chatType === 1 ? "agent" : chatType === 2 ? "ask" : null;
}

/**
 * Rooms are `{chatId}` (agent), `{chatId}_{userId}` (ask-only) and `{chatId}_discuss` (the
 * discussion's answers); another user's ask room is none of ours.
 */
export function laneOfRoom(room: string, chatId: string, userId: string): Lane | null {
  if (room === chatId) return "agent";
  if (room === discussRoomOf(chatId)) return "discuss";
  if (room === `${chatId}_${userId}`) return "ask";
  return null;
}

/** The room a lane's run lives in, for pausing it. */
export function roomOfLane(lane: Lane, chatId: string, userId: string): string {
  if (lane === "agent") return chatId;
  return lane === "discuss" ? discussRoomOf(chatId) : `${chatId}_${userId}`;
}

function set(flags: GenerationFlags, lane: Lane | null, value: boolean): GenerationFlags {
  if (!lane || flags[lane] === value) return flags;
  // The asker belongs to the answer being written; the next one may be someone else's.
  if (lane === "discuss" && !value) return { ...flags, discuss: false, discussAsker: null };
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
    case "asker":
      return flags.discussAsker === event.userId ? flags : { ...flags, discuss: true, discussAsker: event.userId };
    case "disconnected":
      return flags.agent || flags.ask || flags.discuss ? IDLE : flags;
  }
}

export interface VisibleIndicators {
  agent: boolean;
  ask: boolean;
}

/**
 * Spec 02 §4: the agent indicator shows unless the chat is real_person, or a single group not on
 * the agent tab; the ask indicator shows only on the ask-only tab of single groups. The VIRE
 * answering in the discussion shows the agent indicator on the Discussion tab.
 */
export function visibleIndicators(kind: ChatKind, tab: StreamKey, flags: GenerationFlags): VisibleIndicators {
  return {
    agent: (flags.agent && kind !== "real_person" && !(kind === "single_group" && tab !== "agent")) || (flags.discuss && tab === "discuss"),
    ask: flags.ask && kind === "single_group" && tab === "askOnly",
  };
}
