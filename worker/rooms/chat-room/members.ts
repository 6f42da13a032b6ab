import { CLOSE_REMOVED } from "../../../contract";
import { closeQuietly } from "../close-socket";
import type { AgentFrameContext } from "./agent-frames";
import { Control } from "./control";
import { sendFrame } from "./sockets";
import type { RoomMember, RoomMeta } from "./types";

/**
 * Replaces the room's member list with the Worker's (D1 is the source of truth): removed members'
 * sockets are told why and closed at once, control is re-checked, and everyone hears who came and went.
 */
export function replaceMembers(
  state: DurableObjectState,
  ctx: AgentFrameContext,
  meta: RoomMeta,
  members: RoomMember[],
  reason: "removed" | "left",
): { added: string[]; removed: string[] } {
  const { store } = ctx;
  store.setMeta("chatId", meta.chatId);
  store.setMeta("orgId", meta.orgId);
  if (meta.ownerId) store.setMeta("ownerId", meta.ownerId);
  if (meta.name !== undefined) store.setMeta("name", meta.name);
  const before = new Set(store.members().map((m) => m.id));
  const after = new Set(members.map((m) => m.id));
  const added = [...after].filter((id) => !before.has(id));
  const removed = [...before].filter((id) => !after.has(id));
  store.replaceMembers(members);
  const chatId = meta.chatId;
  for (const id of removed) {
    for (const ws of state.getWebSockets(id)) {
      sendFrame(ws, { type: "group_remove", chatId, reason });
      closeQuietly(ws, CLOSE_REMOVED, reason);
    }
  }
  if (removed.length) new Control(ctx).membersChanged();
  if (added.length) ctx.broadcast({ type: "member_add", chatId, participantIds: added });
  if (removed.length) ctx.broadcast({ type: "member_remove", chatId, participantIds: removed });
  return { added, removed };
}
