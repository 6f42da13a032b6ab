import type { StoreApi } from "zustand";
import type { ApprovalRequest, ChatListItem, ClientFrame, ControlState, SessionUser } from "../../../../contract";
import type { ApprovalCardState } from "../agent/model/approvals";
import type { GenerationEvent, GenerationFlags } from "../agent/model/generation";
import type { TodoSlice } from "../agent/model/todos";
import type { RemovedReason } from "../model/roomSocket";
import type { StreamsAction } from "../model/streamsReducer";
import type { StreamKey, StreamsState } from "../model/types";

/** What components of the open chat read, each through a selector of the slice it shows. */
export interface ChatState {
  /** The room socket is open (the header's status dot). */
  connected: boolean;
  /** The socket was open once: a later drop shows 'Reconnecting'. */
  everConnected: boolean;
  /** Set once the room said we are out (removed, left, dissolved); the socket stays closed. */
  removed: RemovedReason | null;
  streams: StreamsState;
  active: StreamKey;
  /** Messages that arrived over the socket in a tab that is not open, on top of the server's counts. */
  unreadHere: Record<StreamKey, number>;
  /** The agent, ask-only and discussion runs this user sees generating. */
  flags: GenerationFlags;
  quotaOpen: boolean;
  control: ControlState;
  /** The coding agent's todo list (the room re-sends it after `ready` and on every change). */
  todos: TodoSlice;
  /** Approval requests by their message id: undecided ones and recently decided ones. */
  approvals: Record<string, ApprovalRequest>;
  /** What this viewer did with each approval card (answered, closed). */
  approvalCards: Record<string, ApprovalCardState>;
}

/** What the store's modules share: the state, the chat as last rendered, and the socket. */
export interface StoreCore {
  state: StoreApi<ChatState>;
  /** Kept current by the view; read when a frame or a send needs the participants or owner. */
  chat: ChatListItem;
  me: SessionUser;
  readonly streamKeys: readonly StreamKey[];
  dispatch(action: StreamsAction): void;
  signal(event: GenerationEvent): void;
  /** Sends a frame with no ack; false when the socket is not open. */
  sendFrame(frame: ClientFrame): boolean;
}
