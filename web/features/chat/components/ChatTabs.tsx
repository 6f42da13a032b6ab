import { useRef, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { countBadge } from "../../../ui/countBadge";
import type { StreamKey } from "../model/types";

const LABEL_KEY = { agent: "chat.tabs.agent", askOnly: "chat.tabs.askOnly", discuss: "chat.tabs.discuss", human: "chat.tabs.discuss" } as const;

interface ChatTabsProps {
  streams: readonly StreamKey[];
  active: StreamKey;
  onChange: (stream: StreamKey) => void;
  badge: (stream: StreamKey) => number;
}

/** 'Team Agent' / 'My Agent' / 'Discussion' (spec 02 §2.6), an ARIA tablist with arrow keys. */
export function ChatTabs({ streams, active, onChange, badge }: ChatTabsProps) {
  const { t } = useTranslation();
  const refs = useRef(new Map<StreamKey, HTMLButtonElement>());
  const onKeyDown = (event: KeyboardEvent) => {
    const index = streams.indexOf(active);
    let next = -1;
    if (event.key === "ArrowRight") next = (index + 1) % streams.length;
    else if (event.key === "ArrowLeft") next = (index - 1 + streams.length) % streams.length;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = streams.length - 1;
    if (next < 0) return;
    event.preventDefault();
    const stream = streams[next]!;
    onChange(stream);
    refs.current.get(stream)?.focus();
  };
  return (
    <div className="chat-tabs" role="tablist" aria-label={t("chat.tabs.label")} onKeyDown={onKeyDown}>
      {streams.map((stream) => {
        const count = badge(stream);
        const selected = stream === active;
        return (
          <button
            key={stream}
            ref={(el) => {
              if (el) refs.current.set(stream, el);
              else refs.current.delete(stream);
            }}
            type="button"
            role="tab"
            id={`chat-tab-${stream}`}
            aria-selected={selected}
            aria-controls="chat-stream-panel"
            tabIndex={selected ? 0 : -1}
            className="chat-tabs__tab"
            data-testid={`chat-tab-${stream}`}
            onClick={() => onChange(stream)}
          >
            {t(LABEL_KEY[stream])}
            {count > 0 && (
              <span className="chat-tabs__badge" data-testid={`chat-tab-badge-${stream}`} aria-label={t("chat.tabs.unread", { count })}>
                {countBadge(count)}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
