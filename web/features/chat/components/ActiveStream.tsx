import { useCallback, useMemo } from "react";
import type { StreamKey, StreamState, UiMessage } from "../model/types";
import { useChatState, useChatStore } from "../store/ChatStoreProvider";
import type { JumpFocus } from "../hooks/useMessageJump";
import type { MessageActionsValue } from "./messageContext";
import { StreamPane } from "./StreamPane";
import { lazyDialog } from "../../../ui/lazy";

const ForwardDialog = lazyDialog(() => import("./ForwardDialog").then((m) => m.ForwardDialog));

const isRequest = (m: UiMessage) => m.messageType === "user_request" || m.messageType === "merged_forward";

/** The stream a tab shows; spec 02 §2.6: the eye toggle narrows the agent tab to the requests people sent the agent. */
function useShownStream(stream: StreamKey, onlyRequests: boolean): StreamState {
  const current = useChatState((s) => s.streams[stream]);
  return useMemo(
    () => (onlyRequests && stream === "agent" ? { ...current, messages: current.messages.filter(isRequest) } : current),
    [onlyRequests, stream, current],
  );
}

interface ActiveStreamProps {
  stream: StreamKey;
  onlyRequests: boolean;
  actions: Omit<MessageActionsValue, "jumpTo" | "highlightId">;
  agentName: string | null;
  /** A message to scroll to and highlight (a search hit, a mention). */
  focus?: JumpFocus | null;
}

/** The open tab's messages: the only part of the chat that re-renders while a reply streams in. */
export function ActiveStream({ stream, onlyRequests, actions, agentName, focus = null }: ActiveStreamProps) {
  const store = useChatStore();
  const shown = useShownStream(stream, onlyRequests);
  const loadOlder = useCallback(() => store.loadOlder(stream), [store, stream]);
  return (
    <StreamPane
      stream={shown}
      actions={actions}
      onLoadOlder={loadOlder}
      onFollow={store.onFollow}
      agentName={agentName}
      grouped={stream === "agent"}
      focus={focus}
    />
  );
}

interface ForwardSelectionProps {
  stream: StreamKey;
  onlyRequests: boolean;
  chatId: string;
  selection: ReadonlySet<string>;
  onOpenChange: (open: boolean) => void;
  onForwarded: () => void;
}

/** The forward dialog with the selected messages of the open tab, in stream order. */
export function ForwardSelection({ stream, onlyRequests, chatId, selection, onOpenChange, onForwarded }: ForwardSelectionProps) {
  const shown = useShownStream(stream, onlyRequests);
  const messages = useMemo(() => shown.messages.filter((m) => selection.has(m.id)), [selection, shown.messages]);
  return <ForwardDialog open onOpenChange={onOpenChange} chatId={chatId} messages={messages} onForwarded={onForwarded} />;
}
