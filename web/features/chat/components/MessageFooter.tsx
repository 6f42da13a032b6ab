import { useTranslation } from "react-i18next";
import { reactionNames, reactionTooltip } from "../model/reactions";
import type { UiMessage } from "../model/types";
import { useMessageActions } from "./messageContext";
import { ThumbDownIcon, ThumbUpIcon } from "../../../ui/icons";

/** Reaction chips (one per emoji, with counts and who reacted) and the like / dislike counts. */
export function MessageFooter({ message }: { message: UiMessage }) {
  const { t } = useTranslation();
  const actions = useMessageActions();
  const id = message.id;
  const { likes, dislikes, userLiked, userDisliked } = message.likes;
  if (message.reactions.length === 0 && likes === 0 && dislikes === 0) return null;
  return (
    <div className="msg-footer">
      {message.reactions.map((reaction) => {
        const mine = reaction.users.some((u) => u.id === actions.me.id);
        const names = reactionTooltip(reactionNames(reaction, t("chat.reactions.anonymous")), t);
        return (
          <button
            key={reaction.emoji}
            type="button"
            className="reaction-chip"
            data-testid={`reaction-chip-${id}-${reaction.emoji}`}
            aria-pressed={mine}
            title={names}
            aria-label={t("chat.reactions.chip", { emoji: reaction.emoji, count: reaction.count, names })}
            onClick={() => actions.react(message, reaction.emoji)}
          >
            <span aria-hidden>{reaction.emoji}</span>
            <span className="reaction-chip__count">{reaction.count}</span>
          </button>
        );
      })}
      {likes > 0 && (
        <span
          className={`msg-rating${userLiked ? " msg-rating--mine" : ""}`}
          data-testid={`like-count-${id}`}
          aria-label={t("chat.actions.likes", { count: likes })}
        >
          <ThumbUpIcon size={12} /> {likes}
        </span>
      )}
      {dislikes > 0 && (
        <span
          className={`msg-rating${userDisliked ? " msg-rating--mine" : ""}`}
          data-testid={`dislike-count-${id}`}
          aria-label={t("chat.actions.dislikes", { count: dislikes })}
        >
          <ThumbDownIcon size={12} /> {dislikes}
        </span>
      )}
    </div>
  );
}
