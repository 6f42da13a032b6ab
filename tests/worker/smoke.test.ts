import { describe, expect, it } from "vitest";
import { call, signUp } from "./helpers";

describe("smoke", () => {
  it("signs up and reads the session", async () => {
    const u = await signUp("Ada Lovelace");
    expect(u.token).toBeTruthy();
    const { status, json } = await call("/api/auth/session", { token: u.token });
    expect(status).toBe(200);
    expect(json.data.email).toBe(u.email);
    expect(json.data.organizationDisplayName).toBe("Ada Lovelace's Organization");
  });
});
