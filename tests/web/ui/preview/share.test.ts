import { describe, expect, it, vi } from "vitest";
import { shareLink } from "../../../../web/ui/preview/useShare";

describe("share (spec 02 §2.15: native share, else copy the link)", () => {
  it("copies the link when there is no share sheet", async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal("navigator", { clipboard: { writeText } });
    expect(await shareLink("a.pdf", "http://app/a")).toBe("success");
    expect(writeText).toHaveBeenCalledWith("http://app/a");
  });

  it("fails when the clipboard refuses", async () => {
    vi.stubGlobal("navigator", { clipboard: { writeText: vi.fn().mockRejectedValue(new Error("denied")) } });
    expect(await shareLink("a.pdf", "http://app/a")).toBe("error");
  });

  it("uses the share sheet, treats dismissing it as nothing, and copies when sharing fails otherwise", async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal("navigator", { share, clipboard: { writeText: vi.fn() } });
    expect(await shareLink("a.pdf", "http://app/a")).toBe("success");
    expect(share).toHaveBeenCalledWith({ title: "a.pdf", url: "http://app/a" });

    vi.stubGlobal("navigator", { share: vi.fn().mockRejectedValue(new DOMException("no", "AbortError")), clipboard: { writeText: vi.fn() } });
    expect(await shareLink("a.pdf", "http://app/a")).toBe("idle");

    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal("navigator", { share: vi.fn().mockRejectedValue(new DOMException("no", "NotAllowedError")), clipboard: { writeText } });
    expect(await shareLink("a.pdf", "http://app/a")).toBe("success");
    expect(writeText).toHaveBeenCalled();
  });
});
