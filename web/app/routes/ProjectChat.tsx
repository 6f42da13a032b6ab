import type { ChatListItem } from "../../../contract";
import { ChatArea } from "../../features/chat/ChatArea";
import { ChatHeader } from "../../features/groups/ChatHeader";
import { Tutorial } from "../../features/onboarding/Tutorial";
import { WorkspaceLayout } from "../../features/workspace/layout/WorkspaceLayout";
import { useFileReferenceComposer } from "../../features/workspace/viewer/useFileReferenceComposer";

/**
 * A coding chat: the workspace with the chat room as its chat panel (spec 03 §2.1), composed here
 * so the chat and workspace features stay independent. The file references chosen in the viewer
 * travel with the next message. Loaded on demand: only project chats need the workspace's code.
 * The first time this layout appears, the chat tutorial walks through it.
 */
export function ProjectChat({ chat }: { chat: ChatListItem }) {
  const references = useFileReferenceComposer(chat.id);
  return (
    <>
      <WorkspaceLayout chat={chat} chatPanel={<ChatArea chatId={chat.id} header={ChatHeader} composerExtension={references} />} />
      <Tutorial />
    </>
  );
}
