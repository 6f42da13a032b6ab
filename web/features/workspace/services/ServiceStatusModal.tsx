import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../../ui/toast";
import type { ServiceDomain } from "../../../../contract";
import { ApiError } from "../../../app/api/client";
import { Button } from "../../../ui/Button";
import { Spinner } from "../../../ui/Spinner";
import { workspaceApi } from "../api";
import { useWorkspace } from "../layout/WorkspaceContext";
import { ConfirmModal, WorkspaceModal } from "../layout/WorkspaceModal";
import { isRestarting } from "./restartMachine";
import { errorTone, summarize } from "./serviceModel";
import { ServiceTable } from "./ServiceTable";
import { useDomainsHealth } from "./useDomainsHealth";
import { useRestartVm } from "./useRestartVm";

interface ServiceStatusModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Service Status (spec 03 §2.5): the services of the owner's VM, kill, restart, refresh. */
export function ServiceStatusModal({ open, onOpenChange }: ServiceStatusModalProps) {
  const { t } = useTranslation();
  const { project, config, ownerId, ownerName } = useWorkspace();
  const projectId = project?.id ?? null;
  const health = useDomainsHealth(projectId, ownerId, open);
  const restart = useRestartVm(projectId, health.reload);
  const [confirm, setConfirm] = useState<{ kind: "kill"; domain: ServiceDomain } | { kind: "restart" } | null>(null);
  const [killingPort, setKillingPort] = useState<number | null>(null);
  const canKill = !!config?.permissions.canKill;
  const canRestart = !!config?.permissions.canRestart;
  const restarting = isRestarting(restart.state);

  const kill = async (domain: ServiceDomain) => {
    setConfirm(null);
    if (!projectId) return;
    if (health.sandboxStatus && health.sandboxStatus !== "active" && health.sandboxStatus !== "idle") {
      toast.error(t("workspace.services.killBlocked", { status: health.sandboxStatus }));
      return;
    }
    setKillingPort(domain.port);
    try {
      const answer = await workspaceApi.kill(projectId, domain.port, ownerId);
      const failed = answer.data?.failed_processes?.[0];
      if (!answer.success || failed) toast.error(t("workspace.services.killFailed", { error: failed?.error ?? "" }));
      else toast.success(t("workspace.services.killed", { port: domain.port }));
    } catch (error) {
      const message = error instanceof ApiError ? error.message : "";
      // During maintenance the server answers 'Cannot kill process: VM is {status}' (spec 03 §8).
      const blocked = /^Cannot kill process: VM is (\w+)/.exec(message)?.[1];
      toast.error(blocked ? t("workspace.services.killBlocked", { status: blocked }) : t("workspace.services.killFailed", { error: message }));
    } finally {
      setKillingPort(null);
      void health.reload();
    }
  };

  const summary = health.domains ? summarize(health.domains) : null;
  const phase = restart.state.phase;
  const phaseText =
    phase === "initiating" || phase === "restarting" || phase === "recovering" || phase === "completed" ? t(`workspace.services.phases.${phase}`) : null;

  return (
    <WorkspaceModal
      open={open}
      onOpenChange={onOpenChange}
      className="ws-service-modal"
      testId="service-status-modal"
      title={
        <>
          {t("workspace.services.title")} {ownerName && <span className="ws-owner">{t("workspace.services.ownedBy", { name: ownerName })}</span>}
        </>
      }
      footer={
        <>
          {phaseText && (
            <span className={`ws-phase${restarting ? " ws-phase--busy" : ""}`} role="status" data-testid="restart-phase">
              {restarting && <Spinner size={14} />} {phaseText}
            </span>
          )}
          <Button
            variant="danger"
            onClick={() => setConfirm({ kind: "restart" })}
            disabled={!canRestart || restarting}
            busy={restarting}
            title={canRestart ? undefined : t("workspace.services.restartDenied")}
            data-testid="service-restart"
          >
            {t("workspace.services.restart")}
          </Button>
          <Button variant="secondary" onClick={() => void health.reload()} disabled={health.loading} data-testid="service-refresh">
            {t("workspace.services.refresh")}
          </Button>
          <Button variant="ghost" onClick={() => onOpenChange(false)} data-testid="service-close">
            {t("common.close")}
          </Button>
        </>
      }
    >
      {health.loading && !health.domains && (
        <p className="muted" role="status" data-testid="service-loading">
          <Spinner size={14} /> {t("workspace.services.loading")}
        </p>
      )}
      {health.error && (
        <div className={`ws-banner ws-banner--${errorTone(health.error) === "transient" ? "warning" : "error"}`} role="alert" data-testid="service-error">
          {errorTone(health.error) === "transient" && <Spinner size={14} />}
          <span className="ws-banner__text">{health.error}</span>
          <Button size="sm" variant="secondary" onClick={() => void health.reload()}>
            {t("common.retry")}
          </Button>
        </div>
      )}
      {health.domains && health.domains.length === 0 && <p className="empty-state">{t("workspace.services.empty")}</p>}
      {health.domains && health.domains.length > 0 && (
        <ServiceTable domains={health.domains} canKill={canKill} killingPort={killingPort} onKill={(domain) => setConfirm({ kind: "kill", domain })} />
      )}
      {summary && (
        <p className="muted ws-summary" data-testid="service-summary">
          {t("workspace.services.summary", { ...summary })}
        </p>
      )}
      <ConfirmModal
        open={confirm !== null}
        title={confirm?.kind === "kill" ? t("workspace.services.killTitle", { port: confirm.domain.port }) : t("workspace.services.restartTitle")}
        body={confirm?.kind === "kill" ? t("workspace.services.killBody") : t("workspace.services.restartBody")}
        confirmText={confirm?.kind === "kill" ? t("workspace.services.kill") : t("workspace.services.restart")}
        onConfirm={() => {
          if (confirm?.kind === "kill") void kill(confirm.domain);
          else {
            setConfirm(null);
            void restart.start();
          }
        }}
        onCancel={() => setConfirm(null)}
        testId={confirm?.kind === "kill" ? "kill-confirm" : "restart-confirm"}
      />
    </WorkspaceModal>
  );
}
