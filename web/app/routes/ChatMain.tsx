import useSWR from "swr";
import type { ChatListItem } from "../../../contract";
import { ChatArea } from "../../features/chat/ChatArea";
import { ChatHeader } from "../../features/groups/ChatHeader";
import { isSystemChat } from "../../features/groups/chatPeople";
import { SystemChat } from "../../features/notifications/SystemChat";
import { WorkspaceLayout } from "../../features/workspace/layout/WorkspaceLayout";
import { useFileReferenceComposer } from "../../features/workspace/viewer/useFileReferenceComposer";
import { silentFetcher } from "../api/swr";
import { chatKey } from "../realtime/chatListCache";

/**
 * The main area for an open chat. A chat with a project opens the coding workspace with the chat
 * room as its chat panel (spec 03 §2.1); composed here so the chat and workspace features stay
 * independent of each other; the header (groups feature) is passed in the same way. Reads the same
 * cache entry ChatArea loads.
 */
export function ChatMain({ chatId }: { chatId: string }) {
  // The system chat is not a room: it shows the user's notifications.
  if (isSystemChat(chatId)) return <SystemChat />;
  return <RoomChat chatId={chatId} />;
}

function RoomChat({ chatId }: { chatId: string }) {
  const { data: chat } = useSWR<ChatListItem>(chatKey(chatId), silentFetcher);
  if (chat?.project_id) return <ProjectChat chat={chat} />;
  return <ChatArea chatId={chatId} header={ChatHeader} />;
}

/** A coding chat: the file references chosen in the viewer travel with the next message. */
function ProjectChat({ chat }: { chat: ChatListItem }) {
  const references = useFileReferenceComposer(chat.id);
  return <WorkspaceLayout chat={chat} chatPanel={<ChatArea chatId={chat.id} header={ChatHeader} composerExtension={references} />} />;
}
