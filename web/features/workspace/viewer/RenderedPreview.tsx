import { memo, type ComponentProps } from "react";
import { useTranslation } from "react-i18next";
import ReactMarkdown from "react-markdown";
import remarkGfm from "remark-gfm";
import { MarkdownImage } from "../../chat/components/MarkdownImage";

type Components = NonNullable<ComponentProps<typeof ReactMarkdown>["components"]>;

const COMPONENTS: Components = {
  a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noopener noreferrer" />,
  img: MarkdownImage,
};

const PLUGINS = [remarkGfm];

/** The Preview side of a markdown file: GFM, raw HTML skipped. */
export const MarkdownPreview = memo(function MarkdownPreview({ text }: { text: string }) {
  return (
    <div className="wsv-markdown" data-testid="markdown-preview">
      <ReactMarkdown remarkPlugins={PLUGINS} components={COMPONENTS} skipHtml>
        {text}
      </ReactMarkdown>
    </div>
  );
});

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
