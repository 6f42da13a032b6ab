import { AGENT_TEXTS, STREAM_DISCUSS, discussRoomOf } from "../../../contract";
import type { Env } from "../../env";
import { deliverMentions, mayMention, mentionScope, parseSent, recipientsOf, type SentMessage } from "../../mentions/detect";
import { vireOf, type AgentFrameContext } from "./agent-frames";
import type { RunConfig } from "./agent-runs";
import type { MessageRow } from "./store";
import type { RoomMember } from "./types";

/** What mention handling needs of its room. */
export interface MentionRoom {
  env: Env;
  context: AgentFrameContext;
}

/**
 * After a member's message is stored, acked and broadcast: who it mentions. All of it runs in
 * waitUntil, so sending is exactly as fast as before, and a text without an @ costs one scan.
 */
export function afterMemberMessage(room: MentionRoom, row: MessageRow, sender: RoomMember, config: RunConfig): void {
  const message: SentMessage = {
    chatId: room.context.chatId(),
    messageId: row.id,
    stream: row.chat_type,
    senderId: sender.id,
    senderName: sender.name,
    text: row.content,
    createdAt: row.created_at,
    seq: row.seq,
  };
  if (!mayMention(message)) return;
  room.context.waitUntil(
    handleMentions(room, message, row, sender, config).catch((err: unknown) => console.error("chat room: mention handling failed", message.messageId, err)),
  );
}

async function handleMentions(room: MentionRoom, message: SentMessage, row: MessageRow, sender: RoomMember, config: RunConfig): Promise<void> {
  // D1 holds who is in the chat now and their usernames; the room's list has names only.
  const scope = await mentionScope(room.env, message.chatId);
  if (!scope) return;
  const vire = vireOf(room.context);
  const parsed = parseSent(message, scope, vire ? [{ id: vire.id, name: vire.name }] : []);
  if (vire && parsed.ids.includes(vire.id)) answerMention(room.context, row, sender, vire, config);
  await deliverMentions(room.env, message, scope, recipientsOf(parsed, scope, sender.id));
}

/**
 * A VIRE named in a message answers under the same rules as a direct request (spec 02 §4, §6):
 *
 * - Agent stream: only the controller (the presenter, or the owner with no presenter) can post
 *   there at all, and every post there is already a request the agent answers; a member's
 *   mention is refused with the send, so naming the VIRE adds nothing and bypasses nothing.
 * - Discussion stream: any member may name the VIRE and gets a plain answer in the discussion, in
 *   Ask mode: no coding run, no tools that touch the workspace, nothing that directs the agent in
 *   the control sense. It is what every member may already do in their own ask-only stream, only
 *   visible to the group. It is counted against the asker's plan quota like any request, and runs
 *   in its own room (discussRoomOf): one answer at a time, apart from the controller's agent runs.
 * - @all, @everyone and @here never call the VIRE: they are for people.
 */
function answerMention(ctx: AgentFrameContext, row: MessageRow, sender: RoomMember, vire: RoomMember, config: RunConfig): void {
  if (row.chat_type !== STREAM_DISCUSS) return;
  if (ctx.runs.isBusy(discussRoomOf(ctx.chatId()))) {
    ctx.broadcast({ type: "error", error: AGENT_TEXTS.busy, messageId: row.id }, sender.id);
    return;
  }
  // `start` takes the room's slot before its first await, so a second mention cannot slip in.
  ctx.waitUntil(ctx.runs.start(row, sender, vire, { mode: "ask", model: config.model }));
}
