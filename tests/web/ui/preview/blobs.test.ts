import { describe, expect, it } from "vitest";
import { inertHtmlPage, newTabBlob, viewerBlob } from "../../../../web/ui/preview/blobs";

const html = `<script>window.__pwned=1</script><p title="x">"quoted" & more</p>`;

describe("blobs the preview opens (never an active type in the app's origin)", () => {
  it("puts HTML for a new tab inside a frame sandboxed without scripts, escaped into srcdoc", () => {
    const page = inertHtmlPage("a<b>.html", html);
    expect(page).toContain(`<iframe sandbox="" title="a&#60;b&#62;.html" srcdoc="&#60;script&#62;`);
    expect(page).not.toContain("<script>");
    expect(page).toContain("script-src 'none'");
  });

  it("opens HTML and SVG as inert pages and passive kinds under a passive type", async () => {
    const page = await newTabBlob("html", "x.html", new Blob([html], { type: "text/html" }));
    expect(page?.type).toBe("text/html");
    expect(await page?.text()).toContain('sandbox=""');
    const svg = await newTabBlob("svg", "x.svg", new Blob(['<svg onload="alert(1)"/>']));
    expect(await svg?.text()).toMatch(/<img alt="x.svg" src="data:image\/svg\+xml;base64,/);
    expect((await newTabBlob("text", "x.txt", new Blob(["<html>"], { type: "text/html" })))?.type).toBe("text/plain;charset=utf-8");
    expect((await newTabBlob("image", "x.png", new Blob(["<html>"]), "text/html"))?.type).toBe("image/png");
    expect((await newTabBlob("pdf", "x.pdf", new Blob(["%PDF-"])))?.type).toBe("application/pdf");
    expect(await newTabBlob("docx", "x.docx", new Blob(["PK"]))).toBeNull();
  });

  it("types the viewer's own blobs: SVG only as an image, text as plain text", () => {
    expect(viewerBlob("svg", new Blob(["<svg/>"])).type).toBe("image/svg+xml");
    expect(viewerBlob("video", new Blob([""]), "application/octet-stream").type).toBe("video/mp4");
    expect(viewerBlob("image", new Blob([""]), "image/webp").type).toBe("image/webp");
  });
});
