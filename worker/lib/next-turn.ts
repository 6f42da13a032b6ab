/**
 * Resolves on a later turn of the event loop, after the I/O that arrived meanwhile. Under
 * `wrangler dev` every service of the app (D1, the queue, our Durable Objects) runs on one thread,
 * and a chain of calls between them never lets that thread poll its sockets: a background job
 * awaiting one in-process call after another holds every chat room's frames until it ends. A
 * timer lets the thread go idle, so frames that came in are handled first. On Cloudflare those
 * calls leave the isolate anyway, and the turn costs nothing.
 */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
