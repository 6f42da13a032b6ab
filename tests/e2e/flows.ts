import { expect, inject } from "vitest";
import type { Page } from "playwright-core";
import type { ReceivedMail } from "../fakes/smtp-server.ts";

/** Signs in through the real form and waits for the app shell. */
export async function signIn(page: Page, email: string, password: string, lang = "en"): Promise<void> {
  await page.goto(`/${lang}/auth/signin`);
  await page.getByTestId("signin-email").fill(email);
  await page.getByTestId("signin-password").fill(password);
  await page.getByTestId("signin-submit").click();
  await page.getByTestId("app-shell").waitFor();
}

/**
 * Signs up through the real form and waits for the app shell. A new account is offered the
 * onboarding modal and, in the coding layout, the tutorial: tests about other things skip both
 * (the server remembers), unless `firstRun` is "keep".
 */
export async function signUp(page: Page, name: string, email: string, password: string, firstRun: "skip" | "keep" = "skip"): Promise<void> {
  await page.goto("/en/auth/signup");
  await page.getByTestId("signup-name").fill(name);
  await page.getByTestId("signup-email").fill(email);
  await page.getByTestId("signup-password").fill(password);
  await page.getByTestId("signup-submit").click();
  await page.getByTestId("app-shell").waitFor();
  if (firstRun === "keep") return;
  await skipFirstRun(page);
}

/** A new account skips the onboarding modal and marks the tutorial seen, as the user would by closing them. */
export async function skipFirstRun(page: Page): Promise<void> {
  await page.getByTestId("onboarding-skip").click();
  await page.getByTestId("onboarding-modal").waitFor({ state: "detached" });
  const seen = await page.request.put("/api/tutorial", { data: { hasSeenChatTutorial: true }, headers: writeHeaders(page) });
  expect(seen.status()).toBe(200);
}

export async function openUserMenu(page: Page): Promise<void> {
  await page.getByTestId("user-menu-trigger").click();
  await page.getByTestId("user-menu").waitFor();
}

export async function signOut(page: Page): Promise<void> {
  await openUserMenu(page);
  await page.getByTestId("menu-signout").click();
  await page.getByTestId("landing").waitFor();
}

