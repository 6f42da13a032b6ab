import type { TFunction } from "i18next";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { DomainsHealth, SandboxStatus, ServiceDomain } from "../../../../contract";
import { ApiError } from "../../../app/api/client";
import { workspaceApi } from "../api";

export interface HealthState {
  domains: ServiceDomain[] | null;
  loading: boolean;
  error: string | null;
  /** Set when the host reports maintenance (the VM is upgrading, restarting, ...). */
  sandboxStatus: SandboxStatus | null;
}

/** Turns an answer or a failure into the spec's texts (spec 03 §8 "Service status"). */
export function healthError(t: TFunction, answer: DomainsHealth | null, failure: unknown): { error: string; status: SandboxStatus | null } {
  if (answer) {
    const status = answer.data?.status ?? null;
    if (answer.data?.error_code === "SANDBOX_UNDER_MAINTENANCE") return { error: t("workspace.services.maintenance", { status: status ?? "" }), status };
    return { error: answer.error || t("workspace.services.fetchFailed", { code: 200 }), status };
  }
  if (failure instanceof ApiError && failure.kind === "http") {
    // The Worker's own wording of this failure is translated; other server texts are shown as they are.
    const code = /^Failed to fetch domain health status \((\d+)\)/.exec(failure.message)?.[1];
    return { error: !failure.message || code ? t("workspace.services.fetchFailed", { code: code ?? failure.status }) : failure.message, status: null };
  }
  if (failure instanceof ApiError && failure.message) return { error: failure.message, status: null };
  return { error: t("workspace.services.fetchFailed", { code: 0 }), status: null };
}

/** `GET /api/sandbox/domains-health` for a project's owner, loaded while `enabled`. */
export function useDomainsHealth(projectId: string | null, ownerId: string | null, enabled: boolean) {
  const { t } = useTranslation();
  const [state, setState] = useState<HealthState>({ domains: null, loading: false, error: null, sandboxStatus: null });
  const generation = useRef(0);

  /** Resolves true when the host answered with its services (used by the restart poll). */
  const load = useCallback(
    async (quiet = false): Promise<boolean> => {
      if (!projectId) {
        setState({ domains: null, loading: false, error: t("workspace.services.noProject"), sandboxStatus: null });
        return false;
      }
      if (!ownerId) {
        setState({ domains: null, loading: false, error: t("workspace.services.noOwner"), sandboxStatus: null });
        return false;
      }
      const run = ++generation.current;
      if (!quiet) setState((s) => ({ ...s, loading: true, error: null }));
      let answer: DomainsHealth | null = null;
      let failure: unknown = null;
      try {
        answer = await workspaceApi.domainsHealth(ownerId, projectId);
      } catch (error) {
        failure = error;
      }
      if (run !== generation.current) return false;
      if (answer?.success) {
        setState({ domains: answer.data.app_domains ?? [], loading: false, error: null, sandboxStatus: answer.data.status ?? null });
        return true;
      }
      if (!quiet) {
        const { error, status } = healthError(t, answer, failure);
        setState({ domains: null, loading: false, error, sandboxStatus: status });
      }
      return false;
    },
    [projectId, ownerId, t],
  );

  useEffect(() => {
    if (enabled) void load();
  }, [enabled, load]);

  return { ...state, reload: load };
}
