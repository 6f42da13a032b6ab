import { workerFetch } from "./worker-fetch";
import { ORIGIN } from "./helpers";

/** A test client on a room or inbox socket: collects every frame and can wait for one. */
export interface TestSocket {
  ws: WebSocket;
  frames: any[];
  send(frame: unknown): void;
  next(predicate: (f: any) => boolean, timeoutMs?: number): Promise<any>;
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

export async function openSocket(path: string, token: string, headers: Record<string, string> = {}): Promise<TestSocket> {
  const res = await workerFetch(`${ORIGIN}${path}`, { headers: { upgrade: "websocket", authorization: `Bearer ${token}`, ...headers } });
  const ws = res.webSocket;
  if (!ws) throw new Error(`no socket: ${res.status} ${await res.text()}`);
  ws.accept();
  const frames: any[] = [];
  const waiters: { predicate: (f: any) => boolean; resolve: (f: any) => void }[] = [];
  ws.addEventListener("message", (e) => {
    const frame = JSON.parse(e.data as string);
    frames.push(frame);
    for (const w of [...waiters]) {
      if (w.predicate(frame)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(frame);
      }
    }
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.addEventListener("close", (e) => resolve({ code: e.code, reason: e.reason })));
  return {
    ws,
    frames,
    closed,
    send: (frame) => ws.send(JSON.stringify(frame)),
    next(predicate, timeoutMs = 10_000) {
      const seen = frames.find(predicate);
      if (seen) {
        frames.splice(frames.indexOf(seen), 1);
        return Promise.resolve(seen);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching frame in ${timeoutMs} ms; got ${JSON.stringify(frames).slice(0, 500)}`)), timeoutMs);
        waiters.push({
          predicate,
          resolve: (f) => {
            clearTimeout(timer);
            frames.splice(frames.indexOf(f), 1);
            resolve(f);
          },
        });
      });
    },
    close: () => ws.close(1000, "done"),
  };
}

let counter = 0;
export function messageId(): string {
  counter += 1;
  return `msg_test${counter}_${crypto.randomUUID().slice(0, 8)}`;
}

export function chatMessage(text: string, chatType: 0 | 1 | 2 = 0, id = messageId(), extra: Record<string, unknown> = {}) {
  return { type: "chat_message", message_id: id, chat_type: chatType, data: { content: { text } }, ...extra };
}
