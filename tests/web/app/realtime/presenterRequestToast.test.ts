import * as sonner from "sonner";
import { toast } from "sonner";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { PresenterRequest } from "../../../../contract";
import { applyInboxFrame } from "../../../../web/app/realtime/inboxFrameEffects";
import { deliverInboxMessage, type InboxListener } from "../../../../web/app/realtime/inboxFrames";
import { clearSelection, selectChat } from "../../../../web/app/session/selection";
import { i18n, initI18n } from "../../../../web/i18n";
import { toasterMounted } from "../../../../web/ui/toast";

const request: PresenterRequest = {
  requestId: "req_1",
  chatId: "chat_launch",
  room: "chat_launch",
  requester: "u_bob",
  requesterName: "Bob",
  action: "request_presenter",
  targetPresenter: null,
  targetPresenterName: null,
  ownerId: "u_alice",
  message: "",
  timestamp: "2025-01-01T00:00:00Z",
};

/** The inbox as the app wires it: the socket's text goes through the provider's delivery to the shell's effects. */
const listeners: InboxListener[] = [(frame) => applyInboxFrame(frame, { t: i18n.t, chatList: () => undefined, goHome: () => {} })];
const receive = (frame: unknown) => deliverInboxMessage(JSON.stringify(frame), listeners);
const toastsShown = () => toast.getHistory().map((shown) => ("title" in shown ? shown.title : null));

beforeAll(() => {
  initI18n("en");
  // The app's toasts wait for a Toaster; here sonner's own history stands in for one.
  toasterMounted(sonner);
});

beforeEach(() => {
  toast.dismiss();
  clearSelection();
});

afterEach(async () => {
  await i18n.changeLanguage("en");
});

describe("a control request reaching the owner through the inbox", () => {
  it("shows the owner who asks and in which chat, when that chat is not open", () => {
    receive({ type: "presenter_request", request, chatName: "Launch" });
    expect(toastsShown()).toContain("Bob asks for control of the agent in Launch");
  });

  it("names the target of a transfer, in Chinese too", async () => {
    await i18n.changeLanguage("zh");
    receive({
      type: "presenter_request",
      request: { ...request, requestId: "req_2", action: "transfer_presenter", targetPresenter: "u_cat", targetPresenterName: "Cat" },
      chatName: "发布",
    });
    expect(toastsShown()).toContain("Bob 希望在 发布 中将智能体控制权转交给 Cat");
  });

  it("stays quiet while the owner has that chat open (the card in the chat shows it)", () => {
    selectChat("chat_launch");
    const before = toast.getHistory().length;
    receive({ type: "presenter_request", request: { ...request, requestId: "req_3" }, chatName: "Launch" });
    expect(toast.getHistory()).toHaveLength(before);
  });
});

describe("frames the inbox cannot read", () => {
  it("are logged with their type and reach no listener", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const seen: unknown[] = [];
    deliverInboxMessage(JSON.stringify({ type: "brand_new_event", chatId: "c1" }), [(frame) => seen.push(frame)]);
    deliverInboxMessage(JSON.stringify({ type: "member_add" }), [(frame) => seen.push(frame)]);
    deliverInboxMessage("not json", [(frame) => seen.push(frame)]);
    expect(seen).toEqual([]);
    expect(warn.mock.calls.map((call) => call.at(-1))).toEqual(["brand_new_event", "member_add", "not json"]);
  });

  it("pongs reach no listener and are not logged", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const seen: unknown[] = [];
    deliverInboxMessage('{"type":"pong"}', [(frame) => seen.push(frame)]);
    expect(seen).toEqual([]);
    expect(warn).not.toHaveBeenCalled();
  });
});
