import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useSWRConfig } from "swr";
import { useLang } from "../../i18n/useLang";
import { withLanguage } from "../../i18n/language";
import { CHAT_LIST_KEY } from "./chatListCache";
import type { ChatListData } from "./chatListUpdates";
import { applyInboxFrame } from "./inboxFrameEffects";
import { useInboxFrames } from "./InboxProvider";

/** Applies every inbox frame to the page (chat list, selection, toasts) while the app shell is mounted. */
export function useInboxEffects(): void {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lang = useLang();
  const { cache } = useSWRConfig();

  useInboxFrames((frame) =>
    applyInboxFrame(frame, {
      t,
      chatList: () => cache.get(CHAT_LIST_KEY)?.data as ChatListData | undefined,
      goHome: () => navigate(withLanguage("/", lang), { replace: true }),
    }),
  );
}
