import { describe, expect, it } from "vitest";
import { hasStreamTabs, historyRequest, markReadFlag, streamOfMessage, streamsOf } from "../../../../web/features/chat/model/streams";

describe("streams", () => {
  it("gives agent chats three tabs and human chats one stream", () => {
    expect(streamsOf("single_group")).toEqual(["agent", "askOnly", "discuss"]);
    expect(streamsOf("virtual_employee")).toEqual(["agent", "askOnly", "discuss"]);
    expect(streamsOf("human_group")).toEqual(["human"]);
    expect(hasStreamTabs("real_person")).toBe(false);
  });

  it("routes a message by chat_type", () => {
    const tabs = streamsOf("single_group");
    expect(streamOfMessage({ chat_type: 1, chatType: 1 }, tabs)).toBe("agent");
    expect(streamOfMessage({ chat_type: 2, chatType: 2 }, tabs)).toBe("askOnly");
    expect(streamOfMessage({ chat_type: 0, chatType: 0 }, tabs)).toBe("discuss");
    expect(streamOfMessage({ chat_type: 0, chatType: 0 }, ["human"])).toBe("human");
    expect(streamOfMessage({ chat_type: 1, chatType: 1 }, ["human"])).toBeNull();
  });

  it("reads history pages from the spec's routes", () => {
    expect(historyRequest("c1", "u1", "agent", null)).toEqual({ url: "/api/group-chats/c1/messages", params: { limit: 20, chat_type: 1 } });
    expect(historyRequest("c1", "u1", "discuss", "41")).toEqual({ url: "/api/group-chats/c1/messages", params: { limit: 20, chat_type: 0, before: "41" } });
    expect(historyRequest("c1", "u1", "askOnly", null)).toEqual({ url: "/api/group-chats/c1_u1/messages", params: { limit: 20, chat_type: 2 } });
    expect(historyRequest("c1", "u1", "human", "7")).toEqual({ url: "/api/group-chats/c1/messages", params: { limit: 20, before: "7" } });
  });

  it("marks the agent tab read with is_agent_msg 1 and the others with 0", () => {
    expect(markReadFlag("agent")).toBe(1);
    expect(markReadFlag("discuss")).toBe(0);
    expect(markReadFlag("askOnly")).toBe(0);
    expect(markReadFlag("human")).toBe(0);
  });
});
