import { useTranslation } from "react-i18next";
import { SafeMarkdown } from "../../../ui/SafeMarkdown";

/** The Preview side of a markdown file: GFM, raw HTML skipped. */
export function MarkdownPreview({ text }: { text: string }) {
  return <SafeMarkdown text={text} className="wsv-markdown" testId="markdown-preview" />;
}

/** The Preview side of an HTML file: rendered in an opaque-origin frame, so its scripts cannot reach the app. */
export function HtmlPreview({ html, fileName }: { html: string; fileName: string }) {
  const { t } = useTranslation();
  return (
    <iframe
      className="wsv-frame"
      data-testid="html-preview"
      sandbox="allow-scripts allow-forms allow-modals"
      srcDoc={html}
      title={t("workspaceViewer.file.htmlPreview", { name: fileName })}
    />
  );
}
