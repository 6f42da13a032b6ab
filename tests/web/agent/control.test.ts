import { describe, expect, it } from "vitest";
import type { ControlState, Participant } from "../../../contract";
import {
  agentSendRule,
  bellBadge,
  canPause,
  initialControl,
  isController,
  memberToggles,
  roleOf,
  toggleFor,
  withRequest,
} from "../../../web/features/chat/agent/model/control";
import { IDLE } from "../../../web/features/chat/agent/model/generation";

const free: ControlState = { ownerId: "owner", presenterId: null, presenterName: null, requests: [] };
const held: ControlState = { ...free, presenterId: "pat", presenterName: "Pat" };

function person(id: string, name: string, extra: Partial<Participant> = {}): Participant {
  return {
    id,
    name,
    email: null,
    type: "user",
    isCurrentUser: false,
    role: null,
    cpRole: "member",
    participantRole: "member",
    image: null,
    avatarUrl: null,
    isAI: false,
    agentType: null,
    description: null,
    ...extra,
  };
}

describe("who may send, pause and toggle (spec 02 §4, §6)", () => {
  it("roles follow the live control state", () => {
    expect(roleOf(held, "pat")).toBe("presenter");
    expect(roleOf(held, "owner")).toBe("owner");
    expect(roleOf(held, "mia")).toBe("member");
  });

  it("the presenter sends; the owner only while nobody presents; members request control", () => {
    expect(agentSendRule(held, "pat")).toBe("send");
    expect(agentSendRule(free, "owner")).toBe("send");
    expect(agentSendRule(held, "owner")).toBe("heldByOther");
    expect(agentSendRule(free, "mia")).toBe("request");
    expect(isController(held, "owner")).toBe(false);
  });

  it("pause shows to the controller while the agent runs, and to anyone during their ask-only run", () => {
    const running = { ...IDLE, agent: true };
    expect(canPause(held, "pat", "agent", running)).toBe(true);
    expect(canPause(free, "owner", "agent", running)).toBe(true);
    expect(canPause(held, "owner", "agent", running)).toBe(false);
    expect(canPause(held, "mia", "agent", running)).toBe(false);
    expect(canPause(held, "pat", "agent", IDLE)).toBe(false);
    expect(canPause(held, "mia", "askOnly", { ...IDLE, ask: true })).toBe(true);
    expect(canPause(held, "mia", "askOnly", running)).toBe(false);
    expect(canPause(held, "pat", "discuss", running)).toBe(false);
  });

  it("the VIRE's discussion answer may be stopped by whoever asked and by the controller, no one else", () => {
    const answering = { ...IDLE, discuss: true, discussAsker: "mia" };
    expect(canPause(held, "mia", "discuss", answering)).toBe(true);
    expect(canPause(held, "pat", "discuss", answering)).toBe(true);
    expect(canPause(held, "owner", "discuss", answering)).toBe(false);
    expect(canPause(held, "bob", "discuss", answering)).toBe(false);
    expect(canPause(free, "owner", "discuss", answering)).toBe(true);
    expect(canPause(held, "mia", "discuss", IDLE)).toBe(false);
    expect(canPause(held, "mia", "agent", answering)).toBe(false);
  });

  it("the owner grants and revokes anyone", () => {
    expect(toggleFor(held, "owner", { id: "pat" })).toEqual({ type: "set_controller", presenter: "pat", action: "revoke" });
    expect(toggleFor(held, "owner", { id: "mia" })).toEqual({ type: "set_controller", presenter: "mia", action: "approve" });
  });

  it("a presenter may switch themselves off (release) or someone else on (transfer)", () => {
    expect(toggleFor(held, "pat", { id: "pat" })).toEqual({ type: "release_presenter" });
    expect(toggleFor(held, "pat", { id: "mia" })).toEqual({ type: "transfer_presenter", targetPresenter: "mia" });
  });

  it("everyone else gets a disabled switch", () => {
    expect(toggleFor(held, "mia", { id: "mia" })).toBeNull();
    expect(toggleFor(held, "mia", { id: "pat" })).toBeNull();
    expect(toggleFor(free, "mia", { id: "zed" })).toBeNull();
  });

  it("lists people other than the owner and the agent, the holder first, then by name", () => {
    const people = [
      person("owner", "Olga", { cpRole: "owner" }),
      person("zed", "Zed"),
      person("pat", "Pat"),
      person("amy", "Amy"),
      person("vire", "Ada", { type: "virtual_employee", isAI: true }),
    ];
    const rows = memberToggles(held, "pat", people);
    expect(rows.map((r) => [r.member.id, r.on, r.frame?.type ?? null])).toEqual([
      ["pat", true, "release_presenter"],
      ["amy", false, "transfer_presenter"],
      ["zed", false, "transfer_presenter"],
    ]);
    expect(memberToggles(free, "owner", [person("owner", "Olga")])).toEqual([]);
  });

  it("the bell shows 9+ above 9 and nothing at 0", () => {
    expect(bellBadge(0)).toBeNull();
    expect(bellBadge(9)).toBe("9");
    expect(bellBadge(10)).toBe("9+");
  });

  it("starts from the chat's participants until ready, and replaces a resent request", () => {
    const chat = { chatOwnerId: "owner", participants: [person("owner", "Olga"), person("pat", "Pat", { cpRole: "presenter" })] };
    expect(initialControl(chat)).toEqual({ ownerId: "owner", presenterId: "pat", presenterName: "Pat", requests: [] });
    const request = {
      requestId: "r1",
      chatId: "c",
      room: "c",
      requester: "mia",
      requesterName: "Mia",
      action: "request_presenter" as const,
      targetPresenter: null,
      targetPresenterName: null,
      ownerId: "owner",
      message: "",
      timestamp: "",
    };
    expect(withRequest(withRequest([], request), { ...request, message: "again" })).toEqual([{ ...request, message: "again" }]);
  });
});
