import { DurableObject } from "cloudflare:workers";
import type { Env } from "../env";
import { rebuildStep } from "./rebuild";
import {
  clearMessages,
  createSchema,
  indexMessages,
  markChatsRemoved,
  messageCount,
  planRebuild,
  plannedChats,
  purgeRemoved,
  type ShardMessage,
  type SqlExec,
  type SqlValue,
} from "./shard-sql";
import { searchShard, type ShardHit, type ShardQuery } from "./shard-query";

/** Rows of removed chats deleted per event; the rest follow from the alarm. */
const PURGE_STEP = 5000;

function execOn(sql: SqlStorage): SqlExec {
  return { exec: <T extends Record<string, SqlValue>>(query: string, ...params: SqlValue[]) => sql.exec<T>(query, ...params).toArray() };
}

/**
 * The message search index of one organization (`idFromName(orgId)`): each message's text with an
 * FTS5 index, in this object's own SQLite. Fed by the mirror queue job, asked by `GET /api/search`
 * with the caller's chats. One alarm drives the slow work: purging removed chats and rebuilding.
 */
export class SearchShard extends DurableObject<Env> {
  private readonly db: SqlExec;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.db = execOn(ctx.storage.sql);
    createSchema(this.db);
  }

  /** Idempotent by message id: a redelivered job adds nothing. */
  async index(messages: ShardMessage[]): Promise<number> {
    return indexMessages(this.db, messages);
  }

  /**
   * Dissolved chats: nothing of theirs is found from now on (their ids leave every membership in
   * D1 at once) and their rows are deleted, the first batch now and the rest from the alarm.
   */
  async removeChats(chatIds: string[]): Promise<void> {
    markChatsRemoved(this.db, chatIds);
    if (purgeRemoved(this.db, PURGE_STEP) === PURGE_STEP) await this.ctx.storage.setAlarm(Date.now());
  }

  async search(query: ShardQuery): Promise<ShardHit[]> {
    return searchShard(this.db, query);
  }

  /** Starts over from the rooms of `chatIds` (the organization's chats); the alarm does the reading. */
  async rebuild(chatIds: string[]): Promise<{ chats: number }> {
    clearMessages(this.db);
    planRebuild(this.db, chatIds);
    await this.ctx.storage.setAlarm(Date.now());
    return { chats: plannedChats(this.db) };
  }

  /** For operators and tests: chats still to rebuild, messages held, and the storage they take. */
  async status(): Promise<{ pendingChats: number; messages: number; bytes: number }> {
    return { pendingChats: plannedChats(this.db), messages: messageCount(this.db), bytes: this.ctx.storage.sql.databaseSize };
  }

  override async alarm(): Promise<void> {
    const morePurge = purgeRemoved(this.db, PURGE_STEP) === PURGE_STEP;
    const moreRebuild = await rebuildStep(this.db, this.env);
    if (morePurge || moreRebuild) await this.ctx.storage.setAlarm(Date.now());
  }
}
