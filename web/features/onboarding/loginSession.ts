import { NEW_SESSION_AFTER_MS } from "../../../contract";

/** The local session record of spec 01 §3: who last logged in here, when, and how often. */
export interface LoginRecord {
  userId: string;
  lastLoginTimestamp: number;
  sessionCount: number;
}

const KEY = "teamchat.loginSession";

function read(): LoginRecord | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<LoginRecord>;
    if (typeof parsed.userId !== "string" || typeof parsed.lastLoginTimestamp !== "number") return null;
    return { userId: parsed.userId, lastLoginTimestamp: parsed.lastLoginTimestamp, sessionCount: Number(parsed.sessionCount) || 0 };
  } catch {
    return null;
  }
}

/** A new session (spec 01 §4 "Login"): no record here, another user, or more than 30 minutes since the last login. */
export function isNewSession(record: LoginRecord | null, userId: string, now: number): boolean {
  return !record || record.userId !== userId || now - record.lastLoginTimestamp > NEW_SESSION_AFTER_MS;
}

/** Checks for a new session and, when there is one, records it. Returns whether it was new. */
export function startSession(userId: string, now = Date.now()): boolean {
  const record = read();
  if (!isNewSession(record, userId, now)) return false;
  const sessionCount = record?.userId === userId ? record.sessionCount + 1 : 1;
  try {
    localStorage.setItem(KEY, JSON.stringify({ userId, lastLoginTimestamp: now, sessionCount } satisfies LoginRecord));
  } catch {
    // Without storage every load counts as new; the server still sends the welcome only once.
  }
  return true;
}
