import { describe, expect, it } from "vitest";
import {
  IDLE_RESTART,
  isRestarting,
  pollDue,
  restartReducer,
  type RestartEvent,
  type RestartState,
} from "../../../web/features/workspace/services/restartMachine";

const run = (events: RestartEvent[], from: RestartState = IDLE_RESTART) => events.reduce(restartReducer, from);
const T0 = 1_000_000;

describe("restart phases (spec 03 §4)", () => {
  it("goes initiating -> restarting -> recovering -> completed", () => {
    const initiating = run([{ type: "start" }]);
    expect(initiating.phase).toBe("initiating");
    const restarting = restartReducer(initiating, { type: "restartAccepted", now: T0 });
    expect(restarting.phase).toBe("restarting");
    expect(restartReducer(restarting, { type: "tick", now: T0 + 9_999 }).phase).toBe("restarting");
    const recovering = restartReducer(restarting, { type: "tick", now: T0 + 10_000 });
    expect(recovering.phase).toBe("recovering");
    expect(restartReducer(recovering, { type: "polled", now: T0 + 15_000, healthy: false }).phase).toBe("recovering");
    expect(restartReducer(recovering, { type: "polled", now: T0 + 15_000, healthy: true }).phase).toBe("completed");
  });

  it("fails when the restart call fails", () => {
    const state = run([{ type: "start" }, { type: "restartFailed", error: "Failed to restart VM: nope" }]);
    expect(state).toMatchObject({ phase: "failed", error: "Failed to restart VM: nope" });
    expect(isRestarting(state)).toBe(false);
  });

  it("times out after 120 s", () => {
    const state = run([{ type: "start" }, { type: "restartAccepted", now: T0 }, { type: "tick", now: T0 + 20_000 }, { type: "tick", now: T0 + 120_000 }]);
    expect(state.phase).toBe("timeout");
    expect(restartReducer(state, { type: "polled", now: T0 + 121_000, healthy: true }).phase).toBe("timeout");
  });

  it("ignores a second start while running and starts again after the end", () => {
    const running = run([{ type: "start" }, { type: "restartAccepted", now: T0 }]);
    expect(restartReducer(running, { type: "start" })).toBe(running);
    const done = run(
      [
        { type: "tick", now: T0 + 10_000 },
        { type: "polled", now: T0 + 10_500, healthy: true },
      ],
      running,
    );
    expect(restartReducer(done, { type: "start" }).phase).toBe("initiating");
  });
});

describe("health polling", () => {
  const restarting = run([{ type: "start" }, { type: "restartAccepted", now: T0 }]);

  it("starts after 10 s and repeats every 5 s", () => {
    expect(pollDue(restarting, T0 + 5_000)).toBe(false);
    expect(pollDue(restarting, T0 + 10_000)).toBe(true);
    const polled = run(
      [
        { type: "tick", now: T0 + 10_000 },
        { type: "polled", now: T0 + 10_200, healthy: false },
      ],
      restarting,
    );
    expect(pollDue(polled, T0 + 14_000)).toBe(false);
    expect(pollDue(polled, T0 + 15_200)).toBe(true);
  });

  it("never polls outside a restart", () => {
    expect(pollDue(IDLE_RESTART, T0)).toBe(false);
    expect(pollDue(run([{ type: "start" }]), T0 + 60_000)).toBe(false);
  });
});
