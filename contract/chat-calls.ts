import * as v from "valibot";
import { GroupName, MAX_VIRES_PER_GROUP, type ChatListItem, type MessageType } from "./chat";
import { Id } from "./organizations";

/**
 * Spec 03 §7.3's chat calls, as the coding-session flow makes them: a group with virtual employees
 * by id, the chat list and a chat's last message, each wrapped in `{success, data}`.
 */
export const EmployeeGroupBody = v.object({
  name: GroupName,
  description: v.optional(v.pipe(v.string(), v.maxLength(1000, "Description is too long")), ""),
  employeeIds: v.pipe(
    v.array(Id, "employeeIds must be a list of virtual employee ids"),
    v.minLength(1, "Please select at least one member"),
    v.maxLength(MAX_VIRES_PER_GROUP, `Each group can only select up to ${MAX_VIRES_PER_GROUP} virtual employee`),
  ),
  /** true: always a new group; false: the existing group of exactly these participants, if any. */
  forceNew: v.optional(v.boolean("forceNew must be true or false"), false),
  /** Must be the caller's current organization when given. */
  organizationId: v.optional(Id),
});

/** A body in the spec 03 shape (employee ids) rather than spec 02's participants list. */
export function isEmployeeGroupBody(body: unknown): boolean {
  return typeof body === "object" && body !== null && "employeeIds" in body;
}

/** `GET /api/chats` data: the caller's chats in the current organization, newest activity first. */
export interface ChatsAnswer {
  success: true;
  data: ChatListItem[];
}

export interface LastMessage {
  content: string;
  messageType: MessageType;
  /** False for machine-written notices (agent step cards) a reader does not see as a message. */
  displayToUser: boolean;
  timestamp: string;
}

/** `GET /api/chats/{id}/last-message` data; `data` is null for a chat without messages. */
export interface LastMessageAnswer {
  success: true;
  data: LastMessage | null;
}
