import { describe, expect, it } from "vitest";
import { en } from "../../../../web/i18n/en";

/** Wording the spec quotes for the chat list, groups and inbox events (spec 02 §2, §5, §8). */
describe("chat list and group texts", () => {
  it("keep the spec's wording verbatim", () => {
    expect(en.chatList.search).toBe("Search");
    expect(en.chatList.noResultsFor).toBe("No results for");
    expect(en.chatList.noHumanChats).toBe("No human chats yet");
    expect(en.chatList.inviteFriend).toBe("Invite Friend");
    expect(en.chatList.noChats).toBe("No chats available");
    expect(en.groups.create.namePlaceholder).toBe("Enter group name...");
    expect(en.groups.create.searchPlaceholder).toBe("Search contacts...");
    expect(en.groups.create.selectUpTo).toBe("Select up to 1");
    expect(en.groups.create.selectMembersHint).toBe("Select members to add");
    expect(en.groups.create.creating).toBe("Creating...");
    expect(en.groups.create.nameRequired).toBe("Please enter group name to continue");
    expect(en.groups.create.membersRequired).toBe("Please select at least one member");
    expect(en.groups.create.vireLimit).toBe("Each group can only select up to 1 virtual employee");
    expect(en.groups.create.limitTitle).toBe("Group Limit Reached");
    expect(en.groups.create.failed).toBe("Failed to create group:");
    expect(en.groups.create.success).toBe("Group created successfully!");
    expect(en.groups.picker.title).toBe("select contact");
    expect(en.groups.picker.failed).toBe("Failed to start chat. Please try again.");
    expect(en.groups.header.viewMembers).toBe("View all members");
    expect(en.groups.header.noChat).toBe("No chat selected");
    expect(en.groups.members.none).toBe("No members");
    expect(en.groups.members.noneFound).toBe("No members found");
    expect(en.groups.members.cannotVerify).toBe("Unable to verify user permissions. Please try again.");
    expect(en.groups.add.processing).toBe("Processing...");
    expect(en.groups.add.selectMembers).toBe("please select members");
    expect(en.groups.invite.invalidEmail).toBe("Please enter a valid email address.");
    expect(en.groups.invite.recent).toBe("Recent Group Invitations");
    expect(en.groups.invite.none).toBe("No group invitations sent yet");
    expect(en.groups.invite.loadFailed).toBe("Failed to load invitation history.");
    expect(en.groups.invite.failed).toBe("Failed to send group invitation.");
    expect(en.groups.invite.linkCopied).toBe("Invitation link copied!");
    expect(en.inbox.removed).toBe("You have been removed from the group");
    expect(en.inbox.dissolved).toBe("This group has been dissolved");
    expect(en.inbox.left).toBe("You have left the group");
  });
});
