import { CLOSE_FRAME_FLOOD, FRAME_BURST, FRAMES_PER_SECOND } from "../../contract";
import { closeQuietly } from "./close-socket";

/** Every this many characters of a frame cost one more frame of the budget. */
export const CHARS_PER_COST = 32 * 1024;

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * Token buckets per socket, in memory only. That is hibernation-safe: a room only hibernates after
 * its sockets were idle for seconds, longer than a bucket takes to refill, so a bucket lost to
 * hibernation would have been full anyway. No timers, nothing stored, nothing per frame but this.
 */
const buckets = new WeakMap<WebSocket, Bucket>();

/**
 * Spends one frame (more for large ones) of this socket's budget. A socket over budget is closed
 * with 4008 and false is returned: the caller drops the frame.
 */
export function spendFrame(ws: WebSocket, size: number, now = Date.now()): boolean {
  const bucket = buckets.get(ws) ?? { tokens: FRAME_BURST, at: now };
  bucket.tokens = Math.min(FRAME_BURST, bucket.tokens + ((now - bucket.at) / 1000) * FRAMES_PER_SECOND);
  bucket.at = now;
  bucket.tokens -= 1 + Math.floor(size / CHARS_PER_COST);
  buckets.set(ws, bucket);
  if (bucket.tokens >= 0) return true;
  // Frames already queued behind the close are dropped too: the bucket never refills.
  bucket.tokens = Number.NEGATIVE_INFINITY;
  closeQuietly(ws, CLOSE_FRAME_FLOOD, "Too many frames");
  return false;
}
