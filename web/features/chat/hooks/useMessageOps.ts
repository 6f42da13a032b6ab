import { useCallback, useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../../ui/toast";
import type { LikeState, ReactionSummary } from "../../../../contract";
import { buildUrl, request } from "../../../app/api/client";
import { copyText } from "../model/clipboard";
import { REACTION_REREAD_MS } from "../model/reactions";
import type { StreamsAction } from "../model/streamsReducer";
import type { UiMessage } from "../model/types";

/** Reactions, likes and copy for the messages of one chat. */
export function useMessageOps(chatId: string, dispatch: (action: StreamsAction) => void) {
  const { t } = useTranslation();
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const messageUrl = useCallback((id: string, action: string) => buildUrl(`/api/messages/${encodeURIComponent(id)}/${action}`, { chatId }), [chatId]);

  const rereadReactions = useCallback(
    (id: string) => {
      const timer = setTimeout(() => {
        timers.current.delete(timer);
        request<{ reactions: ReactionSummary[] }>(messageUrl(id, "reactions"), { silent: true }).then(
          (data) => dispatch({ type: "reactions", id, reactions: data.reactions }),
          (error: unknown) => console.warn("[chat] re-reading reactions failed", error),
        );
      }, REACTION_REREAD_MS);
      timers.current.add(timer);
    },
    [dispatch, messageUrl],
  );

  /** One reaction per user: the same emoji removes it, another replaces it (the server decides). */
  const react = useCallback(
    async (message: UiMessage, emoji: string) => {
      try {
        const data = await request<{ outcome: string; reactions: ReactionSummary[] }>(messageUrl(message.id, "reactions"), {
          method: "POST",
          data: { emoji },
          silent: true,
        });
        dispatch({ type: "reactions", id: message.id, reactions: data.reactions });
      } catch (error) {
        // Spec 02 §8: a failed reaction toggle is only logged.
        console.error("[chat] reaction toggle failed", error);
      }
      rereadReactions(message.id);
    },
    [dispatch, messageUrl, rereadReactions],
  );

  const like = useCallback(
    async (message: UiMessage) => {
      try {
        const state = await request<LikeState>(messageUrl(message.id, "like"), { method: "POST", data: {} });
        dispatch({ type: "likes", id: message.id, likes: state });
      } catch {
        // The client showed the server's message.
      }
    },
    [dispatch, messageUrl],
  );

  const dislike = useCallback(
    async (message: UiMessage, reason: string, detailedReason: string) => {
      try {
        const state = await request<LikeState>(messageUrl(message.id, "dislike"), { method: "POST", data: { reason, detailedReason } });
        dispatch({ type: "likes", id: message.id, likes: state });
        return true;
      } catch {
        return false;
      }
    },
    [dispatch, messageUrl],
  );

  const copy = useCallback(
    async (message: UiMessage) => {
      if (await copyText(message.content)) toast.success(t("chat.actions.copied"), { id: "chat-copy" });
      else toast.error(t("chat.actions.copyFailed"), { id: "chat-copy" });
    },
    [t],
  );

  return useMemo(() => ({ react, like, dislike, copy }), [react, like, dislike, copy]);
}
