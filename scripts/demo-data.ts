// The demo organization `npm start` seeds. E2E tests sign in with these, so they are data, not secrets.

export interface DemoUser {
  id: string;
  name: string;
  email: string;
  password: string;
  hasDevAccess: boolean;
  ownOrg: { id: string; name: string; displayName: string; inviteCode: string };
}

export const ALICE: DemoUser = {
  id: "user_demo_alice",
  name: "Alice Chen",
  email: "alice@example.com",
  password: "alice-demo-pass",
  hasDevAccess: true,
  ownOrg: { id: "org_demo_acme", name: "acme-robotics", displayName: "Acme Robotics", inviteCode: "ACMEDEMO22" },
};

export const BOB: DemoUser = {
  id: "user_demo_bob",
  name: "Bob Martin",
  email: "bob@example.com",
  password: "bob-demo-pass",
  hasDevAccess: false,
  ownOrg: { id: "org_demo_bob", name: "bob-martin", displayName: "Bob Martin's Organization", inviteCode: "BOBDEMO222" },
};

export const DEMO_USERS = [ALICE, BOB];

/** Bob works in Alice's organization too, so the switcher has something to switch. */
export const DEMO_MEMBERSHIPS: { orgId: string; userId: string; role: "admin" | "member" }[] = [
  { orgId: ALICE.ownOrg.id, userId: ALICE.id, role: "admin" },
  { orgId: BOB.ownOrg.id, userId: BOB.id, role: "admin" },
  { orgId: ALICE.ownOrg.id, userId: BOB.id, role: "member" },
];

export interface DemoVire {
  id: string;
  ownerId: string;
  orgId: string;
  name: string;
  role: string;
  description: string;
  agentType: string;
  skills: string[];
}

export const DEMO_VIRES: DemoVire[] = [
  {
    id: "vire_demo_nova",
    ownerId: ALICE.id,
    orgId: ALICE.ownOrg.id,
    name: "Nova",
    role: "Product Assistant",
    description: "Drafts specs, summarises discussions and keeps the team's notes.",
    agentType: "chatter",
    skills: ["Writing", "Summaries", "Planning"],
  },
  {
    id: "vire_demo_cody",
    ownerId: ALICE.id,
    orgId: ALICE.ownOrg.id,
    name: "Cody",
    role: "Coding Agent",
    description: "Writes and reviews code in the team's workspace.",
    agentType: "coding_agent",
    skills: ["TypeScript", "Code review", "Testing"],
  },
  {
    id: "vire_demo_iris",
    ownerId: BOB.id,
    orgId: BOB.ownOrg.id,
    name: "Iris",
    role: "Research Analyst",
    description: "Finds sources and compares options.",
    agentType: "retrieval_agent",
    skills: ["Research", "Analysis"],
  },
];

/** A group in Acme Robotics with Alice (owner), Bob and Nova, so both demo users have a chat to open. */
export const DEMO_GROUP = {
  id: "chat_demo_launch",
  orgId: ALICE.ownOrg.id,
  name: "Launch Team",
  ownerId: ALICE.id,
  participants: [
    { id: ALICE.id, type: "user", role: "owner" },
    { id: BOB.id, type: "user", role: "member" },
    { id: "vire_demo_nova", type: "virtual_employee", role: "member" },
  ],
};
