import { describe, expect, it } from "vitest";
import { firstNonHumanChat } from "../../../../web/features/chat-list/arrival";
import { chat } from "./chatFactory";

describe("the chat opened on arrival from login", () => {
  it("is the first agent group or VIRE chat in list order, skipping human chats", () => {
    const list = [
      chat("humans", { chatType: "human_group" }),
      chat("dm", { chatType: "real_person", type: "private_human" }),
      chat("vire", { chatType: "virtual_employee", type: "private_virtual" }),
      chat("agents", { chatType: "single_group" }),
    ];
    expect(firstNonHumanChat(list)?.id).toBe("vire");
  });

  it("is nothing when every chat is between people", () => {
    expect(firstNonHumanChat([chat("a"), chat("b", { chatType: "real_person" })])).toBeUndefined();
  });
});
