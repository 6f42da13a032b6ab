import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../../ui/toast";
import { ApiError, request } from "../../../app/api/client";
import { Avatar } from "../../../ui/Avatar";
import { Button } from "../../../ui/Button";
import { LoadState } from "../../../ui/LoadState";
import { Modal } from "../../../ui/Modal";
import { useForwardRecipients } from "../hooks/useForwardRecipients";
import { filterRecipients, forwardBody, forwardSummary, type ForwardRecipient } from "../model/forward";
import { senderName } from "../model/messageFrame";
import type { UiMessage } from "../model/types";

interface ForwardDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  chatId: string;
  messages: readonly UiMessage[];
  onForwarded: () => void;
}

function snippet(message: UiMessage, fallback: string): string {
  if (message.messageType === "merged_forward") return fallback;
  const text = message.content.replace(/\s+/g, " ").trim();
  return text || message.attachments.map((a) => a.fileName).join(", ");
}

function Section({
  title,
  items,
  chosen,
  toggle,
  badge,
}: {
  title: string;
  items: ForwardRecipient[];
  chosen: Map<string, ForwardRecipient>;
  toggle: (r: ForwardRecipient) => void;
  badge?: (r: ForwardRecipient) => string | null;
}) {
  if (items.length === 0) return null;
  return (
    <section className="forward__section">
      <h3 className="forward__section-title">
        {title} ({items.length})
      </h3>
      <ul className="forward__targets">
        {items.map((r) => (
          <li key={`${r.kind}:${r.id}`}>
            <label className="forward__target">
              <input type="checkbox" checked={chosen.has(r.id)} onChange={() => toggle(r)} data-testid={`forward-target-${r.id}`} />
              <Avatar name={r.name} image={r.avatarUrl} size={28} shape={r.kind === "group" ? "square" : "circle"} />
              <span className="forward__target-text">
                <span className="forward__target-name">{r.name}</span>
                {r.detail && <span className="forward__target-detail">{r.detail}</span>}
              </span>
              {badge?.(r) && <span className="tag">{badge(r)}</span>}
            </label>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Forward dialog (spec 02 §2.14): pick recipients, review the messages, forward. */
export function ForwardDialog({ open, onOpenChange, chatId, messages, onForwarded }: ForwardDialogProps) {
  const { t } = useTranslation();
  const { sections, loading, failed, retry } = useForwardRecipients(open);
  const [query, setQuery] = useState("");
  const [chosen, setChosen] = useState(() => new Map<string, ForwardRecipient>());
  const [busy, setBusy] = useState(false);

  const toggle = (r: ForwardRecipient) =>
    setChosen((current) => {
      const next = new Map(current);
      if (next.has(r.id)) next.delete(r.id);
      else next.set(r.id, r);
      return next;
    });

  const submit = async () => {
    if (chosen.size === 0 || busy) return;
    setBusy(true);
    const recipients = [...chosen.values()];
    try {
      await request("/api/forward-messages", {
        method: "POST",
        data: forwardBody(
          messages.map((m) => m.id),
          recipients,
          chatId,
        ),
        silent: true,
      });
      toast.success(t("chat.forward.success", { count: recipients.length }));
      setChosen(new Map());
      onForwarded();
    } catch (error) {
      const detail = error instanceof ApiError && error.kind !== "cancel" ? error.message : "";
      toast.error(t("chat.forward.failed"), detail ? { description: detail } : undefined);
    } finally {
      setBusy(false);
    }
  };

  const { shown, more } = forwardSummary(messages);
  const groups = filterRecipients(sections.groups, query);
  const vires = filterRecipients(sections.vires, query);
  const users = filterRecipients(sections.users, query);
  const none = !loading && !failed && groups.length + vires.length + users.length === 0;

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !busy && onOpenChange(next)}
      title={t("chat.forward.title", { count: messages.length })}
      size="lg"
      testId="forward-dialog"
      footer={
        <>
          <span className="forward__count muted">{t("chat.forward.selected", { count: chosen.size })}</span>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
            {t("chat.forward.cancel")}
          </Button>
          <Button onClick={() => void submit()} disabled={chosen.size === 0} busy={busy} data-testid="forward-submit">
            {busy ? t("chat.forward.submitting") : t("chat.forward.submit")}
          </Button>
        </>
      }
    >
      <div className="forward">
        <div className="forward__pick">
          <input
            className="field__input"
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={t("chat.forward.searchPlaceholder")}
            aria-label={t("chat.forward.search")}
            data-testid="forward-search"
          />
          <div className="forward__lists">
            <LoadState loading={loading} failed={failed} failedText={t("chat.forward.loadFailed")} onRetry={retry} />
            <Section title={t("chat.forward.groups")} items={groups} chosen={chosen} toggle={toggle} />
            <Section title={t("chat.forward.vires")} items={vires} chosen={chosen} toggle={toggle} />
            <Section
              title={t("chat.forward.humans")}
              items={users}
              chosen={chosen}
              toggle={toggle}
              badge={(r) => (r.isFriend ? t("chat.forward.friend") : t("chat.forward.sameOrg"))}
            />
            {none && <p className="muted forward__empty">{t("chat.forward.noResults")}</p>}
          </div>
        </div>
        <section className="forward__messages" aria-label={t("chat.forward.messages")}>
          <h3 className="forward__section-title">{t("chat.forward.messages")}</h3>
          <ul>
            {shown.map((m) => (
              <li key={m.id} className="forward__message">
                <span className="forward__message-sender">{senderName(m)}:</span>{" "}
                <span className="forward__message-text">{snippet(m, t("chat.history.card"))}</span>
              </li>
            ))}
          </ul>
          {more > 0 && <p className="muted small">{t("chat.forward.more", { count: more })}</p>}
        </section>
      </div>
    </Modal>
  );
}
