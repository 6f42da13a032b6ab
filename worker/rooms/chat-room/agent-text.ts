import type { AgentRunInfo, ServerFrame } from "../../../contract";
import type { RoomStore } from "./store";

/** A reply being written: its text so far, how much of it its audience has, and when it was last saved. */
export interface ReplyDraft {
  info: Pick<AgentRunInfo, "room" | "chat_type" | "message_id" | "content">;
  /** The asker of an ask-only reply: the only user whose sockets get its frames. */
  visibleTo: string | undefined;
  /** Characters of `content` already sent as streaming_message frames. */
  sent: number;
  savedAt: number;
}

/** Deltas of one reply arriving within this long go out as one frame. */
export const FRAME_MS = 40;
/** A restart loses at most this much of a reply's text. */
export const SAVE_EVERY_MS = 1000;

interface TextIo {
  store: RoomStore;
  broadcast(frame: ServerFrame, onlyUser?: string): void;
}

/**
 * The text of the room's replies on its way to sockets and storage. A reply's first text goes out
 * at once (time to first token); what follows is sent once per frame interval, as one chunk with
 * its offset, for every reply that grew, so a hundred replies streaming at once cost the room a
 * frame per reply per interval instead of one per token. Late joiners lose nothing: the run info
 * they get holds the whole text, and a chunk's offset says where it goes. Saving rides on the same
 * pass: replies due for a save are written together.
 */
export class ReplyText {
  private readonly waiting = new Set<ReplyDraft>();
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly io: TextIo) {}

  append(draft: ReplyDraft, delta: string): void {
    draft.info.content += delta;
    if (draft.sent === 0) return this.flush(draft);
    this.waiting.add(draft);
    this.timer ??= setTimeout(() => this.tick(), FRAME_MS);
  }

  /** Sends what the audience has not seen yet (before the reply is finished or paused, too). */
  flush(draft: ReplyDraft): void {
    this.waiting.delete(draft);
    const { room, chat_type, message_id, content } = draft.info;
    if (content.length > draft.sent) {
      this.io.broadcast({ type: "streaming_message", room, chat_type, message_id, chunk: content.slice(draft.sent), offset: draft.sent }, draft.visibleTo);
      draft.sent = content.length;
    }
    const now = Date.now();
    if (now - draft.savedAt >= SAVE_EVERY_MS) {
      this.io.store.saveContent(message_id, content, false);
      draft.savedAt = now;
    }
  }

  private tick(): void {
    this.timer = null;
    for (const draft of [...this.waiting]) this.flush(draft);
  }
}
