import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../../ui/toast";
import { mutate } from "swr";
import type { ChatListItem } from "../../../../contract";
import { ApiError, api } from "../../../app/api/client";
import { addChatToList, chatKey, revalidateChatList } from "../../../app/realtime/chatListCache";
import { selectChat } from "../../../app/session/selection";
import { WORKSPACE_KEYS, workspaceApi, type CreateProjectInput } from "../api";
import { classifyCreateError } from "./projectRules";
import { gitlabErrorKey } from "./gitlabModel";

/** What the full-screen overlay says while a project is created or imported (spec 03 §2.8). */
export type CreationKind = "create" | "gitlab" | "github";

/** Puts the new chat in the list; if it cannot be fetched, the whole list reloads (spec 03 §4). */
async function showNewChat(chatId: string): Promise<void> {
  try {
    const chat = await api.get<ChatListItem>(chatKey(chatId), undefined, { silent: true });
    await mutate(chatKey(chatId), chat, { revalidate: false });
    await addChatToList(chat);
  } catch {
    await revalidateChatList();
  }
}

/**
 * Creation and import share one flow: overlay, call, success toast, then the new project and its
 * chat are selected (the selection puts the chat id in the URL). Resolves true on success.
 */
export function useCreateProject() {
  const { t } = useTranslation();
  const [running, setRunning] = useState<CreationKind | null>(null);

  const run = async (kind: CreationKind, body: CreateProjectInput): Promise<boolean> => {
    setRunning(kind);
    try {
      const answer = await workspaceApi.createProject(body);
      const name = answer.project?.name ?? body.name;
      toast.success(kind === "create" ? t("workspace.create.created", { name }) : t("workspace.create.imported", { name }));
      void mutate(WORKSPACE_KEYS.projects);
      const chatId = answer.chatId ?? answer.project?.chatId;
      if (chatId) {
        await showNewChat(chatId);
        selectChat(chatId, answer.project?.id ?? null);
      }
      return true;
    } catch (error) {
      const message = error instanceof ApiError ? error.message : "";
      const failure = classifyCreateError(message);
      if (failure === "noCodingAgent") toast.error(t("workspace.create.noCodingAgent"), { duration: 8000 });
      else if (failure === "selectOrganization") toast.error(t("workspace.create.selectOrganization"));
      else {
        const title =
          kind === "create" ? t("workspace.create.failed") : kind === "github" ? t("workspace.github.createFailed") : t("workspace.create.importFailed");
        const known = gitlabErrorKey(message);
        const description = known ? t(`workspace.gitlab.${known}`) : message;
        toast.error(title, description && message !== title ? { description } : undefined);
      }
      return false;
    } finally {
      setRunning(null);
    }
  };

  return { running, run };
}
