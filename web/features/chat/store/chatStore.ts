import { mutate } from "swr";
import { createStore } from "zustand";
import type { ChatListItem, UnpackedFrame, SessionUser } from "../../../../contract";
import { chatKey, markChatRead } from "../../../app/realtime/chatListCache";
import { readBearerToken } from "../../../app/api/token";
import { initialControl, type ToggleFrame } from "../agent/model/control";
import { generationReducer, IDLE } from "../agent/model/generation";
import { RoomSocket, type FrameMeta, type SocketFactory } from "../model/roomSocket";
import { markReadFlag, streamsOf } from "../model/streams";
import { initialStreams, streamsReducer, type StreamsAction } from "../model/streamsReducer";
import type { ComposedMessage, StreamKey } from "../model/types";
import { roomSessionEnded } from "../model/sessionEnded";
import { NO_TODOS } from "../agent/model/todos";
import { createCoding } from "./coding";
import { createControl } from "./control";
import type { ChatState, StoreCore } from "./core";
import { receiveFrame } from "./frameSwitch";
import { createHistory } from "./history";
import { createRuns } from "./runs";
import { createSending } from "./send";

export type { ChatState } from "./core";

const NO_UNREAD: Record<StreamKey, number> = { agent: 0, discuss: 0, askOnly: 0, human: 0 };
const NO_META: FrameMeta = { first: false, gap: false, ownMessageId: null };

/** The state of one open chat and the commands that change it. */
export interface ChatRoomStore {
  /** Read with `useChatState(selector)`, so a component re-renders only for its slice. */
  state: ChatRoomState;
  readonly streamKeys: readonly StreamKey[];
  /** Connects the room socket and loads the streams' first pages; `stop` undoes it. */
  start(): void;
  stop(): void;
  /** The chat and user as last rendered (participants, owner, names may change). */
  update(chat: ChatListItem, me: SessionUser): void;
  /** The one frame switch: every parsed room frame goes through here. */
  receive(frame: UnpackedFrame, meta?: FrameMeta): void;
  dispatch(action: StreamsAction): void;
  /** Opens a tab and marks it read (spec 02 §7 mark-read, is_agent_msg 1 or 0). */
  setActive(stream: StreamKey): void;
  /** Fresh server counts already include what arrived over the socket. */
  serverUnreadChanged(): void;
  loadOlder(stream: StreamKey): Promise<boolean>;
  send(composed: ComposedMessage): Promise<boolean>;
  /** A run started without a send (regenerate): its lane shows as generating. */
  runStarted(stream: StreamKey): void;
  pause(stream: StreamKey): void;
  requestControl(message: string, fromComposer: boolean): boolean;
  decide(requestId: string, decision: "approve" | "reject"): void;
  toggle(frame: ToggleFrame): void;
  closeQuota(): void;
  /** Sends Yes or No for an approval request addressed to this user; false when it could not be sent. */
  answerApproval(messageId: string, approved: boolean): boolean;
  /** Agent-tab composer text while an approval card shows: true/false when it answered the card (sent or not), null to send it as a message. */
  answerFromComposer(text: string): boolean | null;
  closeTodos(): void;
  /** Calls `listener` when the user sends, so the list goes to the bottom; returns the unsubscribe. */
  onFollow(listener: () => void): () => void;
}

export type ChatRoomState = StoreCore["state"];

export interface ChatStoreOptions {
  /** The socket transport; partysocket unless a test hands in its own. */
  socketFactory?: SocketFactory;
  location?: { protocol: string; host: string };
}

/** One store per open chat: the room socket, its streams, generation, control and unread state. */
export function createChatStore(chat: ChatListItem, me: SessionUser, options: ChatStoreOptions = {}): ChatRoomStore {
  const streamKeys = streamsOf(chat.chatType);
  const state = createStore<ChatState>()(() => ({
    connected: false,
    everConnected: false,
    removed: null,
    streams: initialStreams(),
    active: streamKeys[0]!,
    unreadHere: NO_UNREAD,
    flags: IDLE,
    quotaOpen: false,
    control: initialControl(chat),
    todos: NO_TODOS,
    approvals: {},
    approvalCards: {},
  }));
  let socket: RoomSocket | null = null;
  const followers = new Set<() => void>();
  const core: StoreCore = {
    state,
    chat,
    me,
    streamKeys,
    dispatch: (action) => state.setState((s) => ({ streams: streamsReducer(s.streams, action) })),
    signal: (event) => state.setState((s) => ({ flags: generationReducer(s.flags, event) })),
    sendFrame: (frame) => socket?.sendFrame(frame) ?? false,
  };
  const history = createHistory(core);
  const runs = createRuns(core);
  const control = createControl(core);
  const coding = createCoding(core);
  const sending = createSending(
    core,
    () => socket,
    runs,
    control,
    () => followers.forEach((listener) => listener()),
  );
  const handlers = { core, history, runs, control, coding };

  const markRead = async (stream: StreamKey) => {
    // The shared helper stores the counts in the chat list; the open chat's own entry too.
    const unread = await markChatRead(core.chat.id, [markReadFlag(stream)]);
    if (unread) await mutate(chatKey(core.chat.id), (current: ChatListItem | undefined) => (current ? { ...current, unread } : current), { revalidate: false });
  };

  return {
    state,
    streamKeys,
    start() {
      socket?.close();
      socket = new RoomSocket(
        core.chat.id,
        {
          connection: (connected) => {
            if (connected) state.setState({ connected, everConnected: true });
            else {
              state.setState({ connected });
              core.signal({ type: "disconnected" });
            }
          },
          frame: (frame, meta) => receiveFrame(handlers, frame, meta),
          acked: sending.acked,
          sendFailed: sending.sendFailed,
          shownAsSent: (id) => core.dispatch({ type: "shownAsSent", id }),
          // The inbox socket moves the user away; this view only stops sending.
          removed: (removed) => state.setState({ removed }),
          signedOut: roomSessionEnded,
        },
        { token: readBearerToken, factory: options.socketFactory, location: options.location },
      );
      socket.start();
      history.start();
      void markRead(state.getState().active);
    },
    stop() {
      history.stop();
      coding.stop();
      socket?.close();
      socket = null;
      state.setState({ connected: false });
    },
    update(nextChat, nextMe) {
      core.chat = nextChat;
      core.me = nextMe;
    },
    receive: (frame, meta = NO_META) => receiveFrame(handlers, frame, meta),
    dispatch: core.dispatch,
    setActive(stream) {
      state.setState((s) => ({ active: stream, unreadHere: s.unreadHere[stream] ? { ...s.unreadHere, [stream]: 0 } : s.unreadHere }));
      void markRead(stream);
    },
    serverUnreadChanged: () => state.setState({ unreadHere: NO_UNREAD }),
    loadOlder: history.loadOlder,
    send: sending.send,
    runStarted: (stream) => core.signal({ type: "sent", stream }),
    pause: runs.pause,
    requestControl: control.requestControl,
    decide: control.decide,
    toggle: control.toggle,
    closeQuota: () => state.setState({ quotaOpen: false }),
    answerApproval: coding.answerApproval,
    answerFromComposer: coding.answerFromComposer,
    closeTodos: coding.closeTodos,
    onFollow(listener) {
      followers.add(listener);
      return () => followers.delete(listener);
    },
  };
}
