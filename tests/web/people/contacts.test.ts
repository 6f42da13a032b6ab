// @vitest-environment happy-dom
import { createElement } from "react";
import { afterEach, describe, expect, it } from "vitest";
import type { AllOrganizationsData, OrganizationsWithMembersData } from "../../../contract";
import { getSelection, clearSelection } from "../../../web/app/session/selection";
import { ContactsView } from "../../../web/features/people/ContactsView";
import type { PersonContact } from "../../../web/features/people/people";
import { click, fail, find, get, me, pageText, pressEnter, settle, startHarness, typeInto, type Call, type Harness } from "./peopleHarness";

const person = (id: string, name: string, extra: Partial<PersonContact> = {}): PersonContact => ({
  id,
  name,
  email: `${id}@example.com`,
  image: null,
  type: "human",
  role: null,
  agentType: null,
  isOrgAdmin: false,
  isOrgMember: true,
  isFriend: false,
  lastChatTime: null,
  ...extra,
});
const agent = (id: string, name: string, agentType: string, role: string): PersonContact =>
  person(id, name, { type: "virtual_employee", agentType, role, email: null, isOrgMember: false });

const organizations: AllOrganizationsData = {
  success: true,
  error: null,
  organizations: [
    { id: "org_1", name: "acme", displayName: "Acme", organizationType: "own", orgType: "own", type_category: "", memberCount: 3, userType: "admin" },
  ],
};

let harness: Harness;
let contacts: PersonContact[];
let members: OrganizationsWithMembersData;
let onCall: (call: Call) => unknown = () => undefined;

function start() {
  harness = startHarness((call) => {
    const special = onCall(call);
    if (special !== undefined) return special;
    if (call.method === "GET" && call.path === `/api/contacts/${me.id}`) return { contacts };
    if (call.path === "/api/user/all-organizations") return organizations;
    if (call.path === "/api/user/organizations-with-members") return members;
    if (call.path === "/api/group-chats") return { chats: [] };
    return undefined;
  });
}

async function showContacts(props: { onJoinOrganization?: () => void; lang?: "en" | "zh" } = {}) {
  start();
  await harness.show(createElement(ContactsView, { user: me, onClose: () => {}, onJoinOrganization: props.onJoinOrganization }), { lang: props.lang });
}

const rowIds = () => [...document.querySelectorAll<HTMLElement>("[data-testid^='people-row-']")].map((row) => row.dataset.testid?.replace("people-row-", ""));

afterEach(() => {
  harness?.unmount();
  onCall = () => undefined;
  clearSelection();
});

