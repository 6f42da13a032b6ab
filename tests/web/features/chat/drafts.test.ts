import { beforeEach, describe, expect, it, vi } from "vitest";
import { clearDraft, draftKey, loadDraft, saveDraft } from "../../../../web/features/chat/model/drafts";
import { memoryStorage } from "../../browserStubs";

beforeEach(() => vi.stubGlobal("localStorage", memoryStorage()));

describe("drafts", () => {
  it("are kept per chat and per tab (agent, discuss, human, ask-only)", () => {
    saveDraft("chat_1", "agent", "for the agent");
    saveDraft("chat_1", "discuss", "for the team");
    saveDraft("chat_1", "askOnly", "just me");
    saveDraft("chat_2", "human", "other chat");
    expect(loadDraft("chat_1", "agent")).toBe("for the agent");
    expect(loadDraft("chat_1", "discuss")).toBe("for the team");
    expect(loadDraft("chat_1", "askOnly")).toBe("just me");
    expect(loadDraft("chat_1", "human")).toBe("");
    expect(loadDraft("chat_2", "human")).toBe("other chat");
    expect(localStorage.getItem("chat-draft:chat_1:ask-only")).toBe("just me");
  });

  it("removes an emptied draft instead of storing blanks", () => {
    saveDraft("chat_1", "agent", "x");
    saveDraft("chat_1", "agent", "   ");
    expect(localStorage.getItem(draftKey("chat_1", "agent"))).toBeNull();
    saveDraft("chat_1", "discuss", "y");
    clearDraft("chat_1", "discuss");
    expect(loadDraft("chat_1", "discuss")).toBe("");
  });

  it("survives storage that throws", () => {
    vi.stubGlobal("localStorage", {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("full");
      },
      removeItem: () => {
        throw new Error("denied");
      },
    });
    expect(() => saveDraft("chat_1", "agent", "x")).not.toThrow();
    expect(loadDraft("chat_1", "agent")).toBe("");
  });
});
