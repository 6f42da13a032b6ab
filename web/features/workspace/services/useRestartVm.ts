import { useEffect, useReducer, useRef } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../../ui/toast";
import { mutate } from "swr";
import { RESTART_POLL } from "../../../../contract";
import { ApiError } from "../../../app/api/client";
import { WORKSPACE_KEYS, workspaceApi } from "../api";
import { IDLE_RESTART, isRestarting, pollDue, restartReducer } from "./restartMachine";
import { minutesSeconds } from "./serviceModel";

const NO_SANDBOX = "No active sandbox found for this user";
const TICK_MS = 1000;

/**
 * Restart VM with its phases (spec 03 §4): the call, then a health poll every 5 s from the 10 s
 * mark until the first healthy answer, or the 120 s timeout.
 */
export function useRestartVm(projectId: string | null, pollHealth: (quiet: boolean) => Promise<boolean>) {
  const { t } = useTranslation();
  const [state, dispatch] = useReducer(restartReducer, IDLE_RESTART);
  const latest = useRef(state);
  latest.current = state;
  const polling = useRef(false);

  const start = async () => {
    if (!projectId || isRestarting(state)) return;
    dispatch({ type: "start" });
    try {
      // The server picks the owner's sandbox (current, else the last failed one) and says when there is none.
      await workspaceApi.restartVm(projectId);
      dispatch({ type: "restartAccepted", now: Date.now() });
      // The chat composer reads the sandbox state from the config: it pauses agent requests meanwhile.
      void mutate(WORKSPACE_KEYS.config(projectId));
    } catch (error) {
      const reason = error instanceof ApiError ? error.message : "";
      const text = reason === NO_SANDBOX ? t("workspace.services.noSandbox") : t("workspace.services.restartFailed", { reason });
      dispatch({ type: "restartFailed", error: text });
      toast.error(text);
    }
  };

  const waiting = state.phase === "restarting" || state.phase === "recovering";
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => {
      const now = Date.now();
      dispatch({ type: "tick", now });
      if (polling.current || !pollDue(latest.current, now)) return;
      polling.current = true;
      void pollHealth(true)
        .then((healthy) => dispatch({ type: "polled", now: Date.now(), healthy }))
        .finally(() => {
          polling.current = false;
        });
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [waiting, pollHealth]);

  useEffect(() => {
    if (state.phase === "timeout") toast.error(t("workspace.services.restartTimeout", minutesSeconds(RESTART_POLL.timeoutMs)), { duration: 10_000 });
    if (state.phase === "completed") {
      void pollHealth(false);
      if (projectId) void mutate(WORKSPACE_KEYS.config(projectId));
    }
  }, [state.phase, t, pollHealth, projectId]);

  return { state, start, reset: () => dispatch({ type: "reset" }) };
}
