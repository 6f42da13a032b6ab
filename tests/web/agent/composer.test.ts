import { describe, expect, it } from "vitest";
import { DEFAULT_MODEL } from "../../../contract";
import { agentConfig, DEFAULT_MODELS, defaultMode, defaultSettings, forcedMode, modesFor } from "../../../web/features/chat/agent/model/composerSettings";
import { buildChatMessageFrame } from "../../../web/features/chat/model/messageFrame";

describe("composer modes (spec 02 §4, §9)", () => {
  it("agent and discuss start in Coding, ask-only in Ask", () => {
    expect(defaultMode("agent")).toBe("coding");
    expect(defaultMode("discuss")).toBe("coding");
    expect(defaultMode("askOnly")).toBe("ask");
    expect(defaultSettings("agent")).toEqual({ mode: "coding", model: DEFAULT_MODEL });
  });

  it("the ask-only tab offers only Ask and forces Coding back to Ask", () => {
    expect(modesFor("askOnly")).toEqual(["ask"]);
    expect(modesFor("agent")).toEqual(["coding", "ask"]);
    expect(forcedMode("askOnly", "coding")).toBe("ask");
    expect(forcedMode("agent", "ask")).toBe("ask");
    expect(forcedMode("agent", "coding")).toBe("coding");
    expect(agentConfig("askOnly", { mode: "coding", model: "gpt-5" })).toEqual({ execution_mode: "ask", preferred_llm_model: "gpt-5" });
  });
});

describe("model defaults (spec 02 §7)", () => {
  it("offers the spec's models, starting with the default one, until the server's list arrives", () => {
    expect(DEFAULT_MODELS[0]!.key).toBe(DEFAULT_MODEL);
    expect(DEFAULT_MODELS.every((m) => m.isOpen)).toBe(true);
  });
});

describe("agent_config on the chat_message frame", () => {
  const chat = { id: "chat_1", organizationId: "org_1", chatOwnerId: "u1" };
  const user = { id: "u1", name: "Ann", image: null };
  const base = { id: "msg_abcd1", text: "hi", attachments: [], replyTo: null, createdAt: "2025-01-01T00:00:00.000Z" };
  const config = { execution_mode: "coding" as const, preferred_llm_model: "claude-sonnet-4" };

  it("rides in data.context_info for agent and ask-only requests, never for discussion", () => {
    expect(buildChatMessageFrame(chat, user, { ...base, stream: "agent", agentConfig: config }).data.context_info).toMatchObject({
      chat_type: 1,
      agent_config: config,
    });
    expect(buildChatMessageFrame(chat, user, { ...base, stream: "askOnly", agentConfig: { ...config, execution_mode: "ask" } }).message_type).toBe(
      "user_request",
    );
    expect(buildChatMessageFrame(chat, user, { ...base, stream: "discuss", agentConfig: config }).data.context_info).not.toHaveProperty("agent_config");
  });
});
