import type { ChatListItem, ChatMessage, MessagesPage, Participant } from "./chat";
import type { PresenterRequest } from "./agent";

/**
 * What the chat routes answer (the `data` of the envelope). The Worker names these types at every
 * `ok<…>(c, …)`, so an answer that drifts from what the client reads fails to compile.
 */

/** `GET /api/group-chats` */
export interface ChatListAnswer {
  chats: ChatListItem[];
}

/** `POST /api/group-chats` */
export interface CreateGroupAnswer {
  groupChat: ChatListItem;
}

/** `PUT /api/group-chats/{chatId}` */
export interface RenameGroupAnswer {
  chat: ChatListItem;
}

/** `DELETE /api/group-chats/{chatId}` */
export interface DissolveGroupAnswer {
  systemNotificationData: { realUsers: string[]; chatName: string; organizationId: string; dissolverId: string };
  notificationData: { allMembers: string[]; deletedBy: string; timestamp: string; action: "dissolve_group" };
}

/** `POST /api/group-chats/{chatId}/leave` */
export interface LeaveGroupAnswer {
  chatId: string;
}

/** `GET /api/group-chats/{chatId}/messages`: a page, or the unnotified discussion (`unnotified_discuss=true`). */
export type MessagesAnswer = MessagesPage | { messages: ChatMessage[] };

/** `POST /api/group-chats/{chatId}/discuss-to-agent` */
export interface DiscussToAgentAnswer {
  success: true;
  messageId: string;
}

/** `POST /api/group-chats/{chatId}/participants` */
export interface AddParticipantsAnswer {
  systemNotificationData: { newMemberIds: string[]; organizationId: string; chatName: string; addedBy: string };
  notificationData: { newParticipantIds: string[]; originalUserIds: string[]; addedBy: string; timestamp: string };
  chatId: string;
  chatName: string;
}

/** `DELETE /api/group-chats/{chatId}/participants` */
export interface RemoveParticipantsAnswer {
  systemNotificationData: { removedMemberIds: string[]; organizationId: string; chatName: string; removedBy: string };
  notificationData: { removedParticipantIds: string[]; remainingUserIds: string[]; removedBy: string; timestamp: string };
  chatId: string;
  chatName: string;
}

/** `POST /api/private-chats` */
export interface PrivateChatAnswer {
  chatId: string;
  existing: boolean;
  name: string;
}

/** `GET /api/chats/{chatId}/participants` */
export interface ParticipantsAnswer {
  participants: Participant[];
}

/** `GET /api/chats/{chatId}/presenter-requests` (the owner only) */
export interface PresenterRequestsAnswer {
  requests: PresenterRequest[];
}

/** One person or VIRE the add-member dialog offers. */
export interface JoinCandidate {
  id: string;
  name: string;
  email: string | null;
  image: string | null;
  type: "user" | "virtual_employee";
  userType: string | null;
  source: "organization" | "virtual" | "friend";
  category: "organization" | "virtual" | "external";
  isParticipant: boolean;
}

/** `GET /api/chats/{chatId}/availableJoinMember` */
export interface AvailableJoinMembersAnswer {
  success: true;
  chatInfo: { organizationId: string };
  availableMembers: { organizationMembers: JoinCandidate[]; externalFriends: JoinCandidate[]; virtualEmployees: JoinCandidate[] };
}
