import type { AgentRunInfo, ServerFrame } from "../../../contract";
import type { MessageRow, NewMessage, RoomStore } from "./store";

/** A reply being written: its text so far, how much of it its audience has, and where it is stored. */
export interface ReplyDraft {
  info: Pick<AgentRunInfo, "room" | "chat_type" | "message_id" | "content">;
  /** The asker of an ask-only reply: the only user whose sockets get its frames. */
  visibleTo: string | undefined;
  /** Characters of `content` already sent as streaming_message frames. */
  sent: number;
  savedAt: number;
  /** The reply's row until it is written: no frame of the reply goes out before it is. */
  unstored: NewMessage | null;
}

/** Deltas of one reply arriving within this long go out as one frame. */
export const FRAME_MS = 40;
/** A restart loses at most this much of a reply's text. */
export const SAVE_EVERY_MS = 1000;

interface TextIo {
  store: RoomStore;
  broadcast(frame: ServerFrame, onlyUser?: string): void;
  publish(row: MessageRow): void;
}

/**
 * The text of the room's replies on its way to storage and sockets, in frames.
 *
 * A reply's first text goes out at once with its stored row (time to first token), and what follows
 * once per frame interval as one chunk with its offset, for every reply that grew: a hundred replies
 * streaming at once cost the room a frame per reply per interval, not one per token. Late joiners
 * lose nothing: their run info holds the whole text, and a chunk's offset says where it goes.
 *
 * Writes ride on the same pass, since each write of its own costs the room a commit: replies due for
 * a save are written together with the frame. So are replies opening in a burst: the first opens at
 * once, those opening within a frame after it open together at the next frame (one commit, not one
 * each). So are replies ending together: each one's final write and frames go with the next frame,
 * after its last text. A reply's frames never go out before its row is written, so a restart keeps
 * every reply a member has seen.
 */
export class ReplyText {
  private readonly waiting = new Set<ReplyDraft>();
  /** Replies whose model call ended: each is finished by the next frame, together (one commit for all). */
  private readonly closing = new Map<ReplyDraft, () => void>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** When the work now waiting for the frame began to wait. */
  private frameStartedAt = 0;
  private lastOpenAt = 0;

  constructor(private readonly io: TextIo) {}

  /** A new reply: its row is written with its first text. */
  open(draft: ReplyDraft, row: NewMessage): void {
    draft.info.message_id = row.id;
    draft.info.content = "";
    draft.unstored = row;
    draft.sent = 0;
    draft.savedAt = Date.now();
  }

  append(draft: ReplyDraft, delta: string): void {
    const now = Date.now();
    draft.info.content += delta;
    if (draft.unstored) {
      const quiet = now - this.lastOpenAt >= FRAME_MS;
      this.lastOpenAt = now;
      if (quiet) this.flush(draft);
    } else if (draft.sent === 0) this.send(draft);
    this.wait(now);
    this.waiting.add(draft);
    // A busy room reads model streams back to back, and a timer waits behind them: the frame that is
    // due goes out with the next text instead.
    if (now - this.frameStartedAt >= FRAME_MS) this.tick();
  }

  /**
   * The reply's model call ended: `finish` (its final write and frames) runs with the next frame,
   * right after the reply's last text went out, and the promise settles once it has. Replies ending
   * together then share one commit instead of paying one each, which a busy room pays for in time
   * before everyone else's next token.
   */
  close(draft: ReplyDraft, finish: () => void): Promise<void> {
    return new Promise((resolve, reject) => {
      this.closing.set(draft, () => {
        try {
          finish();
          resolve();
        } catch (err) {
          reject(err);
        }
      });
      const now = Date.now();
      this.wait(now);
      this.waiting.add(draft);
      if (now - this.frameStartedAt >= FRAME_MS) this.tick();
    });
  }

  /** Writes and sends what is pending (with the frame, and before the reply is finished or paused, or a notice follows it). */
  flush(draft: ReplyDraft): void {
    this.waiting.delete(draft);
    if (draft.unstored) {
      const row = this.io.store.insert({ ...draft.unstored, content: draft.info.content });
      draft.unstored = null;
      draft.savedAt = Date.now();
      this.io.publish(row);
    } else if (Date.now() - draft.savedAt >= SAVE_EVERY_MS) {
      this.io.store.saveContent(draft.info.message_id, draft.info.content, false);
      draft.savedAt = Date.now();
    }
    this.send(draft);
  }

  private wait(now: number): void {
    if (this.waiting.size === 0) this.frameStartedAt = now;
    this.timer ??= setTimeout(() => this.tick(), FRAME_MS);
  }

  private send(draft: ReplyDraft): void {
    const { room, chat_type, message_id, content } = draft.info;
    if (content.length <= draft.sent) return;
    this.io.broadcast({ type: "streaming_message", room, chat_type, message_id, chunk: content.slice(draft.sent), offset: draft.sent }, draft.visibleTo);
    draft.sent = content.length;
  }

  private tick(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    try {
      for (const draft of [...this.waiting]) this.flush(draft);
    } finally {
      // Whatever happened to the frame, ending runs end: a run left waiting would keep its room busy.
      const closing = [...this.closing.values()];
      this.closing.clear();
      for (const finish of closing) finish();
    }
  }
}
