import type { UnpackedFrame } from "../../../../contract";
import { revalidateChat } from "../../../app/realtime/chatListCache";
import type { FrameMeta } from "../model/roomSocket";
import { streamOfMessage } from "../model/streams";
import type { CodingActions } from "./coding";
import type { ControlActions } from "./control";
import type { StoreCore } from "./core";
import type { History } from "./history";
import type { RunActions } from "./runs";

export interface FrameHandlers {
  core: StoreCore;
  history: History;
  runs: RunActions;
  control: ControlActions;
  coding: CodingActions;
}

/**
 * The one place a room frame changes the open chat: every frame the socket parsed comes here,
 * after the socket did its own bookkeeping (seq, acks, removal).
 */
export function receiveFrame({ core, history, runs, control, coding }: FrameHandlers, frame: UnpackedFrame, meta: FrameMeta): void {
  switch (frame.type) {
    case "ready":
      if (meta.first) history.roomReady();
      core.state.setState({ control: frame.control });
      runs.ready(frame.agentRuns);
      return;
    case "message": {
      const { message } = frame;
      const stream = streamOfMessage(message, core.streamKeys);
      if (!stream) return;
      const known = core.state.getState().streams[stream].messages.some((m) => m.id === message.id);
      core.dispatch({ type: "incoming", stream, messages: [message] });
      // New messages in the open tab need no badge: the inbox marks the open chat read.
      if (!known && message.sender?.id !== core.me.id) {
        core.state.setState((s) => (s.active === stream ? s : { unreadHere: { ...s.unreadHere, [stream]: s.unreadHere[stream] + 1 } }));
      }
      return;
    }
    case "message_updated": {
      const stream = streamOfMessage(frame.message, core.streamKeys);
      if (stream) core.dispatch({ type: "incoming", stream, messages: [frame.message] });
      return;
    }
    case "replay_done":
      if (meta.gap) history.resync();
      return;
    case "reactions":
      core.dispatch({ type: "reactions", id: frame.message_id, reactions: frame.reactions });
      return;
    case "likes":
      core.dispatch({ type: "likes", id: frame.message_id, likes: frame.likes });
      return;
    case "chat_renamed":
    case "member_add":
    case "member_remove":
      void revalidateChat(core.chat.id);
      return;
    // The coding agent's frames: the todo list, approval cards and workspace refreshes.
    case "todo_list":
    case "approval_request":
    case "workspace_changed":
      coding.handle(frame);
      return;
    // An error that failed one of our sends was reported through the outbox; a refused approval
    // answer and the VIRE's busy answer to a mention are shown here; the rest are only logged by the socket.
    case "error":
      if (!meta.ownMessageId && !coding.handleError(frame.error)) runs.handleError(frame.error);
      return;
    // Acks, pongs and removal are the socket's own.
    case "chat_ack":
    case "pong":
    case "group_remove":
      return;
    default:
      if (!runs.handle(frame) && !control.handle(frame)) console.warn(`[chat ${core.chat.id}] unhandled room frame: ${frame.type}`);
  }
}
