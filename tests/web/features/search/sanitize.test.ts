// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { sanitizeHighlight } from "../../../../web/features/search/sanitize";

/** What a browser builds from the sanitized HTML: the element names and every attribute. */
function parse(html: string) {
  const host = document.createElement("div");
  host.innerHTML = sanitizeHighlight(html);
  const elements = [...host.querySelectorAll("*")];
  return {
    text: host.textContent,
    tags: elements.map((el) => el.tagName.toLowerCase()),
    attributes: elements.flatMap((el) => [...el.attributes].map((a) => a.name)),
    marked: [...host.querySelectorAll("mark")].map((el) => el.textContent),
  };
}

describe("search highlight sanitizer", () => {
  it("keeps the server's <mark> around matches and its escaped text as text", () => {
    const out = parse("Deploy <mark>plan</mark> for Q3 &amp; Q4 &lt;draft&gt;");
    expect(out.tags).toEqual(["mark"]);
    expect(out.marked).toEqual(["plan"]);
    expect(out.text).toBe("Deploy plan for Q3 & Q4 <draft>");
  });

  it.each([
    ["<script>alert(1)</script>", "<script>alert(1)</script>"],
    ['<img src=x onerror="alert(1)">', '<img src=x onerror="alert(1)">'],
    ["<svg/onload=alert(1)>", "<svg/onload=alert(1)>"],
    ['<a href="javascript:alert(1)">x</a>', '<a href="javascript:alert(1)">x</a>'],
    ["<iframe srcdoc='<script>x</script>'>", "<iframe srcdoc='<script>x</script>'>"],
    ["<<script>>", "<<script>>"],
    ["<style>*{display:none}</style>", "<style>*{display:none}</style>"],
  ])("renders %s as plain text", (hostile, text) => {
    const out = parse(hostile);
    expect(out.tags).toEqual([]);
    expect(out.text).toBe(text);
  });

  it("lets no attribute, other spelling or smuggled tag through with <mark>", () => {
    expect(parse('<mark onclick="alert(1)">x</mark>').tags).toEqual([]);
    expect(parse('<mark style="background:url(x)">x</mark>').attributes).toEqual([]);
    expect(parse("<MARK>x</MARK>").tags).toEqual([]);
    expect(parse("<mark >x</mark >").tags).toEqual([]);
    const nested = parse("<mark><script>alert(1)</script></mark>");
    expect(nested.tags).toEqual(["mark"]);
    expect(nested.marked).toEqual(["<script>alert(1)</script>"]);
    expect(parse("</mark><img src=x onerror=alert(1)><mark>").tags).toEqual(["mark"]);
  });

  it("balances marks and leaves text the user typed as '&lt;mark&gt;' unmarked", () => {
    expect(sanitizeHighlight("a <mark>b")).toBe("a <mark>b</mark>");
    expect(sanitizeHighlight("a</mark> b")).toBe("a b");
    expect(sanitizeHighlight("<mark><mark>x</mark>")).toBe("<mark>x</mark>");
    const typed = parse("I wrote &lt;mark&gt; by hand");
    expect(typed.tags).toEqual([]);
    expect(typed.text).toBe("I wrote <mark> by hand");
  });

  it("keeps character references that are only text, and escapes a bare ampersand", () => {
    expect(parse("&#60;script&#62;alert(1)&#x3C;/script&#x3E;")).toMatchObject({ tags: [], text: "<script>alert(1)</script>" });
    expect(sanitizeHighlight("R&D & co")).toBe("R&amp;D &amp; co");
    expect(sanitizeHighlight(`"quoted" 'single'`)).toBe("&quot;quoted&quot; &#39;single&#39;");
  });
});
