import { memo } from "react";
import { lazyValue, whenIdle } from "../../../ui/lazy";
import type { MarkdownProps } from "./MarkdownRenderer";

const renderer = lazyValue(() => import("./MarkdownRenderer").then((m) => m.MarkdownRenderer));
// The renderer is not on the first page; it is fetched as soon as the browser is idle after it.
whenIdle(renderer.load);

/**
 * Message markdown. Until the renderer has loaded (usually before anyone looks) a message shows
 * its text as written: escaped by React, line breaks kept, nothing clickable.
 */
export const Markdown = memo(function Markdown(props: MarkdownProps) {
  const Renderer = renderer.useValue();
  if (Renderer) return <Renderer {...props} />;
  return <div className="md md--plain">{props.text}</div>;
});
