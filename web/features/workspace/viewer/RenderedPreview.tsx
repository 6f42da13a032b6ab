import { SafeMarkdown } from "../../../ui/SafeMarkdown";
import { SandboxedHtml } from "../../../ui/preview";

/** The Preview side of a markdown file: GFM, raw HTML skipped. */
export function MarkdownPreview({ text }: { text: string }) {
  return <SafeMarkdown text={text} className="wsv-markdown" testId="markdown-preview" />;
}

/** The Preview side of an HTML file: the file preview's frame, where nothing in the file runs. */
export function HtmlPreview({ html, fileName }: { html: string; fileName: string }) {
  return <SandboxedHtml html={html} name={fileName} className="wsv-frame" />;
}
