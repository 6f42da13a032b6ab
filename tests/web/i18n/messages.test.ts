import { describe, expect, it } from "vitest";
import { en } from "../../../web/i18n/en";
import { zh } from "../../../web/i18n/zh";

function leaves(value: unknown, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof child === "string") out.set(path, child);
    else for (const [k, v] of leaves(child, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();

describe("translations", () => {
  const enLeaves = leaves(en);
  const zhLeaves = leaves(zh);

  it("have the same keys in both languages", () => {
    expect([...zhLeaves.keys()].sort()).toEqual([...enLeaves.keys()].sort());
  });

  it("use the same placeholders in both languages", () => {
    for (const [key, text] of enLeaves) expect([key, placeholders(zhLeaves.get(key) ?? "")]).toEqual([key, placeholders(text)]);
  });

  it("keep the spec's wording verbatim", () => {
    expect(en.shell.welcomeTitle).toBe("Select a chat to start messaging");
    expect(en.shell.welcomeBody).toBe("Choose a virtual employee or group chat from the sidebar!");
    expect(en.orgs.empty).toBe("no organizations available");
    expect(en.orgs.loading).toBe("Loading organizations...");
    expect(en.orgs.join).toBe("+ Join Organization");
    expect(en.screens.redirectingHome).toBe("Redirecting to the home page...");
    expect(en.errors.requestTimeout).toBe("Request timeout");
    expect(en.plans.limitReached).toBe("Limit reached");
  });
});
