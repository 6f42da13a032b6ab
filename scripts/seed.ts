import { hashPassword } from "better-auth/crypto";
import { DEMO_GROUP, DEMO_MEMBERSHIPS, DEMO_USERS, DEMO_VIRES } from "./demo-data.ts";

const q = (s: string) => `'${s.replaceAll("'", "''")}'`;

/**
 * SQL that creates the demo organization. Idempotent: rows that exist are left alone (INSERT OR
 * IGNORE on fixed ids), so running `npm start` again never duplicates or resets anything.
 * Passwords are hashed here with better-auth's own function, so the seeded users sign in like any other.
 */
export async function demoSeedSql(now = Date.now()): Promise<string> {
  const lines: string[] = [];
  for (const u of DEMO_USERS) {
    const hash = await hashPassword(u.password);
    lines.push(
      `INSERT OR IGNORE INTO user (id, name, email, email_verified, created_at, updated_at, username, role, current_org_id, is_member, member_plan, has_dev_access) VALUES (${q(u.id)}, ${q(u.name)}, ${q(u.email)}, 1, ${now}, ${now}, ${q(u.email.split("@")[0]!)}, 'user', ${q(u.ownOrg.id)}, 0, 'free', ${u.hasDevAccess ? 1 : 0});`,
      `INSERT OR IGNORE INTO account (id, account_id, provider_id, user_id, password, created_at, updated_at) VALUES (${q(`acct_${u.id}`)}, ${q(u.id)}, 'credential', ${q(u.id)}, ${q(hash)}, ${now}, ${now});`,
      `INSERT OR IGNORE INTO organization (id, name, display_name, owner_id, invite_code, type_category, created_at) VALUES (${q(u.ownOrg.id)}, ${q(u.ownOrg.name)}, ${q(u.ownOrg.displayName)}, ${q(u.id)}, ${q(u.ownOrg.inviteCode)}, 'team', ${now});`,
    );
  }
  // The demo people are established accounts: their first run (welcome, tutorial) is behind them.
  for (const u of DEMO_USERS) {
    lines.push(
      `INSERT OR IGNORE INTO user_first_run (user_id, onboarding_status, tutorial_seen_at, welcome_sent_at, updated_at) VALUES (${q(u.id)}, 'done', ${now}, ${now}, ${now});`,
    );
  }
  for (const m of DEMO_MEMBERSHIPS) {
    lines.push(`INSERT OR IGNORE INTO organization_member (org_id, user_id, role, joined_at) VALUES (${q(m.orgId)}, ${q(m.userId)}, ${q(m.role)}, ${now});`);
  }
  for (const v of DEMO_VIRES) {
    lines.push(
      `INSERT OR IGNORE INTO virtual_employee (id, owner_id, org_id, name, role, description, skills, agent_type, created_at, updated_at) VALUES (${q(v.id)}, ${q(v.ownerId)}, ${q(v.orgId)}, ${q(v.name)}, ${q(v.role)}, ${q(v.description)}, ${q(JSON.stringify(v.skills))}, ${q(v.agentType)}, ${now}, ${now});`,
    );
  }
  const g = DEMO_GROUP;
  lines.push(
    `INSERT OR IGNORE INTO chat (id, org_id, name, description, kind, owner_id, created_at, updated_at) VALUES (${q(g.id)}, ${q(g.orgId)}, ${q(g.name)}, '', 'single_group', ${q(g.ownerId)}, ${now}, ${now});`,
  );
  for (const p of g.participants) {
    lines.push(
      `INSERT OR IGNORE INTO chat_participant (chat_id, participant_id, participant_type, cp_role, joined_at) VALUES (${q(g.id)}, ${q(p.id)}, ${q(p.type)}, ${q(p.role)}, ${now});`,
    );
  }
  return lines.join("\n") + "\n";
}
