import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../../ui/toast";
import { mutate } from "swr";
import { APPROVAL_POLICIES, PROJECT_TEXTS, type ApprovalPolicy, type CodingProject } from "../../../../contract";
import { ApiError } from "../../../app/api/client";
import { useSession } from "../../../app/session/useSession";
import { WORKSPACE_KEYS, workspaceApi } from "../api";
import { DotIcon } from "../../../ui/icons";

const LABELS: Record<ApprovalPolicy, { label: "ask" | "autoEdits"; hint: "askHint" | "autoEditsHint" }> = {
  ask: { label: "ask", hint: "askHint" },
  auto_edits: { label: "autoEdits", hint: "autoEditsHint" },
};

function isPolicy(value: string): value is ApprovalPolicy {
  return (APPROVAL_POLICIES as readonly string[]).includes(value);
}

/** Saves the policy, showing it at once and putting the old one back if the server refuses. */
function useSavePolicy(project: CodingProject) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const key = WORKSPACE_KEYS.project(project.id);

  const save = async (policy: ApprovalPolicy) => {
    if (saving || policy === project.approvalPolicy) return;
    setSaving(true);
    const previous = project.approvalPolicy;
    const withPolicy = (value: ApprovalPolicy) => (cached: CodingProject | undefined) => (cached ? { ...cached, approvalPolicy: value } : cached);
    void mutate(key, withPolicy(policy), { revalidate: false });
    try {
      const answer = await workspaceApi.agentSettings(project.id, policy);
      void mutate(key, withPolicy(answer.approvalPolicy), { revalidate: false });
      toast.success(t("workspace.approvals.saved", { policy: t(`workspace.approvals.${LABELS[answer.approvalPolicy].label}`) }), { id: "agent-approvals" });
    } catch (failure) {
      void mutate(key, withPolicy(previous), { revalidate: false });
      const message = failure instanceof ApiError && failure.kind !== "network" ? failure.message : t("workspace.git.networkError");
      const reason = message === PROJECT_TEXTS.agentSettingsDenied ? t("workspace.approvals.ownerOnly") : message;
      toast.error(t("workspace.approvals.failed", { reason }), { id: "agent-approvals" });
    } finally {
      setSaving(false);
    }
  };
  return { save, saving };
}

/**
 * The project menu's 'Agent approvals' choice: ask before every risky tool, or let file edits
 * through. The project owner changes it; everyone else sees it read-only, with the reason.
 */
export function AgentApprovalItems({ project }: { project: CodingProject }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const isOwner = !!user && user.id === project.ownerId;
  const { save, saving } = useSavePolicy(project);
  const labelId = useId();

  return (
    <>
      <DropdownMenu.Label className="menu__label" id={labelId}>
        {t("workspace.approvals.title")}
      </DropdownMenu.Label>
      <DropdownMenu.RadioGroup
        value={project.approvalPolicy}
        onValueChange={(value) => isPolicy(value) && void save(value)}
        aria-labelledby={labelId}
        data-testid="agent-approvals"
      >
        {APPROVAL_POLICIES.map((policy) => (
          <DropdownMenu.RadioItem
            key={policy}
            value={policy}
            disabled={!isOwner || saving}
            className="menu__item ws-radio-item"
            // The menu stays open so the choice is seen taking effect.
            onSelect={(event) => event.preventDefault()}
            data-testid={`agent-approvals-${policy}`}
          >
            <span className="ws-radio-item__mark" aria-hidden>
              <DropdownMenu.ItemIndicator>
                <DotIcon size={8} fill="currentColor" />
              </DropdownMenu.ItemIndicator>
            </span>
            <span className="ws-radio-item__text">
              <span>{t(`workspace.approvals.${LABELS[policy].label}`)}</span>
              <span className="muted ws-radio-item__hint">{t(`workspace.approvals.${LABELS[policy].hint}`)}</span>
            </span>
          </DropdownMenu.RadioItem>
        ))}
      </DropdownMenu.RadioGroup>
      {!isOwner && (
        <p className="muted ws-radio-note" data-testid="agent-approvals-readonly">
          {t("workspace.approvals.ownerOnly")}
        </p>
      )}
    </>
  );
}
