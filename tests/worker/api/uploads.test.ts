import { workerFetch } from "../worker-fetch";
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { KNOWLEDGE_TEXTS } from "../../../contract";
import { ORIGIN, expectError, freshIp, signUp, type TestUser } from "../helpers";
import { uploadCall } from "../knowledge/kb-helpers";
import { minimalPdf } from "../knowledge/pdf-fixture";

/**
 * For `/api/uploads`: the claimed type (name, query or header) only says what to
 * expect; the bytes decide, and whatever is stored is served so a browser can never run it.
 */

const HTML = "<!doctype html><html><body><script>window.__xss=1</script></body></html>";
const SVG = "<svg xmlns='http://www.w3.org/2000/svg'><script>window.__xss=1</script></svg>";

function open(u: TestUser, url: string) {
  return workerFetch(`${ORIGIN}${url}`, { headers: { authorization: `Bearer ${u.token}` } });
}

function expectSandboxed(res: Response) {
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  expect(res.headers.get("content-security-policy")).toMatch(/^sandbox; default-src 'none'/);
}

describe("upload types decided from content", () => {
  it("a PDF claim with any other bytes is refused, whatever the type says", async () => {
    const u = await signUp("Pia Pdf");
    for (const [name, type, body] of [
      ["invoice.pdf", "application/pdf", HTML],
      ["invoice.pdf", "APPLICATION/PDF; charset=utf-8", SVG],
      ["invoice", "application/pdf", HTML],
      ["scan.pdf", "", "\u0089PNG\r\n\u001a\n"],
    ] as const) {
      expectError(await uploadCall(u, name, body, type), 400, KNOWLEDGE_TEXTS.wrongType);
    }
  });

  it("a text claim must be text: binary, NUL bytes or invalid UTF-8 are refused", async () => {
    const u = await signUp("Tom Text");
    expectError(await uploadCall(u, "notes.txt", minimalPdf(["hidden"]), "text/plain"), 400, KNOWLEDGE_TEXTS.wrongType);
    expectError(await uploadCall(u, "notes.txt", new Uint8Array([0x68, 0x00, 0x69])), 400, KNOWLEDGE_TEXTS.wrongType);
    expectError(await uploadCall(u, "notes.txt", new Uint8Array([0xff, 0xfe, 0x3c, 0x73])), 400, KNOWLEDGE_TEXTS.wrongType);
    expectError(await uploadCall(u, "page.html", HTML, "text/html"), 400, KNOWLEDGE_TEXTS.wrongType);
    expectError(await uploadCall(u, "pic.svg", SVG, "image/SVG+xml"), 400, KNOWLEDGE_TEXTS.wrongType);
  });

  it("HTML inside a .txt is stored and served as plain text in a sandbox, never as a page", async () => {
    const u = await signUp("Hal Html");
    const r = await uploadCall(u, "notes.txt", HTML, "text/html");
    expect(r.status).toBe(200);
    expect(r.json.data.mimeType).toBe("text/plain; charset=utf-8");
    const res = await open(u, r.json.data.url);
    expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expectSandboxed(res);
    expect(await res.text()).toBe(HTML);
  });

  it("a real PDF is accepted (raw body and multipart) and served as a sandboxed download", async () => {
    const u = await signUp("Paula Pdf");
    const r = await uploadCall(u, "guide.pdf", minimalPdf(["Welcome"]));
    expect(r.status).toBe(200);
    expect(r.json.data.mimeType).toBe("application/pdf");
    const res = await open(u, r.json.data.url);
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="guide.pdf"; filename*=UTF-8''guide.pdf`);
    expectSandboxed(res);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(minimalPdf(["Welcome"]));

    // Multipart with a lying part type: the bytes still decide.
    const form = new FormData();
    form.append("file", new File([HTML], "guide.pdf", { type: "application/pdf" }));
    const multi = await workerFetch(`${ORIGIN}/api/uploads`, {
      method: "POST",
      headers: { origin: ORIGIN, "cf-connecting-ip": freshIp(), authorization: `Bearer ${u.token}` },
      body: form,
    });
    expect(multi.status).toBe(400);
    expect(((await multi.json()) as any).message).toBe(KNOWLEDGE_TEXTS.wrongType);
  });

  it("a stored upload with an active type (stored before this rule) downloads, sandboxed", async () => {
    const u = await signUp("Olga Old");
    const r = await uploadCall(u, "old.txt", "placeholder");
    const key = `uploads/${u.id}/${r.json.data.url.split("/")[4]}/old.txt`;
    await env.FILES.put(key, HTML, { httpMetadata: { contentType: "Text/HTML; charset=utf-8" } });
    const res = await open(u, r.json.data.url);
    expect(res.headers.get("content-type")).toBe("application/octet-stream");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; /);
    expectSandboxed(res);
  });
});
