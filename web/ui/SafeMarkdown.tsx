import { memo, type ComponentProps } from "react";
import ReactMarkdown from "react-markdown";
import remarkGfm from "remark-gfm";
import { isAllowedImageUrl } from "../app/site-settings";

export type MarkdownComponents = NonNullable<ComponentProps<typeof ReactMarkdown>["components"]>;
type Plugins = NonNullable<ComponentProps<typeof ReactMarkdown>["remarkPlugins"]>;
type ImageProps = ComponentProps<"img"> & { node?: unknown };

/**
 * A markdown image (messages, agent replies, file previews): shown when it comes from an allowed
 * host, otherwise only a link to it, so reading a message never loads anything from a stranger.
 */
export function MarkdownImage({ node: _node, alt, src, className }: ImageProps) {
  if (typeof src === "string" && isAllowedImageUrl(src)) return <img src={src} alt={alt ?? ""} loading="lazy" className={className} />;
  if (typeof src !== "string" || !src) return <span className="md__image-blocked">{alt ?? ""}</span>;
  return (
    <a href={src} target="_blank" rel="noopener noreferrer nofollow" className="md__image-blocked" data-testid="blocked-image">
      {alt || src}
    </a>
  );
}

/** Links open in a new tab; images only from allowed hosts. */
const BASE: MarkdownComponents = {
  a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noopener noreferrer" />,
  img: MarkdownImage,
};
const GFM: Plugins = [remarkGfm];

interface SafeMarkdownProps {
  text: string;
  className: string;
  testId?: string;
  /** Added after GFM (e.g. @mentions); keep the array stable across renders. */
  plugins?: Plugins;
  /** Overrides of the base components; keep the object stable across renders. */
  components?: MarkdownComponents;
}

/** The one markdown setup of the app: GitHub-flavoured, raw HTML skipped, safe links and images. */
export const SafeMarkdown = memo(function SafeMarkdown({ text, className, testId, plugins = GFM, components = BASE }: SafeMarkdownProps) {
  return (
    <div className={className} data-testid={testId}>
      <ReactMarkdown remarkPlugins={plugins} components={components} skipHtml>
        {text}
      </ReactMarkdown>
    </div>
  );
});

/** The base components with some replaced, for a caller's own `components`. */
export function markdownComponents(overrides: MarkdownComponents): MarkdownComponents {
  return { ...BASE, ...overrides };
}

export { remarkGfm };
