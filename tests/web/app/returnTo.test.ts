import { describe, expect, it } from "vitest";
import { safeRedirect, withReturnTo } from "../../../web/app/session/returnTo";

const HOME = "/en/home";

describe("the page to return to after signing in", () => {
  it("keeps paths on this site, with their query and fragment", () => {
    expect(safeRedirect("/join/ABCD", HOME)).toBe("/join/ABCD");
    expect(safeRedirect("/en/home/coding-projects/p1?filePath=src/a.ts", HOME)).toBe("/en/home/coding-projects/p1?filePath=src/a.ts");
    expect(safeRedirect("/zh/home?chatId=c1#m5", HOME)).toBe("/zh/home?chatId=c1#m5");
    expect(safeRedirect(null, HOME)).toBe(HOME);
    expect(safeRedirect("", null)).toBeNull();
  });

  it("ignores every target that could leave the site or run script", () => {
    for (const evil of [
      "https://evil.test",
      "http:evil.test",
      "//evil.test",
      "///evil.test",
      "/\\evil.test",
      "\\\\evil.test",
      "/\t/evil.test",
      "/\n/evil.test",
      "/%09/evil.test/../..",
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      " /en/home",
      "en/home",
    ]) {
      const kept = safeRedirect(evil, HOME);
      // Either refused, or (a percent-encoded tab is just a character) kept as a path on this site.
      expect(kept === HOME || new URL(kept, "https://ours.test").origin === "https://ours.test", evil).toBe(true);
      expect(kept.startsWith("//"), evil).toBe(false);
    }
    expect(safeRedirect("//evil.test", HOME)).toBe(HOME);
    expect(safeRedirect("/\\evil.test", HOME)).toBe(HOME);
    expect(safeRedirect("/\t/evil.test", HOME)).toBe(HOME);
    expect(safeRedirect("javascript:alert(1)", HOME)).toBe(HOME);
    expect(safeRedirect("https://evil.test", HOME)).toBe(HOME);
  });

  it("carries the target in the query, encoded", () => {
    expect(withReturnTo("/en/auth/signin", "/en/home?chatId=c1")).toBe("/en/auth/signin?redirect=%2Fen%2Fhome%3FchatId%3Dc1");
    expect(withReturnTo("/en/auth/signin", null)).toBe("/en/auth/signin");
  });
});
