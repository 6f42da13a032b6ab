// The file preview's entry for the rest of the app. Only this module, the kind detection and
// the inline media players are loaded with a page; the viewers and their libraries (mammoth,
// DOMPurify, read-excel-file, papaparse) arrive the first time a preview opens.
import { lazyComponent, LazyBoundary } from "../lazy";
import type { FilePreviewProps } from "./types";

const LazyFilePreview = lazyComponent<FilePreviewProps>(() => import("./FilePreview").then((m) => m.default));

/** Starts loading the viewer code ahead of a click (hover or focus on something that opens a preview). */
export const preloadFilePreview = LazyFilePreview.preload;

/** The preview of one file as a modal or a side panel; renders nothing for a closed modal that never opened. */
export function FilePreview(props: FilePreviewProps) {
  if (props.presentation === "modal" && !props.open && !LazyFilePreview.isLoaded()) return null;
  return (
    <LazyBoundary variant={props.presentation === "modal" ? "overlay" : "panel"} onClose={props.onClose}>
      <LazyFilePreview {...props} />
    </LazyBoundary>
  );
}

export { previewKind, formatFileSize, type PreviewKind } from "./kinds";
export { MediaElement } from "./MediaElement";
export { SandboxedHtml } from "./SandboxedHtml";
export type { FilePreviewProps, PreviewFile, PreviewPresentation } from "./types";