/** What the server says about this browser's session, through the page's own cookies. */
export async function serverSession(page: Page): Promise<any> {
  const res = await page.request.get("/api/auth/session");
  expect(res.status()).toBe(200);
  return (await res.json()).data;
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** The mails the app delivered to `address` over SMTP (the fake server global setup starts), oldest first. */
export async function mailsTo(address: string): Promise<ReceivedMail[]> {
  const res = await fetch(`${inject("mailUrl")}/mails?to=${encodeURIComponent(address)}`);
  expect(res.status).toBe(200);
  return (await res.json()) as ReceivedMail[];
}

// ---- Demo people, organizations and plans (scripts/demo-data.ts) ----

export const ACME = "org_demo_acme";
export const ALICE = { id: "user_demo_alice", email: "alice@example.com", password: "alice-demo-pass" };
export const BOB = { id: "user_demo_bob", email: "bob@example.com", password: "bob-demo-pass" };

/** Mutating calls from the page's own cookies; the auth routes want a same-origin `origin` header. */
export function writeHeaders(page: Page): Record<string, string> {
  return { origin: new URL(page.url()).origin };
}

export async function useOrganization(page: Page, organizationId: string): Promise<void> {
  const res = await page.request.post("/api/user/update-organization", { data: { organizationId }, headers: writeHeaders(page) });
  expect(res.status()).toBe(200);
}

/** Signs in, makes Acme the current organization and opens the home page with the chat list. */
export async function signInToAcme(page: Page, who: { email: string; password: string }): Promise<void> {
  await signIn(page, who.email, who.password);
  await useOrganization(page, ACME);
  await page.goto("/en/home");
  await page.getByTestId("chat-list").waitFor();
}

/** The developer API (what the Settings page uses): `page` must belong to a developer (Alice). */
export async function setPlan(page: Page, userId: string, memberPlan: "free" | "starter" | "professional" | "enterprise"): Promise<void> {
  const res = await page.request.put(`/api/dev/users/${userId}/membership`, { data: { memberPlan, memberExpireAt: null }, headers: writeHeaders(page) });
  expect(res.status(), await res.text()).toBe(200);
}

/** expect.poll with room for a busy 2-core machine (vitest's default gives up after 1 s). */
export function eventually<T>(fn: () => T | Promise<T>, timeout = 20_000) {
  return expect.poll(fn, { timeout, interval: 100 });
}

/** A name nobody used in this run (VIREs, groups and files stay in the app between tests). */
export function uniqueName(prefix: string): string {
  return `${prefix} ${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 1e3)}`;
}

// ---- Chats ----

/** The owner's 'New group' dialog; resolves the new chat's id once `other` sees it in their list. */
export async function createGroup(owner: Page, other: Page, name: string, memberIds: string[]): Promise<string> {
  await owner.getByTestId("new-group-button").click();
  await owner.getByTestId("group-name-input").fill(name);
  for (const id of memberIds) await owner.getByTestId(`group-member-${id}`).click();
  await owner.getByTestId("create-group-submit").click();
  await owner.getByTestId("create-group-modal").waitFor({ state: "detached" });
  const row = other.locator('[data-testid^="chat-row-"]', { hasText: name });
  await row.waitFor({ timeout: 30_000 });
  return (await row.getAttribute("data-testid"))!.slice("chat-row-".length);
}

/** Waits for the open chat's room socket (the header's status dot): frames such as control requests need it. */
export async function waitConnected(page: Page): Promise<void> {
  await page.locator('[data-testid="chat-status-dot"][data-state="connected"]').waitFor({ timeout: 30_000 });
}

export async function openChat(page: Page, chatId: string): Promise<void> {
  await page.getByTestId(`chat-row-${chatId}`).click();
  await page.waitForURL(new RegExp(`chatId=${chatId}`));
  await page.getByTestId("composer-input").waitFor();
  await waitConnected(page);
}

export async function sendText(page: Page, text: string): Promise<void> {
  await page.getByTestId("composer-input").fill(text);
  await page.getByTestId("composer-send").click();
}

/** Ids of the agent reply rows the page shows now. */
export async function replyIds(page: Page): Promise<string[]> {
  const ids = await page
    .locator('[data-message-type="ai_response"]')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute("data-testid")!.slice("message-".length)));
  return ids;
}

/** Waits for an agent reply row that was not among `before`, and returns its id. */
export async function newReplyId(page: Page, before: string[], timeout = 60_000): Promise<string> {
  let found = "";
  await expect
    .poll(
      async () => {
        found = (await replyIds(page)).find((id) => !before.includes(id)) ?? "";
        return found;
      },
      { timeout, interval: 50 },
    )
    .not.toBe("");
  return found;
}

export async function replyText(page: Page, id: string): Promise<string> {
  return (await page.getByTestId(`message-content-${id}`).textContent()) ?? "";
}

/** Waits until a reply is complete (no longer marked streaming) and returns its text. */
export async function finishedReply(page: Page, id: string, timeout = 60_000): Promise<string> {
  await expect.poll(() => page.getByTestId(`message-content-${id}`).getAttribute("data-streaming"), { timeout }).toBeNull();
  return replyText(page, id);
}

// ---- What the page showed between two looks (streams are too fast to catch by polling) ----

export interface Recording {
  /** Test ids that were on the page at some moment (only those asked for). */
  seen: string[];
  /** Per agent reply id: each distinct state of its bubble, in order. */
  replies: Record<string, { streaming: boolean; length: number }[]>;
}

