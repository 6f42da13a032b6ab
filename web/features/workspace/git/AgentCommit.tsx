import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../../ui/toast";
import type { GitStatus } from "../../../../contract";
import { useAgentSender } from "../../../app/agentSender";
import { useWorkspaceReady } from "../../../app/workspaceReady";
import { Button } from "../../../ui/Button";
import { useWorkspace } from "../layout/WorkspaceContext";
import { agentCommitCommand } from "./gitModel";

/**
 * The commit dialog's primary action (spec 03 §4 "Git"): the coding agent commits. It sends 'git
 * commit', or 'git commit & git push' when the project has a remote, to the agent stream of the
 * project's chat as the user's own request, so the run shows in the chat like any other.
 */
export function AgentCommit({ status, onSent }: { status: GitStatus; onSent: () => void }) {
  const { t } = useTranslation();
  const { chatId, project } = useWorkspace();
  const sender = useAgentSender(project?.chatId ?? chatId);
  const readiness = useWorkspaceReady(project?.id ?? null);
  const [sending, setSending] = useState(false);
  const command = agentCommitCommand(status);

  // Only the controller drives the agent; anyone else's text would become a control request.
  let blocked: string | null = null;
  if (!sender) blocked = t("workspace.git.chatNotConnected");
  else if (!sender.canDrive) blocked = t("workspace.git.askAgentDenied");
  else if (!readiness.ready && readiness.reason) blocked = t(`workspace.sandboxState.${readiness.reason}`);
  else if (status.files.length === 0 && !status.hasRemote) blocked = t("workspace.git.nothingToCommit");

  const ask = async () => {
    if (blocked || !sender || sending) return;
    setSending(true);
    try {
      // The chat reports its own refusals (busy agent, lost control); the dialog stays open then.
      if (await sender.send(command)) {
        toast.success(t("workspace.git.askedAgent", { command }));
        onSent();
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="ws-commit-agent">
      <p className="muted ws-commit-agent__hint">{t("workspace.git.askAgentHint", { command })}</p>
      {/* aria-disabled, not disabled: the reason stays readable on hover and focus. */}
      <Button
        onClick={() => void ask()}
        busy={sending}
        aria-disabled={blocked ? true : undefined}
        title={blocked ?? undefined}
        aria-description={blocked ?? undefined}
        data-testid="commit-agent"
      >
        {status.hasRemote ? t("workspace.git.askAgentPush") : t("workspace.git.askAgent")}
      </Button>
      {blocked && (
        <p className="muted ws-commit-agent__reason" data-testid="commit-agent-blocked">
          {blocked}
        </p>
      )}
    </div>
  );
}
