import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { useTranslation } from "react-i18next";
import { REACTION_EMOJIS } from "../../../../contract";
import { myReaction } from "../model/reactions";
import type { UiMessage } from "../model/types";
import { useMessageActions } from "./messageContext";
import { CopyIcon, ForwardIcon, MoreIcon, RefreshIcon, RegenerateIcon, ReplyIcon, ThumbDownIcon, ThumbUpIcon } from "../../../ui/icons";

/** The hover and focus toolbar of a message: Reply, Copy, Forward, like, dislike, regenerate and refresh (agent replies), More (reactions, select). */
export function MessageActions({ message }: { message: UiMessage }) {
  const { t } = useTranslation();
  const actions = useMessageActions();
  const id = message.id;
  const mine = myReaction(message.reactions, actions.me.id);
  return (
    <div className="msg-actions" role="toolbar" aria-label={t("chat.actions.label")}>
      <button
        type="button"
        className="msg-actions__btn"
        data-testid={`msg-action-reply-${id}`}
        aria-label={t("chat.actions.reply")}
        title={t("chat.actions.reply")}
        onClick={() => actions.reply(message)}
      >
        <ReplyIcon />
      </button>
      <button
        type="button"
        className="msg-actions__btn"
        data-testid={`msg-action-copy-${id}`}
        aria-label={t("chat.actions.copy")}
        title={t("chat.actions.copy")}
        onClick={() => actions.copy(message)}
      >
        <CopyIcon />
      </button>
      <button
        type="button"
        className="msg-actions__btn"
        data-testid={`msg-action-forward-${id}`}
        aria-label={t("chat.actions.forward")}
        title={t("chat.actions.forward")}
        onClick={() => actions.forward(message)}
      >
        <ForwardIcon />
      </button>
      <button
        type="button"
        className="msg-actions__btn"
        data-testid={`like-${id}`}
        aria-pressed={message.likes.userLiked}
        aria-label={t("chat.actions.like")}
        title={t("chat.actions.like")}
        onClick={() => actions.like(message)}
      >
        <ThumbUpIcon />
      </button>
      <button
        type="button"
        className="msg-actions__btn"
        data-testid={`dislike-${id}`}
        aria-pressed={message.likes.userDisliked}
        aria-label={t("chat.actions.dislike")}
        title={t("chat.actions.dislike")}
        onClick={() => actions.dislike(message)}
      >
        <ThumbDownIcon />
      </button>
      {message.messageType === "ai_response" && actions.replies && (
        <>
          {actions.replies.canRegenerate(message) && (
            <button
              type="button"
              className="msg-actions__btn"
              data-testid={`msg-action-regenerate-${id}`}
              aria-label={t("agent.actions.regenerate")}
              title={t("agent.actions.regenerate")}
              onClick={() => actions.replies?.regenerate(message)}
            >
              <RegenerateIcon />
            </button>
          )}
          <button
            type="button"
            className="msg-actions__btn"
            data-testid={`msg-action-refresh-${id}`}
            aria-label={t("agent.actions.refresh")}
            title={t("agent.actions.refresh")}
            onClick={() => actions.replies?.refresh(message)}
          >
            <RefreshIcon />
          </button>
        </>
      )}
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger asChild>
          <button
            type="button"
            className="msg-actions__btn"
            data-testid={`msg-action-more-${id}`}
            aria-label={t("chat.actions.more")}
            title={t("chat.actions.more")}
          >
            <MoreIcon />
          </button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className="menu msg-menu" align="end" sideOffset={4}>
            <DropdownMenu.Label className="menu__label">{t("chat.reactions.picker")}</DropdownMenu.Label>
            <DropdownMenu.Group className="reaction-picker" data-testid={`reaction-picker-${id}`} aria-label={t("chat.reactions.picker")}>
              {REACTION_EMOJIS.map((emoji) => (
                <DropdownMenu.Item
                  key={emoji}
                  className="reaction-picker__option"
                  data-testid={`reaction-option-${emoji}`}
                  data-chosen={mine === emoji || undefined}
                  onSelect={() => actions.react(message, emoji)}
                >
                  {emoji}
                </DropdownMenu.Item>
              ))}
            </DropdownMenu.Group>
            <DropdownMenu.Separator className="menu__separator" />
            <DropdownMenu.Item className="menu__item" onSelect={() => actions.startSelection(message)}>
              {t("chat.actions.select")}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </div>
  );
}
