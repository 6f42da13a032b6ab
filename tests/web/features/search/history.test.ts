// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { SEARCH_HISTORY_COOKIE_SECONDS } from "../../../../contract";
import { addToSearchHistory, clearSearchHistory, readSearchHistory, SEARCH_HISTORY_COOKIE } from "../../../../web/features/search/history";

afterEach(() => clearSearchHistory());

describe("search history cookie", () => {
  it("keeps the ten newest queries, newest first, each once", () => {
    for (let i = 1; i <= 12; i += 1) addToSearchHistory(`query ${i}`);
    expect(readSearchHistory()).toEqual(["query 12", "query 11", "query 10", "query 9", "query 8", "query 7", "query 6", "query 5", "query 4", "query 3"]);
    addToSearchHistory("  query 5 ");
    expect(readSearchHistory().slice(0, 3)).toEqual(["query 5", "query 12", "query 11"]);
    expect(readSearchHistory()).toHaveLength(10);
  });

  it("lives in a cookie that any later page can read, and is cleared", () => {
    addToSearchHistory("部署 计划");
    expect(document.cookie).toContain(`${SEARCH_HISTORY_COOKIE}=`);
    expect(readSearchHistory()).toEqual(["部署 计划"]);
    clearSearchHistory();
    expect(readSearchHistory()).toEqual([]);
    expect(document.cookie).not.toContain(`${SEARCH_HISTORY_COOKIE}=%`);
  });

  it("sets the 30-day lifetime on the cookie", () => {
    const written: string[] = [];
    let owner: object | null = document;
    while (owner && !Object.getOwnPropertyDescriptor(owner, "cookie")) owner = Object.getPrototypeOf(owner) as object | null;
    const descriptor = Object.getOwnPropertyDescriptor(owner!, "cookie")!;
    Object.defineProperty(document, "cookie", {
      configurable: true,
      get: () => descriptor.get!.call(document),
      set: (value: string) => {
        written.push(value);
        descriptor.set!.call(document, value);
      },
    });
    try {
      addToSearchHistory("roadmap");
    } finally {
      delete (document as { cookie?: string }).cookie;
    }
    expect(written[0]).toContain(`Max-Age=${SEARCH_HISTORY_COOKIE_SECONDS}`);
    expect(written[0]).toContain("Path=/");
  });

  it("drops the oldest queries rather than outgrow a cookie, and ignores a damaged cookie", () => {
    for (let i = 0; i < 10; i += 1) addToSearchHistory(`${"长".repeat(150)}${i}`);
    const kept = readSearchHistory();
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(10);
    expect(kept[0]).toBe(`${"长".repeat(150)}9`);
    document.cookie = `${SEARCH_HISTORY_COOKIE}=%7Bbroken; Path=/`;
    expect(readSearchHistory()).toEqual([]);
  });
});
