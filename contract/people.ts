import * as v from "valibot";
import { INVITE_EMAIL_PATTERN } from "./chat";

/** People: friend invitations and contacts (spec 01 §2, §3, §7). */

/** Days a friend invitation stays open. */
export const FRIEND_INVITE_DAYS = 7;
/** Friend invitations one person may send in 24 hours. */
export const FRIEND_INVITES_PER_DAY = 20;

export const FriendInviteBody = v.object({
  inviteeEmail: v.pipe(
    v.optional(v.string("Please enter a valid email address."), ""),
    v.trim(),
    v.regex(INVITE_EMAIL_PATTERN, "Please enter a valid email address."),
  ),
});

/** A code is 32 URL-safe characters; the bound keeps junk out of queries, and anything else simply matches nothing. */
export const InviteCodeParam = v.object({ inviteCode: v.pipe(v.string(), v.maxLength(64, "Invitation not found")) });

export type FriendInviteStatus = "pending" | "accepted" | "expired" | "declined" | "revoked";

/** One entry of `GET /api/friend-invites?type=sent` (spec 01 §3 "Friend invitation"). */
export interface FriendInvite {
  id: string;
  invitee_email: string;
  status: FriendInviteStatus;
  created_at: string;
  expires_at: string;
  invite_code: string;
}

export interface FriendInvitesAnswer {
  invites: FriendInvite[];
}

/** `POST /api/friend-invites`. `inviteeUserId` is null unless the invitee is already someone the inviter can see. */
export interface FriendInviteCreated {
  id: string;
  inviteCode: string;
  expiresAt: string;
  systemNotificationData: { inviteeUserId: string | null; organizationId: string | null; inviterName: string; inviteCode: string };
}

/** `GET /api/friend-invites/{inviteCode}`: what the landing page may show to anyone holding the link. */
export interface FriendInviteInfo {
  inviteCode: string;
  inviterName: string;
  inviterImage: string | null;
  status: FriendInviteStatus;
  expired: boolean;
  expiresAt: string;
}

/** `POST /api/friend-invites/{inviteCode}/accept`. */
export interface FriendInviteAccepted {
  friendId: string;
  friendName: string;
  systemNotificationData: { action: "friend_invite_accepted"; userId: string; inviterName: string; organizationId: string | null };
}

export type ContactType = "human" | "virtual_employee";

/** One entry of `GET /api/contacts/{userId}` (spec 01 §3 "Contact" and "Organization user"). */
export interface Contact {
  id: string;
  name: string;
  email: string | null;
  image: string | null;
  type: ContactType;
  /** A person's role, or a VIRE's role. */
  role: string | null;
  /** VIREs only. */
  agentType: string | null;
  isOrgAdmin: boolean;
  /** A member of my current organization. */
  isOrgMember: boolean;
  isFriend: boolean;
  lastChatTime: string | null;
}

export interface ContactsAnswer {
  contacts: Contact[];
}

export interface ContactRemoved {
  removed: true;
}

/** The server's texts for people calls (the browser shows them as they come). */
export const PEOPLE_TEXTS = {
  inviteSelf: "You cannot invite yourself",
  alreadyFriend: (email: string) => `${email} is already your friend`,
  tooManyInvites: `You can send up to ${FRIEND_INVITES_PER_DAY} friend invitations a day. Please try again tomorrow.`,
  inviteNotFound: "Invitation not found",
  ownInvite: "You cannot accept your own invitation",
  inviteUsed: "This invitation has already been used",
  inviteExpired: "This invitation has expired",
  inviteClosed: (status: string) => `This invitation is ${status}`,
  otherContacts: "You can only see your own contacts",
  contactNotFound: "Contact not found",
  humansOnly: "Only human contacts can be deleted",
  removeSelf: "You cannot remove yourself",
} as const;