describe("Contacts screen", () => {
  it("lists people and agents with their tags, and filters by view and search", async () => {
    contacts = [
      person("u_bob", "Bob Builder", { isOrgAdmin: true }),
      person("u_carol", "Carol Friend", { isFriend: true, isOrgMember: false }),
      agent("v_chat", "Helper", "chatter", "Assistant"),
      agent("v_code", "Coder", "coding_agent", "Developer"),
      agent("v_custom", "Bespoke", "custom", "Analyst"),
    ];
    await showContacts();

    expect(get("contacts-title").textContent).toBe("All");
    expect(rowIds()).toEqual(["u_bob", "u_carol", "v_chat", "v_code", "v_custom"]);
    expect(get("people-row-u_bob").textContent).toContain("admin");
    expect(get("people-row-u_bob").textContent).toContain("u_bob@example.com");
    expect(get("people-row-u_carol").textContent).toContain("Friend");
    expect(get("people-row-v_chat").textContent).toContain("Chat");
    expect(get("people-row-v_code").textContent).toContain("Code");
    expect(get("people-row-v_custom").textContent).toContain("Custom");
    expect(get("people-row-v_code").textContent).toContain("Developer");
    expect(get("contacts-filter-agent").textContent).toContain("Agent (3)");
    expect(get("contacts-filter-organization").textContent).toContain("Acme");
    expect(get("contacts-filter-organization").textContent).toContain("3 members");
    expect(get("contacts-filter-organization").textContent).toContain("Owner");

    await click("contacts-filter-agent");
    expect(get("contacts-title").textContent).toBe("Agent (3)");
    expect(rowIds()).toEqual(["v_chat", "v_code", "v_custom"]);
    expect(find("contacts-invite")).toBeNull();

    await click("contacts-filter-human");
    expect(get("contacts-title").textContent).toBe("Human");
    expect(rowIds()).toEqual(["u_bob", "u_carol"]);
    expect(find("contacts-invite")?.textContent).toBe("+ Invite");

    await typeInto("contacts-search", "carol");
    expect(rowIds()).toEqual(["u_carol"]);
    await typeInto("contacts-search", "nobody");
    expect(rowIds()).toEqual([]);
    expect(get("contacts-empty").textContent).toBe("No contacts found");
  });

  it("shows the organization's members with Admin and Member tags, and says when I am alone", async () => {
    contacts = [];
    members = {
      success: true,
      organizationId: "org_1",
      members: [
        { userId: me.id, name: "Alice", email: me.email, image: null, userType: "admin" },
        { userId: "u_bob", name: "Bob Builder", email: "bob.builder@example.com", image: null, userType: "member" },
        { userId: "u_dan", name: "Dan Admin", email: "dan.admin@example.com", image: null, userType: "admin" },
      ],
    };
    await showContacts();
    expect(get("contacts-empty").textContent).toBe("No contacts found");

    await click("contacts-filter-organization");
    expect(get("contacts-title").textContent).toBe("Acme");
    expect(rowIds()).toEqual(["u_bob", "u_dan"]);
    expect(get("people-row-u_bob").textContent).toContain("Member");
    expect(get("people-row-u_dan").textContent).toContain("Admin");

    await typeInto("contacts-search", "zed");
    expect(get("contacts-empty").textContent).toBe("No contacts found");

    members = { success: true, organizationId: "org_1", members: [{ userId: me.id, name: "Alice", email: me.email, image: null, userType: "admin" }] };
    harness.unmount();
    await showContacts();
    await click("contacts-filter-organization");
    expect(get("contacts-empty").textContent).toBe("No other members yet");
  });

  it("starts a chat from a row and opens it", async () => {
    contacts = [person("u_bob", "Bob Builder"), agent("v_chat", "Helper", "chatter", "Assistant")];
    onCall = (call) => (call.method === "POST" && call.path === "/api/private-chats" ? { chatId: "chat_vire", existing: false, name: "Helper" } : undefined);
    await showContacts();

    await click("people-chat-v_chat");
    const post = harness.calls.find((call) => call.path === "/api/private-chats");
    expect(post?.body).toEqual({ participantId: "v_chat", participantType: "virtual_employee", organizationId: "org_1" });
    expect(getSelection().chatId).toBe("chat_vire");
  });

  it("says why a chat could not start", async () => {
    contacts = [person("u_bob", "Bob Builder")];
    onCall = (call) => (call.path === "/api/private-chats" ? fail(403, "You can only chat with people you can see") : undefined);
    await showContacts();
    await click("people-chat-u_bob");
    await settle();
    expect(pageText()).toContain("Failed to create chat: You can only chat with people you can see");
    expect(getSelection().chatId).toBeNull();
  });

  it("deletes a human contact after confirmation, and agents have no delete", async () => {
    contacts = [person("u_bob", "Bob Builder"), agent("v_chat", "Helper", "chatter", "Assistant")];
    onCall = (call) => {
      if (call.method !== "DELETE") return undefined;
      contacts = contacts.filter((contact) => contact.id !== "u_bob");
      return { removed: true };
    };
    await showContacts();
    expect(find("people-more-v_chat")).toBeNull();

    await pressEnter("people-more-u_bob");
    await click("people-delete-u_bob");
    expect(get("contact-delete-dialog").textContent).toContain("Bob Builder");
    expect(harness.calls.some((call) => call.method === "DELETE")).toBe(false);

    await click("contact-delete-ok");
    await settle();
    expect(harness.calls.find((call) => call.method === "DELETE")?.path).toBe(`/api/contacts/${me.id}/u_bob`);
    expect(pageText()).toContain('Contact "Bob Builder" removed successfully');
    expect(rowIds()).toEqual(["v_chat"]);
  });

  it("keeps the contact and shows the server's reason when a delete fails", async () => {
    contacts = [person("u_bob", "Bob Builder")];
    onCall = (call) => (call.method === "DELETE" ? fail(404, "Contact not found") : undefined);
    await showContacts();
    await pressEnter("people-more-u_bob");
    await click("people-delete-u_bob");
    await click("contact-delete-ok");
    await settle();
    expect(pageText()).toContain("Delete failed: Contact not found");
    expect(pageText()).not.toContain("removed successfully");
    expect(rowIds()).toEqual(["u_bob"]);
  });

  it("offers a retry when the contacts cannot load", async () => {
    let broken = true;
    contacts = [person("u_bob", "Bob Builder")];
    onCall = (call) => (broken && call.path === `/api/contacts/${me.id}` ? fail(500, "boom") : undefined);
    await showContacts();
    expect(pageText()).toContain("Failed to load contacts");
    broken = false;
    const retry = [...document.querySelectorAll("button")].find((button) => button.textContent === "Retry");
    if (!retry) throw new Error("no Retry button");
    await click(retry);
    await settle();
    expect(rowIds()).toEqual(["u_bob"]);
  });

  it("offers '+ Join Organization' in the organization view", async () => {
    contacts = [];
    members = { success: true, organizationId: "org_1", members: [] };
    let joins = 0;
    await showContacts({ onJoinOrganization: () => (joins += 1) });
    expect(find("contacts-join-org")).toBeNull();
    await click("contacts-filter-organization");
    expect(get("contacts-join-org").textContent).toBe("+ Join Organization");
    expect(find("contacts-invite")).toBeNull();
    await click("contacts-join-org");
    expect(joins).toBe(1);
  });

  it("speaks Chinese on a Chinese page", async () => {
    contacts = [agent("v_code", "Coder", "coding_agent", "Developer")];
    await showContacts({ lang: "zh" });
    expect(get("contacts-title").textContent).toBe("全部");
    expect(get("people-row-v_code").textContent).toContain("编程");
    await typeInto("contacts-search", "nobody");
    expect(get("contacts-empty").textContent).toBe("未找到联系人");
  });
});
