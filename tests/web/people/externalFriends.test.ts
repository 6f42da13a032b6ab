// @vitest-environment happy-dom
import { createElement } from "react";
import { afterEach, describe, expect, it } from "vitest";
import type { OrganizationUser } from "../../../contract";
import { ContactPicker } from "../../../web/features/groups/ContactPicker";
import { CreateGroupModal } from "../../../web/features/groups/CreateGroupModal";
import { click, get, startHarness, type Harness } from "./peopleHarness";

const user = (id: string, name: string, isOrgMember: boolean, isFriend: boolean): OrganizationUser => ({
  id,
  name,
  email: `${id}@example.com`,
  username: id,
  image: null,
  role: "",
  isOrgAdmin: false,
  lastChatTime: null,
  isFriend,
  isOrgMember,
});

// The server's users answer: my organization's members, then my friends from other organizations.
const users = [user("u_bob", "Bob Colleague", true, false), user("u_carol", "Carol Outside", false, true)];
let harness: Harness;

function start() {
  harness = startHarness((call) => {
    if (call.path === "/api/organization/users") return { users };
    if (call.path === "/api/virtual-employees") return { virtualEmployees: [] };
    return undefined;
  });
}

const sectionTitles = () => [...document.querySelectorAll(".contact-section__title")].map((node) => node.textContent);

afterEach(() => harness?.unmount());

describe("friends from other organizations", () => {
  it("are listed as External Friends in Create Group, apart from the organization's members, and can be picked", async () => {
    start();
    await harness.show(createElement(CreateGroupModal, { open: true, onOpenChange: () => {}, organizationName: "Acme" }));
    expect(sectionTitles()).toEqual(["Virtual Employees (0)", "Acme (1)", "External Friends (1)"]);
    const carol = get("group-member-u_carol");
    expect(carol.closest(".contact-section")?.textContent).toContain("External Friends");
    expect(carol.textContent).toContain("External Friend");
    expect(get("group-member-u_bob").textContent).toContain("Organization Member");

    const box = carol.querySelector("input");
    if (!box) throw new Error("no checkbox");
    await click(box);
    expect(get("group-member-u_carol").dataset.checked).toBe("true");
  });

  it("carry the External Friend badge in the contact picker", async () => {
    start();
    await harness.show(createElement(ContactPicker, { open: true, onOpenChange: () => {}, organizationId: "org_1" }));
    expect(get("contact-u_carol").textContent).toContain("External Friend");
    expect(get("contact-u_bob").textContent).toContain("Organization Member");
  });
});
