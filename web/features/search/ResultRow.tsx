import { useTranslation } from "react-i18next";
import type { SearchResult } from "../../../contract";
import { Avatar } from "../../ui/Avatar";
import { formatMessageTime } from "../../ui/format";
import { sanitizeHighlight } from "./sanitize";

/** Highlighted text from the server, rendered as HTML only after the client's own sanitizer; plain text otherwise. */
function Highlighted({ html, text, className }: { html: string; text: string; className: string }) {
  if (!html) return <span className={className}>{text}</span>;
  return <span className={className} dangerouslySetInnerHTML={{ __html: sanitizeHighlight(html) }} />;
}

function detailOf(result: SearchResult, t: ReturnType<typeof useTranslation>["t"]): string | null {
  if (result.type === "contact") return result.metadata.role || result.metadata.email || null;
  if (result.type === "group") {
    const count = result.metadata.participantCount ?? result.participants;
    return count ? t("search.members", { count }) : null;
  }
  return null;
}

interface ResultRowProps {
  result: SearchResult;
  id: string;
  active: boolean;
  /** The All tab mixes kinds, so each row names its kind. */
  showType: boolean;
  onOpen: () => void;
  onHover: () => void;
}

/** One hit: avatar, highlighted name, time, and the highlighted matching text. */
export function ResultRow({ result, id, active, showType, onOpen, onHover }: ResultRowProps) {
  const { t, i18n } = useTranslation();
  const sender = result.type === "message" ? result.metadata.senderName : undefined;
  const detail = detailOf(result, t);
  return (
    <li
      id={id}
      role="option"
      aria-selected={active}
      className={`search-result${active ? " search-result--active" : ""}`}
      data-testid={`search-result-${result.type}-${result.id}`}
      onClick={onOpen}
      onMouseMove={onHover}
    >
      <Avatar name={sender || result.name || "?"} image={result.avatarUrl} size={32} />
      <div className="search-result__main">
        <div className="search-result__top">
          <Highlighted className="search-result__name" html={result.highlightedName} text={result.name} />
          {showType && <span className="search-result__type">{t(`search.types.${result.type}`)}</span>}
          {result.lastMessageTime && (
            <time className="search-result__time" dateTime={result.lastMessageTime}>
              {formatMessageTime(result.lastMessageTime, i18n.language)}
            </time>
          )}
        </div>
        {(result.content || result.highlightedContent || sender || detail) && (
          <div className="search-result__text">
            {sender && <span className="search-result__sender">{sender}: </span>}
            {result.content || result.highlightedContent ? (
              <Highlighted className="search-result__content" html={result.highlightedContent} text={result.content} />
            ) : (
              detail && <span className="search-result__content">{detail}</span>
            )}
          </div>
        )}
      </div>
    </li>
  );
}
