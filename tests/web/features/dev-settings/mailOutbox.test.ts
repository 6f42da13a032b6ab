// @vitest-environment happy-dom
import { act, createElement } from "react";
import { createRoot, type Root } from "react-dom/client";
import { MemoryRouter } from "react-router";
import { mutate, SWRConfig } from "swr";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { DevOutboxAnswer, DevOutboxMail } from "../../../../contract";
import { resetClient } from "../../../../web/app/api/client";
import { MailOutbox } from "../../../../web/features/dev-settings/MailOutbox";
import { initI18n } from "../../../../web/i18n";
import type { Language } from "../../../../web/i18n/language";
import { jsonResponse } from "../../browserStubs";

const mail = (id: string, extra: Partial<DevOutboxMail> = {}): DevOutboxMail => ({
  id,
  kind: "friend_invite",
  to: `${id}@example.com`,
  subject: "Ada invited you to be friends",
  status: "sent",
  attempts: 1,
  lastError: null,
  link: `http://localhost/friend-invite/${id}-code`,
  createdAt: "2026-11-24T10:00:00.000Z",
  sentAt: "2026-11-24T10:00:01.000Z",
  nextAttemptAt: "2026-11-24T10:10:00.000Z",
  ...extra,
});

let root: Root | null = null;
let answers: (DevOutboxAnswer | number)[] = [];
let requests = 0;

async function settle() {
  for (let i = 0; i < 4; i++) await act(() => new Promise((r) => setTimeout(r, 15)));
}

async function show(lang: Language = "en") {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  resetClient();
  requests = 0;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      expect(new URL(String(input), "http://localhost").pathname).toBe("/api/dev/mail");
      requests++;
      const next = answers.length > 1 ? answers.shift()! : answers[0]!;
      if (typeof next === "number") return jsonResponse({ code: next, data: null, message: "Server error" }, next);
      return jsonResponse({ code: 200, data: next, message: "ok" });
    }),
  );
  initI18n(lang);
  await mutate(() => true, undefined, { revalidate: false });
  const host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
  const tree = createElement(SWRConfig, { value: { dedupingInterval: 0, provider: () => new Map() } }, createElement(MailOutbox));
  await act(async () => root!.render(createElement(MemoryRouter, { initialEntries: [`/${lang}/dev-settings`] }, tree)));
  await settle();
}

const text = () => document.body.textContent ?? "";

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = "";
  vi.unstubAllGlobals();
});

describe("the mail outbox on the developer settings page", () => {
  it("lists mails newest first with recipient, status, attempts, error and a working link", async () => {
    answers = [
      {
        smtpConfigured: true,
        mails: [
          mail("newer", { status: "pending", attempts: 2, sentAt: null, lastError: "Invalid RCPT TO: <refuse@example.com> 550 Mailbox unavailable" }),
          mail("older"),
        ],
      },
    ];
    await show();
    const rows = [...document.querySelectorAll<HTMLElement>("li[data-testid^='dev-mail-']")];
    expect(rows.map((r) => r.dataset.testid)).toEqual(["dev-mail-newer", "dev-mail-older"]);
    expect(rows[0]!.textContent).toContain("To: newer@example.com");
    expect(rows[0]!.textContent).toContain("Pending");
    expect(rows[0]!.textContent).toContain("2 attempts");
    expect(rows[0]!.textContent).toContain("Last error: Invalid RCPT TO: <refuse@example.com> 550 Mailbox unavailable");
    expect(rows[1]!.textContent).toContain("Sent");
    expect(rows[1]!.textContent).toContain("1 attempt");
    const link = rows[1]!.querySelector("a")!;
    expect(link.getAttribute("href")).toBe("http://localhost/friend-invite/older-code");
    expect(link.getAttribute("rel")).toContain("noopener");
    expect(document.querySelector("ul")!.getAttribute("aria-label")).toBe("Mails, newest first");
  });

  it("says mail is not sent while no SMTP server is configured, in Chinese too", async () => {
    answers = [{ smtpConfigured: false, mails: [] }];
    await show("zh");
    expect(text()).toContain("尚未配置 SMTP 服务器");
    expect(text()).toContain("还没有邮件");
  });

  it("offers a retry when loading fails, and Refresh loads again", async () => {
    answers = [500, { smtpConfigured: true, mails: [mail("late")] }];
    await show();
    expect(document.querySelector("[role='alert']")?.textContent).toContain("Failed to load the mail outbox");
    const retry = [...document.querySelectorAll("button")].find((b) => b.textContent === "Retry")!;
    await act(async () => retry.click());
    await settle();
    expect(document.querySelector("[data-testid='dev-mail-late']")).not.toBeNull();
    const before = requests;
    await act(async () => (document.querySelector("[data-testid='dev-mail-refresh']") as HTMLButtonElement).click());
    await settle();
    expect(requests).toBe(before + 1);
  });
});
