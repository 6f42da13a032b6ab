// The mirror benchmark's searcher: a member of every room, polling `GET /api/search` for the
// round's token about every 100 ms and noting when each message id first shows up. Each poll pages
// newest first and stops below the oldest message still missing: hits are ordered by the time the
// room stored them, never earlier than the message was due to be sent.
import { epochNow } from "./client-protocol.ts";
import { benchToken } from "./seed.ts";

const POLL_MS = 100;
const PAGE = 50;

interface Page {
  messages: { id: string; lastMessageTime: string | null }[];
  nextCursor: string | null;
}

export interface SearchWatch {
  /** When each id was first seen (epoch ms, when the answer arrived). */
  seen: Map<string, number>;
  /** How long each poll took, all its pages together (ms). */
  polls: number[];
  requests: number;
  errors: number;
}

/** `due`: each expected id and when it is due to be sent. Resolves once all are seen or at `deadline`. */
export async function watchSearch(base: string, searcher: number, token: string, due: Map<string, number>, deadline: number): Promise<SearchWatch> {
  const watch: SearchWatch = { seen: new Map(), polls: [], requests: 0, errors: 0 };
  const headers = { authorization: `Bearer ${benchToken(searcher)}`, origin: base };
  const page = async (cursor: string | null): Promise<Page | null> => {
    const query = new URLSearchParams({ query: token, type: "messages", sort: "newest", limit: String(PAGE), ...(cursor ? { cursor } : {}) });
    watch.requests += 1;
    const res = await fetch(`${base}/api/search?${query}`, { headers }).catch(() => null);
    if (!res?.ok) {
      watch.errors += 1;
      return null;
    }
    return ((await res.json()) as { data: Page }).data;
  };
  while (watch.seen.size < due.size && epochNow() < deadline) {
    const started = epochNow();
    let oldestMissing = Infinity;
    for (const [id, at] of due) if (at <= started && !watch.seen.has(id) && at < oldestMissing) oldestMissing = at;
    let cursor: string | null = null;
    do {
      const answer = await page(cursor);
      if (!answer) break;
      const arrived = epochNow();
      for (const m of answer.messages) if (due.has(m.id) && !watch.seen.has(m.id)) watch.seen.set(m.id, arrived);
      const last = answer.messages.at(-1)?.lastMessageTime;
      cursor = answer.nextCursor;
      if (!last || Date.parse(last) < oldestMissing) break;
    } while (cursor);
    watch.polls.push(epochNow() - started);
    const wait = started + POLL_MS - epochNow();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
  return watch;
}
