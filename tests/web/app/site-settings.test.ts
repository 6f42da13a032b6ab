import { describe, expect, it, vi } from "vitest";
import { embedParentOrigins, isAllowedImageUrl } from "../../../web/app/site-settings";

/** The page as the Worker serves it: its origin and the <meta> settings it wrote into <head>. */
function stubPage(meta: Record<string, string>) {
  vi.stubGlobal("window", { location: { origin: "https://chat.example.com", href: "https://chat.example.com/en/home" } });
  vi.stubGlobal("document", {
    querySelector: (selector: string) => {
      const name = /name="([^"]+)"/.exec(selector)?.[1] ?? "";
      return name in meta ? { content: meta[name] } : null;
    },
  });
}

// Markdown images are a tracking and exfiltration channel unless limited.
describe("markdown image policy", () => {
  it("allows the app itself (attachments, uploads) and the configured IMAGE_HOSTS only", () => {
    stubPage({ "teamchat-image-hosts": "https://images.example.net https://*.cdn.example.org" });
    expect(isAllowedImageUrl("/api/chat-attachments/chat_1/attach_0123")).toBe(true);
    expect(isAllowedImageUrl("https://chat.example.com/api/uploads/u/x/a.png")).toBe(true);
    expect(isAllowedImageUrl("https://images.example.net/logo.png")).toBe(true);
    expect(isAllowedImageUrl("https://a.cdn.example.org/p.png")).toBe(true);
    for (const src of [
      "https://evil.example/pixel.png?who=me",
      "http://images.example.net/logo.png",
      "https://images.example.net.evil.example/x.png",
      "https://cdn.example.org/p.png",
      "https://chat.example.com.evil.example/x.png",
      "//evil.example/x.png",
      "javascript:alert(1)",
      "data:image/svg+xml,<svg onload=alert(1)>",
      "",
      undefined,
    ]) {
      expect(isAllowedImageUrl(src), String(src)).toBe(false);
    }
  });

  it("without settings (vite dev server) only the app's own images load", () => {
    stubPage({});
    expect(isAllowedImageUrl("/api/chat-attachments/c/attach_1")).toBe(true);
    expect(isAllowedImageUrl("https://images.example.net/logo.png")).toBe(false);
  });
});

describe("logout message targets", () => {
  it("are the app itself and EMBED_ORIGINS, never *", () => {
    stubPage({ "teamchat-embed-origins": "https://portal.example.com http://localhost:9000" });
    expect(embedParentOrigins()).toEqual(["https://chat.example.com", "https://portal.example.com", "http://localhost:9000"]);
    expect(embedParentOrigins()).not.toContain("*");
  });
});
