// Users, sessions and one group chat per scenario, written straight into local D1 before the app
// starts: signing up hundreds of users through the API would (rightly) hit the rate limit.
import { SESSION_SECONDS } from "../worker/auth/session-times.ts";

export const BENCH_ORG = "org_bench";
export const benchChatId = (clients: number) => `chat_bench_${clients}`;
export const benchToken = (i: number) => `benchtoken${String(i).padStart(4, "0")}xxxxxxxxxxxxxxxx`;

/**
 * When a session signed in at `now` expires: its full term, as sign-in gives it. A shorter one reads as
 * a session signed in days ago and due for renewal, which every request then hands to better-auth
 * (worker/auth/fast-session.ts) instead of the one-read path real sessions take most of the time.
 */
const sessionExpiry = (now: number) => now + SESSION_SECONDS * 1000;

export function benchSeedSql(maxClients: number, chatSizes: number[], now = Date.now()): string {
  const lines: string[] = [];
  const expires = sessionExpiry(now);
  for (let i = 0; i < maxClients; i += 1) {
    const id = `user_bench_${i}`;
    lines.push(
      `INSERT OR IGNORE INTO user (id, name, email, email_verified, created_at, updated_at, username, current_org_id) VALUES ('${id}', 'Bench ${i}', 'bench${i}@bench.local', 1, ${now}, ${now}, 'bench${i}', '${BENCH_ORG}');`,
      `INSERT OR IGNORE INTO session (id, expires_at, token, created_at, updated_at, user_id) VALUES ('sess_bench_${i}', ${expires}, '${benchToken(i)}', ${now}, ${now}, '${id}');`,
    );
  }
  lines.push(
    `INSERT OR IGNORE INTO organization (id, name, display_name, owner_id, invite_code, created_at) VALUES ('${BENCH_ORG}', 'bench', 'Bench', 'user_bench_0', 'BENCHCODE1', ${now});`,
  );
  for (let i = 0; i < maxClients; i += 1) {
    lines.push(
      `INSERT OR IGNORE INTO organization_member (org_id, user_id, role, joined_at) VALUES ('${BENCH_ORG}', 'user_bench_${i}', '${i === 0 ? "admin" : "member"}', ${now});`,
    );
  }
  for (const size of chatSizes) {
    const chatId = benchChatId(size);
    lines.push(
      `INSERT OR IGNORE INTO chat (id, org_id, name, kind, owner_id, created_at, updated_at) VALUES ('${chatId}', '${BENCH_ORG}', 'Bench ${size}', 'human_group', 'user_bench_0', ${now}, ${now});`,
    );
    for (let i = 0; i < size; i += 1) {
      lines.push(
        `INSERT OR IGNORE INTO chat_participant (chat_id, participant_id, participant_type, cp_role, joined_at) VALUES ('${chatId}', 'user_bench_${i}', 'user', '${i === 0 ? "owner" : "member"}', ${now});`,
      );
    }
  }
  return lines.join("\n") + "\n";
}

export const AGENT_CHAT = "chat_bench_agent";
export const AGENT_VIRE = "vire_bench_agent";

/** A group with a VIRE for the agent benchmark; its members get an unlimited plan so quotas never bite. */
export function agentSeedSql(members: number, now = Date.now()): string {
  const lines = [
    `UPDATE user SET is_member = 1, member_plan = 'enterprise' WHERE id LIKE 'user_bench_%';`,
    `INSERT OR IGNORE INTO virtual_employee (id, owner_id, org_id, name, role, created_at, updated_at) VALUES ('${AGENT_VIRE}', 'user_bench_0', '${BENCH_ORG}', 'Bench Vire', 'assistant', ${now}, ${now});`,
    // The workspace benchmark creates a project, which needs the owner's coding agent.
    `INSERT OR IGNORE INTO virtual_employee (id, owner_id, org_id, name, role, agent_type, created_at, updated_at) VALUES ('vire_bench_coder', 'user_bench_0', '${BENCH_ORG}', 'Bench Coder', 'engineer', 'coding_agent', ${now}, ${now});`,
    `INSERT OR IGNORE INTO chat (id, org_id, name, kind, owner_id, created_at, updated_at) VALUES ('${AGENT_CHAT}', '${BENCH_ORG}', 'Bench Agent', 'single_group', 'user_bench_0', ${now}, ${now});`,
    `INSERT OR IGNORE INTO chat_participant (chat_id, participant_id, participant_type, cp_role, joined_at) VALUES ('${AGENT_CHAT}', '${AGENT_VIRE}', 'virtual_employee', 'member', ${now});`,
  ];
  for (let i = 0; i < members; i += 1) {
    lines.push(
      `INSERT OR IGNORE INTO chat_participant (chat_id, participant_id, participant_type, cp_role, joined_at) VALUES ('${AGENT_CHAT}', 'user_bench_${i}', 'user', '${i === 0 ? "owner" : "member"}', ${now});`,
    );
  }
  return lines.join("\n") + "\n";
}

/** The mirror benchmark's rooms: chat r holds users r, r + rooms, r + 2·rooms, … and the searcher. */
export const mirrorChatId = (room: number) => `chat_mirror_${room}`;

/**
 * Rooms for the mirror benchmark over users 0…rooms·perRoom − 1 (seeded by benchSeedSql), and one
 * more user, the searcher (index rooms·perRoom), who is a member of every room and sends nothing.
 */
export function mirrorSeedSql(rooms: number, perRoom: number, now = Date.now()): string {
  const searcher = rooms * perRoom;
  const lines = [
    `INSERT OR IGNORE INTO user (id, name, email, email_verified, created_at, updated_at, username, current_org_id) VALUES ('user_bench_${searcher}', 'Bench searcher', 'bench${searcher}@bench.local', 1, ${now}, ${now}, 'bench${searcher}', '${BENCH_ORG}');`,
    `INSERT OR IGNORE INTO session (id, expires_at, token, created_at, updated_at, user_id) VALUES ('sess_bench_${searcher}', ${sessionExpiry(now)}, '${benchToken(searcher)}', ${now}, ${now}, 'user_bench_${searcher}');`,
    `INSERT OR IGNORE INTO organization_member (org_id, user_id, role, joined_at) VALUES ('${BENCH_ORG}', 'user_bench_${searcher}', 'member', ${now});`,
  ];
  for (let r = 0; r < rooms; r += 1) {
    const chatId = mirrorChatId(r);
    lines.push(
      `INSERT OR IGNORE INTO chat (id, org_id, name, kind, owner_id, created_at, updated_at) VALUES ('${chatId}', '${BENCH_ORG}', 'Mirror ${r}', 'human_group', 'user_bench_${r}', ${now}, ${now});`,
    );
    const members = [...Array.from({ length: perRoom }, (_, k) => r + k * rooms), searcher];
    for (const [k, user] of members.entries()) {
      lines.push(
        `INSERT OR IGNORE INTO chat_participant (chat_id, participant_id, participant_type, cp_role, joined_at) VALUES ('${chatId}', 'user_bench_${user}', 'user', '${k === 0 ? "owner" : "member"}', ${now});`,
      );
    }
  }
  return lines.join("\n") + "\n";
}
