import { useTranslation } from "react-i18next";
import useSWR from "swr";
import type { ChatListItem } from "../../../contract";
import { isSystemChat } from "../../features/groups/chatPeople";
import { LazyBoundary, lazyComponent } from "../../ui/lazy";
import { Spinner } from "../../ui/Spinner";
import { silentFetcher } from "../api/swr";
import { chatKey } from "../realtime/chatListCache";

// The open chat's code is not on the first page: the shell and the chat list render without it.
const RoomChat = lazyComponent(() => import("./RoomChat").then((m) => m.RoomChat));
const ProjectChat = lazyComponent(() => import("./ProjectChat").then((m) => m.ProjectChat));
const SystemChat = lazyComponent(() => import("../../features/notifications/SystemChat").then((m) => m.SystemChat));

/** Starts downloading the chat room (the signed-in app calls it once idle, so opening a chat rarely waits). */
export const preloadChatRoom = RoomChat.preload;

// A chat named in the address opens as soon as the session is known: its code downloads meanwhile.
if (typeof location !== "undefined" && new URLSearchParams(location.search).has("chatId")) preloadChatRoom();

/**
 * The main area for an open chat. A chat with a project opens the coding workspace with the chat
 * room as its chat panel; the system chat shows the notifications. Reads the same cache entry the
 * chat room loads.
 */
export function ChatMain({ chatId }: { chatId: string }) {
  return <LazyBoundary variant="panel">{isSystemChat(chatId) ? <SystemChat /> : <OpenChat chatId={chatId} />}</LazyBoundary>;
}

function OpenChat({ chatId }: { chatId: string }) {
  const { data: chat, isLoading } = useSWR<ChatListItem>(chatKey(chatId), silentFetcher);
  if (chat?.project_id) return <ProjectChat chat={chat} />;
  return (
    <>
      {isLoading && <SwitchingChat />}
      <RoomChat chatId={chatId} />
    </>
  );
}

/** 'Switching chat...' (spec 01 §2) while the chat about to open is not known yet; the room loads meanwhile. */
function SwitchingChat() {
  const { t } = useTranslation();
  return (
    <div className="lazy-state lazy-state--overlay" data-testid="switching-chat">
      <div className="lazy-state__box" role="status" aria-live="polite">
        <Spinner size={24} />
        <span>{t("onboarding.switchingChat")}</span>
      </div>
    </div>
  );
}
