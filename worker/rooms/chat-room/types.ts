import type { ChatStream } from "../../../contract";

/** A member as the room knows it: enough to authorise a send and to name the sender. */
export interface RoomMember {
  id: string;
  name: string;
  image: string | null;
  type: "user" | "virtual_employee";
}

export interface RoomMeta {
  chatId: string;
  orgId: string;
  /** The group owner (or the user of a private chat): controls the agent when nobody is presenter. */
  ownerId?: string;
  name?: string;
}

export interface HistoryQuery {
  chatType?: ChatStream;
  /** Messages with a seq below this (the cursor of the previous page). */
  before?: number;
  limit: number;
}

/** A message the Worker asks the room to store on someone's behalf (forwarding, system notices). */
export interface AppendRequest {
  id: string;
  sender: RoomMember;
  chatType: ChatStream;
  messageType: "merged_forward" | "system_alert" | "chat";
  content: string;
}

/** Headers the Worker sets on the WebSocket upgrade it forwards; the room trusts only the Worker. */
export const USER_ID_HEADER = "x-room-user-id";
export const USER_NAME_HEADER = "x-room-user-name";
export const USER_IMAGE_HEADER = "x-room-user-image";
