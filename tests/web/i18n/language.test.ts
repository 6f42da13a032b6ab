import { afterEach, describe, expect, it, vi } from "vitest";
import { browserLanguage, pathLanguage, resolveLanguage, samePrefix, stripLanguage, withLanguage } from "../../../web/i18n/language";
import { memoryStorage } from "../browserStubs";

afterEach(() => vi.unstubAllGlobals());

describe("language in the path", () => {
  it("reads the first segment only when it is a supported language", () => {
    expect(pathLanguage("/zh/home")).toBe("zh");
    expect(pathLanguage("/en")).toBe("en");
    expect(pathLanguage("/home")).toBeNull();
    expect(pathLanguage("/fr/home")).toBeNull();
    expect(pathLanguage("/")).toBeNull();
  });

  it("swaps or adds the language and keeps the rest of the path", () => {
    expect(withLanguage("/en/usage", "zh")).toBe("/zh/usage");
    expect(withLanguage("/membership", "zh")).toBe("/zh/membership");
    expect(withLanguage("/", "en")).toBe("/en");
    expect(withLanguage("/zh", "en")).toBe("/en");
    expect(withLanguage("/zh/join/ABCD", "en")).toBe("/en/join/ABCD");
    expect(stripLanguage("/zh/usage")).toBe("/usage");
    expect(stripLanguage("/english/usage")).toBe("/english/usage");
  });

  it("builds a path in the same style as the current one", () => {
    expect(samePrefix("/zh/usage", "/home")).toBe("/zh/home");
    expect(samePrefix("/membership", "/home")).toBe("/home");
  });
});

describe("resolveLanguage", () => {
  it("prefers the path, then the saved choice, then the browser, then English", () => {
    vi.stubGlobal("localStorage", memoryStorage({ lang: "zh" }));
    vi.stubGlobal("navigator", { languages: ["en-US"] });
    expect(resolveLanguage("/en/home")).toBe("en");
    expect(resolveLanguage("/home")).toBe("zh");

    vi.stubGlobal("localStorage", memoryStorage());
    vi.stubGlobal("navigator", { languages: ["de-DE", "zh-CN"] });
    expect(resolveLanguage("/home")).toBe("zh");

    vi.stubGlobal("navigator", { languages: ["de-DE"] });
    expect(resolveLanguage("/home")).toBe("en");
  });

  it("maps browser preferences to supported languages", () => {
    expect(browserLanguage(["zh-TW"])).toBe("zh");
    expect(browserLanguage(["fr", "en-GB"])).toBe("en");
    expect(browserLanguage([])).toBeNull();
  });
});
