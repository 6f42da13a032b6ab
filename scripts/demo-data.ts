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
