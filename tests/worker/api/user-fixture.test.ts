import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, signIn, signUp, type TestUser } from "../helpers";

const VARYING = new Set([
  "id",
  "user_id",
  "account_id",
  "owner_id",
  "org_id",
  "token",
  "password",
  "created_at",
  "updated_at",
  "expires_at",
  "joined_at",
  "invite_code",
  "ip_address",
  "current_org_id",
]);

/** Every row sign-up and sign-in leave for a user, with what differs between any two users left out. */
async function rowsOf(u: TestUser, name: string): Promise<Record<string, unknown[]>> {
  const tables: Record<string, string> = {
    user: "SELECT * FROM user WHERE id = ?1",
    account: "SELECT * FROM account WHERE user_id = ?1",
    session: "SELECT * FROM session WHERE user_id = ?1",
    organization: "SELECT * FROM organization WHERE owner_id = ?1",
    organization_member: "SELECT * FROM organization_member WHERE user_id = ?1",
  };
  const out: Record<string, unknown[]> = {};
  for (const [table, query] of Object.entries(tables)) {
    const { results } = await env.DB.prepare(query).bind(u.id).all<Record<string, unknown>>();
    out[table] = results.map((row) =>
      Object.fromEntries(
        Object.entries(row)
          .filter(([k]) => !VARYING.has(k))
          .map(([k, v]) => [
            k,
            typeof v === "string"
              ? v
                  .replaceAll(u.email, "EMAIL")
                  .replaceAll(u.email.split("@")[0]!, "LOCAL")
                  .replaceAll(name, "NAME")
                  .replaceAll(name.toLowerCase().replaceAll(" ", "-"), "SLUG")
              : v,
          ]),
      ),
    );
  }
  return out;
}

describe("the tests' user fixture", () => {
  it("leaves the same rows as the real sign-up and sign-in routes, and its user works like theirs", async () => {
    const real = await signUp("Route Person", undefined, true);
    const quick = await signUp("Fixture Person", undefined, false);
    const realRows = await rowsOf(real, "Route Person");
    const quickRows = await rowsOf(quick, "Fixture Person");
    expect(quickRows).toEqual(realRows);

    for (const u of [real, quick]) {
      for (const auth of [{ token: u.token }, { cookie: u.cookie }]) {
        const me = await call("/api/auth/session", auth);
        expect(me.json.data).toMatchObject({ id: u.id, email: u.email, name: u.name });
      }
      expect((await signIn(u.email)).status).toBe(200);
      expect((await signIn(u.email, "wrong password here")).status).toBe(401);
    }
  });
});
