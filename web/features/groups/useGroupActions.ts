import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { toast } from "../../ui/toast";
import type { ChatListItem, ParticipantType } from "../../../contract";
import { api } from "../../app/api/client";
import { patchChatInList, removeChatFromList, revalidateChat } from "../../app/realtime/chatListCache";
import { groupGoneToastId } from "../../app/realtime/toastIds";
import { clearSelection, getSelection } from "../../app/session/selection";
import { withLanguage } from "../../i18n/language";
import { useLang } from "../../i18n/useLang";
import { errorMessage, isLastAgentGroupError } from "./groupErrors";

const groupPath = (chatId: string) => `/api/group-chats/${encodeURIComponent(chatId)}`;

/**
 * The owner's and members' group actions with the spec's toasts (spec 02 §8). Each resolves true
 * on success so dialogs know whether to close; errors are toasted here, never thrown.
 */
export function useGroupActions() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lang = useLang();

  /** After leaving or dissolving: the chat goes away and the user lands on the language root. */
  const leaveChatView = async (chatId: string) => {
    // Leave the chat before anything awaits, so the inbox's own group_remove finds it closed.
    if (getSelection().chatId === chatId) {
      clearSelection();
      navigate(withLanguage("/", lang), { replace: true });
    }
    await removeChatFromList(chatId);
  };

  const rename = async (chat: ChatListItem, name: string): Promise<boolean> => {
    try {
      const data = await api.put<{ chat: ChatListItem }>(groupPath(chat.id), { name }, { silent: true });
      await patchChatInList(chat.id, { name: data.chat?.name ?? name });
      void revalidateChat(chat.id);
      toast.success(t("groups.header.renamed"));
      return true;
    } catch (error) {
      toast.error(errorMessage(error) || t("groups.header.renameFailed"));
      return false;
    }
  };

  const removeMembers = async (chatId: string, ids: string[], type: ParticipantType): Promise<boolean> => {
    try {
      await api.delete(`${groupPath(chatId)}/participants`, { data: { participantIds: ids, participantType: type }, silent: true });
      void revalidateChat(chatId);
      toast.success(t("groups.members.removed"));
      return true;
    } catch (error) {
      toast.error(errorMessage(error) || t("groups.members.removeFailed"));
      return false;
    }
  };

  const addMembers = async (chatId: string, byType: Partial<Record<ParticipantType, string[]>>): Promise<boolean> => {
    try {
      for (const [type, ids] of Object.entries(byType) as [ParticipantType, string[]][]) {
        if (ids.length) await api.post(`${groupPath(chatId)}/participants`, { participantIds: ids, participantType: type }, { silent: true });
      }
      void revalidateChat(chatId);
      toast.success(t("groups.add.added"));
      return true;
    } catch (error) {
      const reason = errorMessage(error);
      toast.error(reason ? `${t("groups.add.updateFailed")} ${reason}` : t("groups.add.addFailed"));
      void revalidateChat(chatId);
      return false;
    }
  };

  const leave = async (chatId: string): Promise<boolean> => {
    try {
      await api.post(`${groupPath(chatId)}/leave`, {}, { silent: true });
      toast.success(t("inbox.left"), { id: groupGoneToastId(chatId) });
      await leaveChatView(chatId);
      return true;
    } catch (error) {
      toast.error(errorMessage(error) || t("groups.members.leaveFailed"));
      return false;
    }
  };

  const dissolve = async (chatId: string): Promise<boolean> => {
    try {
      await api.delete(groupPath(chatId), { silent: true });
      toast.success(t("groups.members.dissolved"), { id: groupGoneToastId(chatId) });
      await leaveChatView(chatId);
      return true;
    } catch (error) {
      if (isLastAgentGroupError(error)) toast.error(t("groups.members.lastAgentGroup"));
      else toast.error(errorMessage(error) || t("groups.members.dissolveFailed"));
      return false;
    }
  };

  return { rename, removeMembers, addMembers, leave, dissolve };
}
