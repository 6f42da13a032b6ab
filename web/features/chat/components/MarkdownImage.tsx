import type { ComponentProps } from "react";
import { isAllowedImageUrl } from "../../../app/site-settings";

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