/** Starts a MutationObserver that notes every state of agent replies and the listed test ids. */
export async function startRecording(page: Page, watchIds: string[]): Promise<void> {
  await page.evaluate((ids) => {
    const w = window as unknown as {
      __e2eRec?: { seen: string[]; replies: Record<string, { streaming: boolean; length: number }[]> };
      __e2eObs?: MutationObserver;
    };
    w.__e2eObs?.disconnect();
    const rec = { seen: [] as string[], replies: {} as Record<string, { streaming: boolean; length: number }[]> };
    w.__e2eRec = rec;
    const scan = () => {
      for (const id of ids) if (!rec.seen.includes(id) && document.querySelector(`[data-testid="${id}"]`)) rec.seen.push(id);
      for (const row of Array.from(document.querySelectorAll('[data-message-type="ai_response"]'))) {
        const id = row.getAttribute("data-testid")!.slice("message-".length);
        const bubble = row.querySelector(`[data-testid="message-content-${id}"]`);
        if (!bubble) continue;
        // The text as shown, without the screen-reader-only 'Generating reply' of a live reply.
        const copy = bubble.cloneNode(true) as Element;
        for (const hidden of Array.from(copy.querySelectorAll(".sr-only"))) hidden.remove();
        const state = { streaming: bubble.getAttribute("data-streaming") === "true", length: (copy.textContent ?? "").length };
        const list = (rec.replies[id] ??= []);
        const last = list[list.length - 1];
        if (!last || last.streaming !== state.streaming || last.length !== state.length) list.push(state);
      }
    };
    scan();
    w.__e2eObs = new MutationObserver(scan);
    w.__e2eObs.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  }, watchIds);
}

export async function readRecording(page: Page): Promise<Recording> {
  return page.evaluate(() => (window as unknown as { __e2eRec: Recording }).__e2eRec);
}

// ---- VIREs through the documented REST API (docs/vires-api.md), for tests about something else ----

async function data<T>(res: { status(): number; text(): Promise<string> }, status = 200): Promise<T> {
  const body = await res.text();
  expect(res.status(), body).toBe(status);
  return JSON.parse(body).data as T;
}

/** Creates a VIRE owned by the page's user with one indexed .txt knowledge file; needs a plan with room. */
export async function createVireWithKnowledge(page: Page, name: string, fileName: string, fileText: string): Promise<{ id: string }> {
  const headers = writeHeaders(page);
  const vire = await data<{ id: string }>(
    await page.request.post("/api/virtual-employees", { data: { name, role: "Support Specialist", skills: ["Refunds"] }, headers }),
  );
  const base = await data<{ id: string }>(
    await page.request.post(`/api/virtual-employees/${vire.id}/knowledge-base`, { data: { name: `${name} docs` }, headers }),
  );
  const upload = await data<{ url: string; fileSize: number }>(
    await page.request.post(`/api/uploads?contentType=text%2Fplain&fileName=${encodeURIComponent(fileName)}`, {
      data: Buffer.from(fileText),
      headers: { ...headers, "content-type": "text/plain" },
    }),
  );
  const file = await data<{ status: string }>(
    await page.request.post(`/api/knowledge-base/${base.id}/files`, {
      data: { name: fileName, url: upload.url, size: upload.fileSize, chatId: null },
      headers,
    }),
  );
  expect(file.status).toBe("indexed");
  return vire;
}

export async function deleteVire(page: Page, vireId: string): Promise<void> {
  expect((await page.request.delete(`/api/virtual-employees/${vireId}`, { headers: writeHeaders(page) })).status()).toBe(200);
}

/** The stored messages of one stream of a group chat (chat_type 1 = agent), oldest first. */
export async function storedMessages(page: Page, chatId: string, chatType: 0 | 1): Promise<{ id: string; content: string; messageType: string }[]> {
  const res = await page.request.get(`/api/group-chats/${chatId}/messages?chat_type=${chatType}&limit=50`);
  return data<{ messages: { id: string; content: string; messageType: string }[] }>(res).then((d) => d.messages);
}
