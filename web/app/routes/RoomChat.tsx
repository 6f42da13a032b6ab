import { ChatArea } from "../../features/chat/ChatArea";
import { ChatHeader } from "../../features/groups/ChatHeader";

/** A chat room without a project; its header comes from the groups feature. Loaded on demand (see ChatMain). */
export function RoomChat({ chatId }: { chatId: string }) {
  return <ChatArea chatId={chatId} header={ChatHeader} />;
}
