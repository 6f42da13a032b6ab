import { useMemo, useState, type ComponentProps, type MouseEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useInRouterContext, useNavigate } from "react-router";
import { apiHeaders } from "../../../app/api/headers";
import { FilePreview, preloadFilePreview, type PreviewFile } from "../../../ui/preview";
import { classifyLink } from "../model/links";

type AnchorProps = ComponentProps<"a"> & { node?: unknown };

/** A plain click; a click with a modifier or another button keeps the browser's own meaning (new tab, save). */
const plainClick = (event: MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

function textOf(children: ReactNode): string {
  if (typeof children === "string" || typeof children === "number") return String(children);
  if (Array.isArray(children)) return children.map(textOf).join("");
  return "";
}

/** One of our files, read with the session (same origin only: the session never goes to another site). */
async function loadOwnFile(url: string, signal: AbortSignal): Promise<Blob> {
  const { Accept: _json, ...headers } = apiHeaders(false);
  const response = await fetch(url, { headers, credentials: "include", signal });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.blob();
}

function FileLink({ url, name, children }: { url: string; name: string; children: ReactNode }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const file = useMemo<PreviewFile>(() => ({ name, url, streams: true, load: (signal) => loadOwnFile(url, signal) }), [name, url]);
  return (
    <>
      <a
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        className="md__file-link"
        title={t("preview.actions.open", { name })}
        data-testid="md-file-link"
        onPointerEnter={preloadFilePreview}
        onFocus={preloadFilePreview}
        onClick={(event) => {
          if (!plainClick(event)) return;
          event.preventDefault();
          setOpen(true);
        }}
      >
        {children}
      </a>
      {open && <FilePreview file={file} presentation="modal" open onClose={() => setOpen(false)} />}
    </>
  );
}

/** A page of the app, followed without reloading it. */
function RoutedLink({ url, path, children }: { url: string; path: string; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <a
      href={url}
      onClick={(event) => {
        if (!plainClick(event)) return;
        event.preventDefault();
        void navigate(path);
      }}
    >
      {children}
    </a>
  );
}

function InternalLink(props: { url: string; path: string; children: ReactNode }) {
  // Outside the router (a message shown by a test or a detached view) the browser follows it.
  return useInRouterContext() ? <RoutedLink {...props} /> : <a href={props.url}>{props.children}</a>;
}

/**
 * A link in a message (spec 02 §2.15): our files open the preview, pages of the app are followed in
 * place, other sites open in a new tab without an opener or referrer, mail addresses stay mail
 * links, and every other address (javascript:, data:, vbscript:, ...) is only text.
 */
export function MarkdownLink({ node: _node, href, children }: AnchorProps) {
  const target = classifyLink(href, window.location.origin, textOf(children));
  switch (target.kind) {
    case "file":
      return (
        <FileLink url={target.url} name={target.name}>
          {children}
        </FileLink>
      );
    case "internal":
      return (
        <InternalLink url={target.url} path={target.path}>
          {children}
        </InternalLink>
      );
    case "external":
      return (
        <a href={target.url} target="_blank" rel="noopener noreferrer">
          {children}
        </a>
      );
    case "mailto":
      return <a href={target.url}>{children}</a>;
    default:
      return (
        <span className="md__link-blocked" data-testid="md-blocked-link">
          {children}
        </span>
      );
  }
}
