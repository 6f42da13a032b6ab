import { useCallback, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../../../ui/toast";
import { AGENT_TEXTS, type ChatListItem } from "../../../../../contract";
import { request } from "../../../../app/api/client";
import type { StreamsAction } from "../../model/streamsReducer";
import type { StreamKey, UiMessage } from "../../model/types";
import { isLiveReply } from "../model/streaming";

export interface ReplyActions {
  canRegenerate: (message: UiMessage) => boolean;
  regenerate: (message: UiMessage) => void;
  refresh: (message: UiMessage) => void;
}

const messageUrl = (id: string, action: string) => `/api/messages/${encodeURIComponent(id)}/${action}`;

function reasonOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : "";
}

/**
 * Regenerate and refresh of agent replies (spec 02 §7, §8). Regenerating asks the agent again, so
 * it follows the send rules: the controller in the agent tab, the owner of an ask-only stream.
 */
export function useReplyActions(
  chat: ChatListItem,
  dispatch: (action: StreamsAction) => void,
  mayAsk: (stream: StreamKey) => boolean,
  started: (stream: StreamKey) => void,
): ReplyActions {
  const { t } = useTranslation();
  const unknown = t("chat.composer.unknownError");

  const canRegenerate = useCallback(
    (message: UiMessage) => message.messageType === "ai_response" && !isLiveReply(message) && mayAsk(message.chat_type === 2 ? "askOnly" : "agent"),
    [mayAsk],
  );

  const regenerate = useCallback(
    async (message: UiMessage) => {
      if (!message.replyToMessageId) {
        toast.error(t("agent.actions.originalMissing"));
        return;
      }
      const stream: StreamKey = message.chat_type === 2 ? "askOnly" : "agent";
      try {
        await request(messageUrl(message.id, "regenerate"), {
          method: "POST",
          silent: true,
          data: {
            originalMessageId: message.replyToMessageId,
            virtualEmployeeId: message.agent_id ?? message.virtualSender?.id ?? null,
            chatId: chat.id,
            chatType: message.chat_type,
          },
        });
        started(stream);
        toast.info(t("agent.actions.regenerating"), { id: `agent-regenerate:${message.id}` });
      } catch (error) {
        const reason = reasonOf(error);
        // The room's own text for an unknown original is shown as the spec words it.
        if (reason === "Cannot find the original message that triggered this response.") toast.error(t("agent.actions.originalMissing"));
        else toast.error(t("agent.actions.regenerateFailed", { error: reason === AGENT_TEXTS.busy ? t("agent.busy") : reason || unknown }));
      }
    },
    [chat.id, started, t, unknown],
  );

  const refresh = useCallback(
    async (message: UiMessage) => {
      try {
        const answer = await request<{ success?: boolean; newContent?: unknown }>(messageUrl(message.id, "refresh"), {
          method: "POST",
          data: {},
          silent: true,
        });
        if (typeof answer?.newContent !== "string") throw new Error(unknown);
        dispatch({ type: "replaceContent", messageId: message.id, content: answer.newContent });
        toast.success(t("agent.actions.refreshed"), { id: `agent-refresh:${message.id}` });
      } catch (error) {
        toast.error(t("agent.actions.refreshFailed", { error: reasonOf(error) || unknown }));
      }
    },
    [dispatch, t, unknown],
  );

  return useMemo(
    () => ({ canRegenerate, regenerate: (m: UiMessage) => void regenerate(m), refresh: (m: UiMessage) => void refresh(m) }),
    [canRegenerate, regenerate, refresh],
  );
}
