import { useCallback, useEffect, useRef, useState } from "react";
import { useSWRConfig } from "swr";
import type { ChatListItem } from "../../../../contract";
import { chatKey, markChatRead } from "../../../app/realtime/chatListCache";
import { markReadFlag } from "../model/streams";
import type { StreamKey } from "../model/types";

const ZERO: Record<StreamKey, number> = { agent: 0, discuss: 0, askOnly: 0, human: 0 };

/**
 * Tab badges: the server's counts (agent, human) plus messages that arrived over the socket in a
 * tab that is not open. Opening a tab marks it read (spec 02 §7 mark-read, is_agent_msg 1 or 0).
 */
export function useUnread(chat: ChatListItem, active: StreamKey) {
  const { mutate } = useSWRConfig();
  const [local, setLocal] = useState(ZERO);
  const activeRef = useRef(active);
  activeRef.current = active;

  const markRead = useCallback(
    async (stream: StreamKey) => {
      // The shared helper stores the counts in the chat list; the open chat's own entry too.
      const unread = await markChatRead(chat.id, [markReadFlag(stream)]);
      if (unread) await mutate(chatKey(chat.id), (current: ChatListItem | undefined) => (current ? { ...current, unread } : current), { revalidate: false });
    },
    [chat.id, mutate],
  );

  useEffect(() => {
    setLocal((counts) => (counts[active] ? { ...counts, [active]: 0 } : counts));
    void markRead(active);
  }, [active, markRead]);

  // Fresh server counts already include what arrived over the socket.
  useEffect(() => setLocal(ZERO), [chat.unread.agent, chat.unread.human]);

  // New messages in the open tab need nothing here: the inbox marks the open chat read.
  const noteIncoming = useCallback((stream: StreamKey) => {
    if (stream !== activeRef.current) setLocal((counts) => ({ ...counts, [stream]: counts[stream] + 1 }));
  }, []);

  const badge = (stream: StreamKey): number => {
    if (stream === active) return 0;
    const server = stream === "agent" ? chat.unread.agent : stream === "discuss" || stream === "human" ? chat.unread.human : 0;
    return server + local[stream];
  };

  return { badge, noteIncoming };
}
