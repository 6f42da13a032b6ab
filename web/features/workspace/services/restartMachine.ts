import { RESTART_POLL } from "../../../../contract";

/**
 * Restart VM (spec 03 §4): initiating until the restart call succeeds, restarting, recovering
 * once 10 s have passed, completed at the first successful health fetch. Health is polled every
 * 5 s from the 10 s mark; after 120 s the restart times out.
 */
export type RestartPhase = "idle" | "initiating" | "restarting" | "recovering" | "completed" | "failed" | "timeout";

export interface RestartState {
  phase: RestartPhase;
  /** When the restart call succeeded; the clock for recovering, polling and the timeout. */
  restartedAt: number | null;
  lastPollAt: number | null;
  error: string | null;
}

export type RestartEvent =
  | { type: "start" }
  | { type: "restartAccepted"; now: number }
  | { type: "restartFailed"; error: string }
  | { type: "tick"; now: number }
  | { type: "polled"; now: number; healthy: boolean }
  | { type: "reset" };

export const IDLE_RESTART: RestartState = { phase: "idle", restartedAt: null, lastPollAt: null, error: null };

export function isRestarting(state: RestartState): boolean {
  return state.phase === "initiating" || state.phase === "restarting" || state.phase === "recovering";
}

export function restartReducer(state: RestartState, event: RestartEvent): RestartState {
  switch (event.type) {
    case "start":
      return isRestarting(state) ? state : { ...IDLE_RESTART, phase: "initiating" };
    case "restartAccepted":
      return state.phase === "initiating" ? { ...state, phase: "restarting", restartedAt: event.now } : state;
    case "restartFailed":
      return state.phase === "initiating" ? { ...state, phase: "failed", error: event.error } : state;
    case "tick": {
      if ((state.phase !== "restarting" && state.phase !== "recovering") || state.restartedAt === null) return state;
      const elapsed = event.now - state.restartedAt;
      if (elapsed >= RESTART_POLL.timeoutMs) return { ...state, phase: "timeout" };
      if (state.phase === "restarting" && elapsed >= RESTART_POLL.startAfterMs) return { ...state, phase: "recovering" };
      return state;
    }
    case "polled":
      if (!isRestarting(state) || state.phase === "initiating") return state;
      return event.healthy ? { ...state, phase: "completed", lastPollAt: event.now } : { ...state, lastPollAt: event.now };
    case "reset":
      return IDLE_RESTART;
  }
}

/** Whether a health poll is due at `now`. */
export function pollDue(state: RestartState, now: number): boolean {
  if ((state.phase !== "restarting" && state.phase !== "recovering") || state.restartedAt === null) return false;
  if (now - state.restartedAt < RESTART_POLL.startAfterMs) return false;
  return state.lastPollAt === null || now - state.lastPollAt >= RESTART_POLL.everyMs;
}
