import { describe, expect, it } from "vitest";
import { call, expectError, expectJsonBodyChecks, expectSignedOutRefused, signIn, signUp, type TestUser } from "../helpers";

const TUTORIAL = "/api/tutorial";
const WELCOME = "/api/onboarding/welcome";
const welcomes = async (u: TestUser) => {
  const r = await call("/api/notifications?limit=50", { token: u.token });
  expect(r.status).toBe(200);
  return r.json.data.notifications.filter((n: any) => n.type === "custom" && /TeamChat/.test(n.title));
};

describe("/api/tutorial", () => {
  it("refuses without a session", async () => {
    await expectSignedOutRefused(TUTORIAL);
    await expectSignedOutRefused(TUTORIAL, "PUT", { hasSeenChatTutorial: true });
  });

  it("records that the tutorial was seen, for every browser of the user only", async () => {
    const u = await signUp("Learner");
    const other = await signUp("Other Learner");
    expect((await call(TUTORIAL, { token: u.token })).json.data).toEqual({ hasSeenChatTutorial: false });
    const put = await call(TUTORIAL, { token: u.token, method: "PUT", body: { hasSeenChatTutorial: true } });
    expect(put.status).toBe(200);
    // A second session (another browser) reads the same flag.
    const second = await signIn(u.email);
    expect(second.token).not.toBe(u.token);
    expect((await call(TUTORIAL, { token: second.token })).json.data).toEqual({ hasSeenChatTutorial: true });
    expect((await call(TUTORIAL, { token: other.token })).json.data).toEqual({ hasSeenChatTutorial: false });
    // Showing it again is the user's choice.
    await call(TUTORIAL, { token: u.token, method: "PUT", body: { hasSeenChatTutorial: false } });
    expect((await call(TUTORIAL, { token: u.token })).json.data).toEqual({ hasSeenChatTutorial: false });
  });

  it("refuses a body that is not a boolean", async () => {
    const u = await signUp("Sloppy");
    expectError(
      await call(TUTORIAL, { token: u.token, method: "PUT", body: { hasSeenChatTutorial: "yes" } }),
      400,
      "hasSeenChatTutorial must be true or false",
    );
    await expectJsonBodyChecks(TUTORIAL, "PUT", u.token, { hasSeenChatTutorial: true });
  });
});

describe("/api/onboarding/welcome", () => {
  it("sends the welcome message once per user, even to racing sessions", async () => {
    const u = await signUp("Greeted");
    const answers = await Promise.all([0, 1, 2].map(() => call(WELCOME, { token: u.token, body: { locale: "en" } })));
    expect(answers.map((r) => r.json.data.sent).filter(Boolean)).toHaveLength(1);
    expect((await call(WELCOME, { token: u.token, body: { locale: "en" } })).json.data).toEqual({ sent: false });
    const got = await welcomes(u);
    expect(got).toHaveLength(1);
    expect(got[0].title).toBe("Welcome to TeamChat!");
    expect(got[0].content).toContain("Greeted");
  });

  it("speaks the user's language and reaches nobody else", async () => {
    const u = await signUp("Zhang");
    const other = await signUp("Bystander");
    expect((await call(WELCOME, { token: u.token, body: { locale: "zh" } })).json.data).toEqual({ sent: true });
    expect((await welcomes(u))[0].title).toBe("欢迎使用 TeamChat！");
    expect(await welcomes(other)).toHaveLength(0);
  });

  it("refuses an unknown locale", async () => {
    const u = await signUp("Polyglot");
    expectError(await call(WELCOME, { token: u.token, body: { locale: "fr" } }), 400, "Invalid locale");
    expect(await welcomes(u)).toHaveLength(0);
  });
});
