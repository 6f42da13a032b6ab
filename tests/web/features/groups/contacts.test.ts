import { describe, expect, it } from "vitest";
import { canRemoveMember, memberBadges, sortMembers } from "../../../../web/features/groups/chatPeople";
import {
  displayName,
  groupNameError,
  groupParticipants,
  matchesContact,
  renameTarget,
  toggleContact,
  vireBlocked,
  type Contact,
} from "../../../../web/features/groups/contacts";
import { extractGroupInviteCode, groupInviteLink } from "../../../../web/features/groups/inviteLink";
import { person, vire } from "../chat-list/chatFactory";

const user = (id: string): Contact => ({ id, name: id, email: `${id}@example.com`, image: null, role: "member", type: "user", kind: "organization" });
const bot = (id: string): Contact => ({ id, name: id, email: null, image: null, role: "Engineer", type: "virtual_employee", kind: "virtual" });

describe("picking group members", () => {
  it("adds and removes contacts", () => {
    const once = toggleContact([], user("ann"));
    expect(once.selected.map((c) => c.id)).toEqual(["ann"]);
    expect(toggleContact(once.selected, user("ann")).selected).toEqual([]);
  });

  it("refuses a second virtual employee and greys the others out", () => {
    const first = toggleContact([user("ann")], bot("v1"));
    expect(first.refused).toBeNull();
    const second = toggleContact(first.selected, bot("v2"));
    expect(second.refused).toBe("vireLimit");
    expect(second.selected.map((c) => c.id)).toEqual(["ann", "v1"]);
    expect(vireBlocked(bot("v2"), first.selected)).toBe(true);
    expect(vireBlocked(bot("v1"), first.selected)).toBe(false);
    expect(vireBlocked(user("bob"), first.selected)).toBe(false);
  });

  it("counts a VIRE already in the chat", () => {
    expect(toggleContact([], bot("v2"), 1).refused).toBe("vireLimit");
    expect(vireBlocked(bot("v2"), [], 1)).toBe(true);
  });

  it("sends participants as {id, type, role member}", () => {
    expect(groupParticipants([user("ann"), bot("v1")])).toEqual([
      { id: "ann", type: "user", role: "member" },
      { id: "v1", type: "virtual_employee", role: "member" },
    ]);
  });

  it("searches name, e-mail and role", () => {
    expect(matchesContact(user("ann"), "ANN@")).toBe(true);
    expect(matchesContact(bot("v1"), "engin")).toBe(true);
    expect(matchesContact(user("ann"), "zzz")).toBe(false);
    expect(matchesContact(user("ann"), "  ")).toBe(true);
  });

  it("falls back from name to username to 'Unknown User'", () => {
    expect(displayName("Ann", "ann1", "Unknown User")).toBe("Ann");
    expect(displayName("  ", "ann1", "Unknown User")).toBe("ann1");
    expect(displayName(null, undefined, "Unknown User")).toBe("Unknown User");
  });
});

describe("group names", () => {
  it("needs a non-blank name", () => {
    expect(groupNameError("   ")).toBe("required");
    expect(groupNameError(" Team ")).toBeNull();
  });

  it("ignores a rename that is blank or unchanged", () => {
    expect(renameTarget("Team", "  ")).toBeNull();
    expect(renameTarget("Team", " Team ")).toBeNull();
    expect(renameTarget("Team", " Squad ")).toBe("Squad");
  });
});

describe("member panel rules", () => {
  const owner = person("own", { cpRole: "owner" });
  const me = person("me", { isCurrentUser: true });
  const bob = person("bob");
  const agent = vire("bot");

  it("lets only the owner remove, never the owner's row, oneself or an agent", () => {
    expect(canRemoveMember(bob, true)).toBe(true);
    expect(canRemoveMember(bob, false)).toBe(false);
    expect(canRemoveMember(owner, true)).toBe(false);
    expect(canRemoveMember(me, true)).toBe(false);
    expect(canRemoveMember(agent, true)).toBe(false);
  });

  it("labels owner, agent and controller", () => {
    expect(memberBadges(owner)).toEqual(["owner"]);
    expect(memberBadges(agent)).toEqual(["agent"]);
    expect(memberBadges(person("p", { cpRole: "presenter" }))).toEqual(["controller"]);
    expect(memberBadges(bob)).toEqual([]);
  });

  it("lists the owner first and agents last", () => {
    expect(sortMembers([agent, bob, owner, person("ann", { name: "ann" })]).map((m) => m.id)).toEqual(["own", "ann", "bob", "bot"]);
  });
});

describe("group invite links", () => {
  it("builds {origin}/group-invite/{code}", () => {
    expect(groupInviteLink("https://chat.example.com/", "AbC123")).toBe("https://chat.example.com/group-invite/AbC123");
  });

  it("reads the code from a link, a language path or the bare code", () => {
    expect(extractGroupInviteCode("https://x.test/zh/group-invite/AbC123?x=1")).toBe("AbC123");
    expect(extractGroupInviteCode(" AbC123 ")).toBe("AbC123");
  });
});
