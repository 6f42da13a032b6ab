import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../../ui/toast";
import { mutate } from "swr";
import type { Commit } from "../../../../contract";
import { ApiError } from "../../../app/api/client";
import { useLang } from "../../../i18n/useLang";
import { Button } from "../../../ui/Button";
import { formatDate } from "../../../ui/format";
import { LoadState } from "../../../ui/LoadState";
import { WORKSPACE_KEYS, useCommits, workspaceApi } from "../api";
import { ConfirmModal } from "../layout/WorkspaceModal";
import { viewer } from "../layout/viewerBridge";
import { messagePreview, shortHash } from "./gitModel";

function commitTime(date: string, lang: "en" | "zh"): string {
  const parsed = new Date(date);
  if (Number.isNaN(parsed.getTime())) return date;
  return `${formatDate(parsed, lang)} ${parsed.toLocaleTimeString(lang === "zh" ? "zh-CN" : "en-US", { hour: "2-digit", minute: "2-digit" })}`;
}

/** Commit History: hash (8), message (50), author, date; checkout discards uncommitted changes after a confirmation. */
export function CommitHistory({ projectId, canEdit, onCheckedOut }: { projectId: string; canEdit: boolean; onCheckedOut: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { data, error, isLoading, mutate: reload } = useCommits(projectId);
  const [target, setTarget] = useState<Commit | null>(null);
  const [switching, setSwitching] = useState(false);
  const commits = data?.commits ?? [];

  const checkout = async () => {
    if (!target) return;
    setSwitching(true);
    try {
      await workspaceApi.checkout(projectId, target.hash);
      toast.success(t("workspace.git.switched", { hash: shortHash(target.hash) }));
      viewer.refresh(projectId);
      onCheckedOut();
      void mutate(WORKSPACE_KEYS.gitStatus(projectId));
      void reload();
      setTarget(null);
    } catch (failure) {
      const message =
        failure instanceof ApiError && failure.kind !== "network" && failure.message
          ? t("workspace.git.switchFailed", { error: failure.message })
          : t("workspace.git.networkError");
      toast.error(message);
    } finally {
      setSwitching(false);
    }
  };

  return (
    <div className="ws-history" data-testid="commit-history">
      <LoadState loading={isLoading} failed={!!error && !data} failedText={t("workspace.git.commitsFailed")} onRetry={() => void reload()} />
      {data && commits.length === 0 && <p className="empty-state">{t("workspace.git.noCommits")}</p>}
      <ul className="ws-history__list">
        {commits.map((commit) => (
          <li key={commit.hash} className="ws-history__row" data-testid={`commit-row-${shortHash(commit.hash)}`}>
            <div className="ws-history__text">
              <span className="ws-history__message" title={commit.message}>
                <code className="ws-history__hash">{shortHash(commit.hash)}</code> {messagePreview(commit.message)}
              </span>
              <span className="muted ws-history__meta">
                {commit.author} · {commitTime(commit.date, lang)}
              </span>
            </div>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => setTarget(commit)}
              disabled={switching || !canEdit}
              title={canEdit ? undefined : t("workspace.git.noPermission")}
              data-testid={`commit-checkout-${shortHash(commit.hash)}`}
            >
              {t("workspace.git.checkout")}
            </Button>
          </li>
        ))}
      </ul>
      <ConfirmModal
        open={target !== null}
        title={t("workspace.git.checkoutTitle", { hash: target ? shortHash(target.hash) : "" })}
        body={t("workspace.git.checkoutBody")}
        confirmText={switching ? t("workspace.git.switching") : t("workspace.git.checkoutConfirm")}
        busy={switching}
        onConfirm={() => void checkout()}
        onCancel={() => setTarget(null)}
        testId="checkout-confirm"
      />
    </div>
  );
}
