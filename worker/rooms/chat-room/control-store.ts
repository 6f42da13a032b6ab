import type { PresenterAction, PresenterRequest, RequestOutcome } from "../../../contract";
import { IN_JSON_LIST } from "./sql-lists";

export interface RequestRow {
  request_id: string;
  requester: string;
  requester_name: string;
  action: PresenterAction;
  target: string | null;
  target_name: string | null;
  message: string;
  status: RequestOutcome;
  card_id: string | null;
  created_at: number;
  [key: string]: SqlStorageValue;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS presenter_requests (
  request_id TEXT PRIMARY KEY,
  requester TEXT NOT NULL,
  requester_name TEXT NOT NULL,
  action TEXT NOT NULL,
  target TEXT,
  target_name TEXT,
  message TEXT NOT NULL DEFAULT '',
  status TEXT NOT NULL DEFAULT 'pending',
  card_id TEXT,
  created_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS presenter_requests_pending ON presenter_requests(status, created_at);`;

/** Who controls the agent, and the requests waiting for the owner. Stored in the room's SQLite. */
export class ControlStore {
  constructor(
    private readonly sql: SqlStorage,
    private readonly meta: { getMeta(key: string): string | null; setMeta(key: string, value: string): void },
  ) {
    sql.exec(SCHEMA);
  }

  /** After the room's storage was erased (dissolve). */
  reset(): void {
    this.sql.exec(SCHEMA);
  }

  presenter(): { id: string; name: string } | null {
    const id = this.meta.getMeta("presenterId");
    return id ? { id, name: this.meta.getMeta("presenterName") ?? "" } : null;
  }

  setPresenter(p: { id: string; name: string } | null): void {
    this.meta.setMeta("presenterId", p?.id ?? "");
    this.meta.setMeta("presenterName", p?.name ?? "");
  }

  pending(): RequestRow[] {
    return this.sql.exec<RequestRow>("SELECT * FROM presenter_requests WHERE status = 'pending' ORDER BY created_at").toArray();
  }

  get(requestId: string): RequestRow | null {
    return this.sql.exec<RequestRow>("SELECT * FROM presenter_requests WHERE request_id = ?", requestId).toArray()[0] ?? null;
  }

  pendingFrom(requester: string, action: PresenterAction): RequestRow | null {
    return (
      this.sql.exec<RequestRow>("SELECT * FROM presenter_requests WHERE status = 'pending' AND requester = ? AND action = ?", requester, action).toArray()[0] ??
      null
    );
  }

  insert(r: Omit<RequestRow, "status" | "card_id">): RequestRow {
    return this.sql
      .exec<RequestRow>(
        "INSERT INTO presenter_requests (request_id, requester, requester_name, action, target, target_name, message, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING *",
        r.request_id,
        r.requester,
        r.requester_name,
        r.action,
        r.target,
        r.target_name,
        r.message,
        r.created_at,
      )
      .one();
  }

  setCard(requestId: string, cardId: string): void {
    this.sql.exec("UPDATE presenter_requests SET card_id = ? WHERE request_id = ?", cardId, requestId);
  }

  decide(requestId: string, status: Exclude<RequestOutcome, "pending">): void {
    this.sql.exec("UPDATE presenter_requests SET status = ? WHERE request_id = ? AND status = 'pending'", status, requestId);
  }

  /** Pending requests that no longer make sense (their requester left, or got control another way). */
  supersede(where: (r: RequestRow) => boolean): RequestRow[] {
    const stale = this.pending().filter(where);
    for (const r of stale) this.decide(r.request_id, "ignore");
    return stale;
  }

  statuses(ids: string[]): Map<string, RequestOutcome> {
    if (ids.length === 0) return new Map();
    const rows = this.sql
      .exec<{ request_id: string; status: RequestOutcome }>(
        `SELECT request_id, status FROM presenter_requests WHERE request_id ${IN_JSON_LIST}`,
        JSON.stringify(ids),
      )
      .toArray();
    return new Map(rows.map((r) => [r.request_id, r.status]));
  }
}

export function toPresenterRequest(r: RequestRow, chatId: string, ownerId: string): PresenterRequest {
  return {
    requestId: r.request_id,
    chatId,
    room: chatId,
    requester: r.requester,
    requesterName: r.requester_name,
    action: r.action,
    targetPresenter: r.target,
    targetPresenterName: r.target_name,
    ownerId,
    message: r.message,
    timestamp: new Date(r.created_at).toISOString(),
  };
}
