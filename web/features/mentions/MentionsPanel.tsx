import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Mention, MentionsAnswer } from "../../../contract";
import { Button } from "../../ui/Button";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { LoadState } from "../../ui/LoadState";
import { MentionItem } from "./MentionItem";
import { clearMentions, markMentionsRead, removeMention } from "./mentionsCache";

export interface MentionsPanelProps {
  data: MentionsAnswer | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  onOpen: (mention: Mention) => void;
}

/** The list inside the Mentions dialog (spec 03 §2.7): 'Mark all read', 'Clear all' after a confirmation, and the empty state. */
export function MentionsPanel({ data, loading, failed, onRetry, onOpen }: MentionsPanelProps) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState<"read" | "clear" | null>(null);
  const mentions = data?.mentions ?? [];

  // Failures were already shown by the shared client; the list stays as it was.
  const markAll = async () => {
    setBusy("read");
    await markMentionsRead().catch(() => {});
    setBusy(null);
  };
  const clearAll = async () => {
    setBusy("clear");
    const cleared = await clearMentions().then(
      () => true,
      () => false,
    );
    setBusy(null);
    if (cleared) setConfirming(false);
  };

  return (
    <div className="mnt-panel">
      {mentions.length > 0 && (
        <div className="mnt-panel__bar">
          <Button
            size="sm"
            variant="ghost"
            onClick={() => void markAll()}
            busy={busy === "read"}
            disabled={(data?.unread ?? 0) === 0}
            data-testid="mentions-mark-all-read"
          >
            {t("mentions.markAllRead")}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setConfirming(true)} disabled={busy !== null} data-testid="mentions-clear-all">
            {t("mentions.clearAll")}
          </Button>
        </div>
      )}
      <LoadState loading={loading && !data} failed={failed && !data} failedText={t("mentions.loadFailed")} onRetry={onRetry} />
      {data && mentions.length === 0 && (
        <p className="mnt-panel__empty" data-testid="mentions-empty">
          {t("mentions.empty")}
        </p>
      )}
      {mentions.length > 0 && (
        <ul className="mnt-list" aria-label={t("mentions.button")} data-testid="mentions-list">
          {mentions.map((m) => (
            <MentionItem key={m.id} mention={m} onOpen={onOpen} onRemove={(x) => void removeMention(x.id).catch(() => {})} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirming}
        title={t("mentions.clearTitle")}
        body={t("mentions.clearBody")}
        confirmText={t("mentions.clearAll")}
        workingText={t("mentions.clearing")}
        busy={busy === "clear"}
        onConfirm={() => void clearAll()}
        onCancel={() => setConfirming(false)}
        testIdPrefix="mentions-clear"
      />
    </div>
  );
}
