import type { GroupInvite, LikeState, ReactionSummary, UnreadCounts } from "./chat";

/** Answers of the routes that act on chats and messages outside the socket. */

/** `POST /api/messages/{id}/reactions`: what the toggle did and the message's reactions now. */
export interface ReactionToggleAnswer {
  outcome: string;
  reactions: ReactionSummary[];
}

/** `GET /api/messages/{id}/reactions`. */
export interface ReactionsAnswer {
  reactions: ReactionSummary[];
}

/** `POST /api/messages/{id}/like` and `/dislike`. */
export type RatingAnswer = LikeState;

/** Calls that only report that they happened (`regenerate`). */
export interface SuccessAnswer {
  success: true;
}

/** `POST /api/messages/{id}/refresh`. */
export interface RefreshAnswer {
  success: true;
  newContent: string;
}

/** `POST /api/forward-messages`. */
export interface ForwardAnswer {
  success: true;
  forwarded: number;
  chatIds: string[];
}

/** `POST /api/unread-messages/mark-read`. */
export interface MarkReadAnswer {
  unread: UnreadCounts;
}

/** `GET /api/group-invites?chatId=`. */
export interface GroupInvitesAnswer {
  invites: GroupInvite[];
}

/** `POST /api/group-invites`: the invitation and what the inviter's client tells the invitee. */
export interface GroupInviteCreated {
  id: string;
  expiresAt: string;
  inviteCode: string;
  error: null;
  systemNotificationData: { inviteeUserId: string | null; organizationId: string; chatName: string; inviterName: string; inviteCode: string };
}

/** `POST /api/group-invites/{code}/accept`. */
export interface GroupInviteAccepted {
  chatId: string;
  chatName: string;
}

/** `POST /api/presenter-requests/{requestId}`. */
export interface PresenterDecisionAnswer {
  requestId: string;
  decision: "approve" | "reject";
}
