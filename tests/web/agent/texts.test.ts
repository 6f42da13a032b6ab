import { describe, expect, it } from "vitest";
import { AGENT_TEXTS } from "../../../contract";
import { serverText } from "../../../web/features/chat/agent/model/serverTexts";
import { en } from "../../../web/i18n/en";
import { translator } from "../features/chat/translate";

describe("agent texts", () => {
  it("keep the spec's wording verbatim in English", () => {
    expect(en.agent.indicator).toEqual({ agent: "Agent Generating", ask: "Ask Generating" });
    expect(en.agent.busy).toBe("The agent is currently busy, please try again later");
    expect(en.agent.quota.body).toBe("Your AI request quota has been exhausted. Please upgrade your membership to get more benefits.");
    expect(en.agent.control.noRequests).toBe("No new requests");
    expect(en.agent.control.noMembers).toBe("No other members");
    expect(en.agent.control.cannotChange).toBe("You cannot change this permission");
    expect(en.agent.control.rejected).toBe("Your request has been rejected");
    expect(en.agent.control.failed).toMatchObject({
      approve: "Failed to approve request",
      reject: "Failed to reject request",
      transfer: "Failed to transfer permission",
      release: "Failed to release permission",
      request: "Failed to request permission",
      sendRequest: "Failed to send permission request",
    });
    expect(en.agent.actions.originalMissing).toBe("Cannot find the original message that triggered this response.");
  });

  it("translate every text the room sends, and pass unknown ones through", () => {
    const en = translator("en");
    const zh = translator("zh");
    for (const text of Object.values(AGENT_TEXTS)) {
      expect(serverText(en, text)).toBe(text);
      expect(serverText(zh, text)).not.toBe(text);
    }
    expect(serverText(zh, "Something new")).toBe("Something new");
  });

  it("fill the permission record and reply counts in both languages", () => {
    const t = translator("en");
    expect(t("agent.cards.permission.record", { action: "Approved", operator: "Group Owner" })).toBe("Approved by Group Owner");
    expect(t("agent.control.requestsTitle", { count: 3 })).toBe("Permission Requests (3)");
    expect(t("agent.replies.show", { count: 1 })).toBe("Show 1 reply");
    expect(t("agent.replies.hide", { count: 4 })).toBe("Hide 4 replies");
  });
});
