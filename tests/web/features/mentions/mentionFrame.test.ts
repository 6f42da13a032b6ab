// @vitest-environment happy-dom
import { act } from "react";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MENTION_SOUND_MS, MENTION_TOAST_MS } from "../../../../contract";
import { applyInboxFrame } from "../../../../web/app/realtime/inboxFrameEffects";
import { deliverInboxMessage, type InboxListener } from "../../../../web/app/realtime/inboxFrames";
import { useJumpStore } from "../../../../web/app/session/jump";
import { clearSelection } from "../../../../web/app/session/selection";
import { leaveViewedTab, setViewedTab } from "../../../../web/app/session/viewing";
import { resetMentionSound } from "../../../../web/features/mentions/mentionSound";
import { i18n } from "../../../../web/i18n";
import { click, find, get, settle } from "../../people/peopleHarness";
import { mention, showMentions, type MentionsServer } from "./mentionsHarness";

/** The inbox as the app shell wires it: socket text, then the frame switch. */
const listeners: InboxListener[] = [(frame) => applyInboxFrame(frame, { t: i18n.t, chatList: () => undefined, goHome: () => {} })];
async function receive(frame: unknown) {
  await act(async () => deliverInboxMessage(JSON.stringify(frame), listeners));
  await settle(2);
}

/** A Web Audio stand-in that records the chime it was asked to play. */
class FakeAudioContext {
  static made: FakeAudioContext[] = [];
  state = "running";
  currentTime = 10;
  destination = {};
  tones: { type: string; start: number; stop: number }[] = [];
  constructor() {
    FakeAudioContext.made.push(this);
  }
  resume = async () => {};
  createGain() {
    const ramp = () => {};
    return { gain: { setValueAtTime: ramp, exponentialRampToValueAtTime: ramp }, connect: () => {}, disconnect: () => {} };
  }
  createOscillator() {
    const tone = { type: "sine", start: 0, stop: 0 };
    this.tones.push(tone);
    return {
      set type(value: string) {
        tone.type = value;
      },
      frequency: { setValueAtTime: () => {} },
      connect: () => {},
      start: (at: number) => void (tone.start = at),
      stop: (at: number) => void (tone.stop = at),
      onended: null,
    };
  }
}

let server: MentionsServer | null = null;
const viewed = { chatId: "chat_launch", chatType: 0 };
/** sonner's history outlives a test: each test reads only what it added. */
let historyBefore = 0;
beforeEach(() => {
  historyBefore = toast.getHistory().length;
  FakeAudioContext.made = [];
  resetMentionSound();
  vi.stubGlobal("AudioContext", FakeAudioContext);
});
afterEach(() => {
  server?.harness.unmount();
  server = null;
  leaveViewedTab(viewed);
  clearSelection();
  useJumpStore.setState({ target: null });
});

const shownToasts = () =>
  toast
    .getHistory()
    .slice(historyBefore)
    .filter((t) => String(t.id).startsWith("mention:"));

describe("a mention arriving through the inbox", () => {
  it("joins the list on top, raises the badge, toasts the sender and preview for 4 s, and chimes for 0.3 s", async () => {
    server = await showMentions([mention("m1", { read: true })]);
    expect(find("mentions-badge")).toBeNull();
    await receive({ type: "mention", mention: mention("m9", { senderName: "Dana", messagePreview: "@Alice the build is green", chatName: "Release" }) });

    expect(get("mentions-badge").textContent).toBe("1");
    const [shown] = shownToasts();
    expect(shown).toMatchObject({ title: "Dana mentioned you in Release", description: "@Alice the build is green", duration: MENTION_TOAST_MS });
    expect(document.body.textContent).toContain("Dana mentioned you in Release");
    const tones = FakeAudioContext.made.flatMap((ctx) => ctx.tones);
    expect(tones).toHaveLength(1);
    expect((tones[0]!.stop - tones[0]!.start) * 1000).toBeCloseTo(MENTION_SOUND_MS);

    await click("mentions-button");
    const ids = [...document.querySelectorAll('[data-testid^="mention-m"]')].map((e) => e.getAttribute("data-testid"));
    expect(ids).toEqual(["mention-m9", "mention-m1"]);
  });

  it("words a mention of everyone as such, and the same frame twice adds one entry and one toast", async () => {
    server = await showMentions([]);
    const frame = { type: "mention", mention: mention("m5", { mentionType: "all", senderName: "Carol" }) };
    await receive(frame);
    await receive(frame);
    expect(get("mentions-badge").textContent).toBe("1");
    expect(shownToasts().map((t) => ("title" in t ? t.title : null))).toEqual(["Carol mentioned everyone in Launch"]);
    expect(FakeAudioContext.made.flatMap((ctx) => ctx.tones)).toHaveLength(1);
  });

  it("the toast's View opens the message", async () => {
    server = await showMentions([]);
    await receive({ type: "mention", mention: mention("m3", { chatId: "chat_ops", messageId: "msg_3", chatType: 1 }) });
    const view = [...document.querySelectorAll<HTMLButtonElement>("[data-sonner-toast] button")].find((b) => b.textContent === "View");
    await click(view!);
    expect(useJumpStore.getState().target).toEqual({ chatId: "chat_ops", messageId: "msg_3", chatType: 1 });
    expect(server.writes()).toEqual([{ method: "POST", path: "/api/mentions/read", body: { ids: ["m3"] } }]);
  });

  it("stays quiet for the chat tab on screen (and counts it read), but not for another tab of that chat", async () => {
    server = await showMentions([]);
    setViewedTab(viewed);
    await receive({ type: "mention", mention: mention("m1", { chatType: 0 }) });
    expect(shownToasts()).toEqual([]);
    expect(FakeAudioContext.made.flatMap((ctx) => ctx.tones)).toEqual([]);
    expect(server.writes()).toEqual([{ method: "POST", path: "/api/mentions/read", body: { ids: ["m1"] } }]);
    expect(find("mentions-badge")).toBeNull();

    await receive({ type: "mention", mention: mention("m2", { chatType: 1 }) });
    expect(shownToasts()).toHaveLength(1);
    expect(get("mentions-badge").textContent).toBe("1");
  });

  it("a sound that cannot play is skipped silently; the toast still shows", async () => {
    vi.stubGlobal(
      "AudioContext",
      class {
        constructor() {
          throw new Error("NotAllowedError");
        }
      },
    );
    server = await showMentions([]);
    await receive({ type: "mention", mention: mention("m4") });
    expect(shownToasts()).toHaveLength(1);
    expect(get("mentions-badge").textContent).toBe("1");
  });
});
