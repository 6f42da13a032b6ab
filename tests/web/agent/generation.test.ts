import { describe, expect, it } from "vitest";
import { generationReducer, IDLE, laneOfRoom, roomOfLane, visibleIndicators, type GenerationFlags } from "../../../web/features/chat/agent/model/generation";

const BOTH: GenerationFlags = { ...IDLE, agent: true, ask: true };

describe("generation flags (spec 02 §4)", () => {
  it("an agent send sets agent-generating, an ask-only send ask-generating, a discuss send nothing", () => {
    expect(generationReducer(IDLE, { type: "sent", stream: "agent" })).toEqual({ ...IDLE, agent: true });
    expect(generationReducer(IDLE, { type: "sent", stream: "askOnly" })).toEqual({ ...IDLE, ask: true });
    expect(generationReducer(IDLE, { type: "sent", stream: "discuss" })).toBe(IDLE);
  });

  it("a failed send clears its own flag", () => {
    expect(generationReducer(BOTH, { type: "sendFailed", stream: "agent" })).toEqual({ ...IDLE, ask: true });
    expect(generationReducer(BOTH, { type: "sendFailed", stream: "askOnly" })).toEqual({ ...IDLE, agent: true });
  });

  it("sse_paused clears only on success", () => {
    expect(generationReducer(BOTH, { type: "paused", lane: "agent", success: true })).toEqual({ ...IDLE, ask: true });
    expect(generationReducer(BOTH, { type: "paused", lane: "agent", success: false })).toBe(BOTH);
  });

  it("chat_remain_no clears the room's flag, or both when the room is not ours", () => {
    expect(generationReducer(BOTH, { type: "quota", lane: "ask" })).toEqual({ ...IDLE, agent: true });
    expect(generationReducer(BOTH, { type: "quota", lane: null })).toEqual(IDLE);
  });

  it("chat_done and streaming_done clear; another user's ask room changes nothing", () => {
    expect(generationReducer(BOTH, { type: "done", lane: "agent" })).toEqual({ ...IDLE, ask: true });
    expect(generationReducer(BOTH, { type: "done", lane: null })).toBe(BOTH);
  });

  it("agent_status busy/idle sets and clears, so others see a run someone else started", () => {
    const busy = generationReducer(IDLE, { type: "status", lane: "agent", busy: true });
    expect(busy).toEqual({ ...IDLE, agent: true });
    expect(generationReducer(busy, { type: "status", lane: "agent", busy: false })).toEqual(IDLE);
  });

  it("a disconnect clears both; ready's runs set them again", () => {
    expect(generationReducer(BOTH, { type: "disconnected" })).toEqual(IDLE);
    expect(generationReducer(IDLE, { type: "runs", lanes: ["agent"] })).toEqual({ ...IDLE, agent: true });
    expect(generationReducer(IDLE, { type: "runs", lanes: [] })).toBe(IDLE);
  });

  it("maps rooms to lanes: the chat is the agent room, chat_user the ask-only room", () => {
    expect(laneOfRoom("c1", "c1", "u1")).toBe("agent");
    expect(laneOfRoom("c1_u1", "c1", "u1")).toBe("ask");
    expect(laneOfRoom("c1_u2", "c1", "u1")).toBeNull();
    expect(laneOfRoom("c1_discuss", "c1", "u1")).toBe("discuss");
    expect(roomOfLane("discuss", "c1", "u1")).toBe("c1_discuss");
    expect(roomOfLane("ask", "c1", "u1")).toBe("c1_u1");
    expect(roomOfLane("agent", "c1", "u1")).toBe("c1");
  });

  it("the discussion's answer: busy for every member, its asker known, both gone when it ends", () => {
    const busy = generationReducer(IDLE, { type: "status", lane: "discuss", busy: true });
    expect(busy).toEqual({ ...IDLE, discuss: true });
    const asked = generationReducer(busy, { type: "asker", userId: "u2" });
    expect(asked).toEqual({ ...IDLE, discuss: true, discussAsker: "u2" });
    expect(generationReducer(asked, { type: "done", lane: "discuss" })).toEqual(IDLE);
    expect(generationReducer(asked, { type: "paused", lane: "discuss", success: true })).toEqual(IDLE);
    expect(generationReducer(asked, { type: "disconnected" })).toEqual(IDLE);
    // A discussion message starts nothing by itself: the room says whether the VIRE answers.
    expect(generationReducer(IDLE, { type: "sent", stream: "discuss" })).toBe(IDLE);
  });
});

describe("indicator visibility (spec 02 §4)", () => {
  it("agent indicator: never in real_person, only on the agent tab of single groups, every tab elsewhere", () => {
    expect(visibleIndicators("real_person", "human", BOTH).agent).toBe(false);
    expect(visibleIndicators("single_group", "agent", BOTH).agent).toBe(true);
    expect(visibleIndicators("single_group", "discuss", BOTH).agent).toBe(false);
    expect(visibleIndicators("virtual_employee", "discuss", BOTH).agent).toBe(true);
    expect(visibleIndicators("single_group", "agent", IDLE).agent).toBe(false);
  });

  it("ask indicator: only on the ask-only tab of single groups", () => {
    expect(visibleIndicators("single_group", "askOnly", BOTH).ask).toBe(true);
    expect(visibleIndicators("single_group", "agent", BOTH).ask).toBe(false);
    expect(visibleIndicators("virtual_employee", "askOnly", BOTH).ask).toBe(false);
  });

  it("the VIRE answering in the discussion shows the agent indicator on the Discussion tab only", () => {
    const discussing: GenerationFlags = { ...IDLE, discuss: true };
    expect(visibleIndicators("single_group", "discuss", discussing)).toEqual({ agent: true, ask: false });
    expect(visibleIndicators("single_group", "agent", discussing).agent).toBe(false);
    expect(visibleIndicators("virtual_employee", "askOnly", discussing).agent).toBe(false);
  });
});
