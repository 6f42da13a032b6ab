import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { toast } from "../../ui/toast";
import { mutate } from "swr";
import type { ChatListItem } from "../../../contract";
import { api } from "../../app/api/client";
import { chatKey, revalidateChatList } from "../../app/realtime/chatListCache";
import { selectChat } from "../../app/session/selection";
import { useSession } from "../../app/session/useSession";
import { withLanguage } from "../../i18n/language";
import { useLang } from "../../i18n/useLang";
import { InviteLinkScreen } from "../../ui/InviteLinkScreen";
import { errorMessage } from "./groupErrors";
import { extractGroupInviteCode } from "./inviteLink";

/**
 * `/group-invite/{inviteCode}`: accepting joins the group and opens it. A signed-out visitor signs
 * in first and comes back through `?redirect=`. A group of another organization of mine switches
 * to it, since the chat list only shows the current organization's chats.
 */
export function GroupInvitePage() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const code = extractGroupInviteCode(useParams().inviteCode ?? "");
  const { user, status } = useSession();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (status !== "authenticated" || !user || started.current || !code) return;
    started.current = true; // one accept per visit, also under StrictMode's double effects
    (async () => {
      const joined = await api.post<{ chatId: string; chatName: string }>(`/api/group-invites/${encodeURIComponent(code)}/accept`, {}, { silent: true });
      const chat = await api.get<ChatListItem>(chatKey(joined.chatId), undefined, { silent: true }).catch(() => null);
      // An invitee from outside the organization cannot switch to it; the chat still opens by id.
      const otherOrg = chat?.organizationId && chat.organizationId !== user.organizationId;
      const switched =
        otherOrg &&
        (await api.post("/api/user/update-organization", { organizationId: chat.organizationId }, { silent: true }).then(
          () => true,
          () => false,
        ));
      if (switched) await mutate(() => true);
      else await revalidateChatList();
      toast.success(t("groups.invitePage.joined", { name: joined.chatName }));
      selectChat(joined.chatId, chat?.project_id ?? null);
      navigate(`${withLanguage("/", lang)}?chatId=${encodeURIComponent(joined.chatId)}`, { replace: true });
    })().catch((err: unknown) => setError(errorMessage(err) || t("groups.invitePage.failed")));
  }, [status, user, code, lang, navigate, t]);

  return (
    <InviteLinkScreen
      status={status}
      failure={
        !code || error ? { title: t("groups.invitePage.failedTitle"), body: error ?? t("groups.invitePage.invalid"), testId: "group-invite-error" } : null
      }
      pending={{ title: t("groups.invitePage.title"), detail: t("groups.invitePage.joining"), testId: "group-invite-pending" }}
    />
  );
}
