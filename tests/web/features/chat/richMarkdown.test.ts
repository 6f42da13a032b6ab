// @vitest-environment happy-dom
import { act, createElement } from "react";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { MarkdownRenderer } from "../../../../web/features/chat/components/MarkdownRenderer";
import { stripExternalCss } from "../../../../web/ui/mermaid/sanitizeSvg";
import { initI18n } from "../../../../web/i18n";
import { useRenderHost } from "../../render-host";

const mounted = useRenderHost();
let host: HTMLElement;

beforeAll(() => initI18n("en"));

beforeEach(() => {
  // Diagrams render only once on screen; here none ever is, so Mermaid never loads into happy-dom.
  vi.stubGlobal(
    "IntersectionObserver",
    class {
      observe() {}
      disconnect() {}
    },
  );
  host = mounted().element;
});

function show(text: string) {
  act(() => mounted().root.render(createElement(MarkdownRenderer, { text })));
}

describe("links in messages", () => {
  it("turns javascript:, data: and vbscript: links into text and keeps web links in a new tab", () => {
    show("[a](javascript:window.__pwned=1) [b](data:text/html,x) [c](vbscript:x) [d](https://example.org/x) [e](mailto:a@example.com)");
    const links = [...host.querySelectorAll("a")];
    expect(links.map((a) => a.getAttribute("href"))).toEqual(["https://example.org/x", "mailto:a@example.com"]);
    expect(links[0]!.getAttribute("target")).toBe("_blank");
    expect(links[0]!.getAttribute("rel")).toBe("noopener noreferrer");
    expect([...host.querySelectorAll('[data-testid="md-blocked-link"]')].map((s) => s.textContent)).toEqual(["a", "b", "c"]);
  });

  it("makes a link to our attachment a file link that opens the preview", () => {
    show("[report.pdf](/api/chat-attachments/chat_1/attach_0123456789abcdef0123456789abcdef)");
    const link = host.querySelector('[data-testid="md-file-link"]');
    expect(link?.getAttribute("href")).toBe("/api/chat-attachments/chat_1/attach_0123456789abcdef0123456789abcdef");
    expect(link?.textContent).toBe("report.pdf");
  });
});

describe("mermaid blocks", () => {
  it("waits on a block whose closing fence has not arrived, with its text so far", () => {
    show("Here:\n\n```mermaid\ngraph TD\nA-->");
    const block = host.querySelector('[data-testid="mermaid"]');
    expect(block?.getAttribute("data-phase")).toBe("waiting");
    expect(block?.textContent).toContain("Waiting for the diagram to be complete...");
    expect(host.querySelector('[data-testid="mermaid-source"]')?.textContent).toBe("graph TD\nA-->");
  });

  it("renders a closed block (and only a mermaid block)", () => {
    show("```mermaid\ngraph TD\nA-->B\n```\n\n```js\nlet a = 1;\n```");
    expect(host.querySelector('[data-testid="mermaid"]')?.getAttribute("data-phase")).toBe("rendering");
    expect(host.querySelectorAll('[data-testid="mermaid"]')).toHaveLength(1);
    expect(host.querySelector(".md__code-lang")?.textContent).toBe("js");
  });
});

// DOMPurify itself is exercised in Chromium (tests/e2e/rich-messages.test.ts): happy-dom's SVG
// namespace handling makes it keep what a browser would remove.
describe("diagram CSS", () => {
  it("removes every way out of the diagram from its CSS", () => {
    expect(stripExternalCss("@import url(https://evil.example/x.css); .a{fill:url( 'https://evil.example/p' )} .b{marker-end:url(#arrow)}")).toBe(
      " .a{fill:none} .b{marker-end:url(#arrow)}",
    );
  });
});
