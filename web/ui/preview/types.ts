/** A file to preview, wherever it lives: a chat attachment, a workspace file. */
export interface PreviewFile {
  name: string;
  /** The type the server found in the bytes, if known. */
  mimeType?: string | null;
  /** Known before fetching (attachments): a file over its kind's limit is refused without downloading it. */
  size?: number | null;
  /** The bytes (the caller knows how to authenticate). */
  load: (signal: AbortSignal) => Promise<Blob>;
  /** The file's address: Share hands it out (without one, Share is not offered). */
  url?: string | null;
  /** The browser's cookies open `url`, so video and audio stream from it instead of being downloaded first. */
  streams?: boolean;
  /** Saves the original file; by default the loaded bytes (or `url`) are saved under `name`. */
  download?: () => Promise<void>;
}

export type PreviewPresentation = "modal" | "panel";

export interface FilePreviewProps {
  file: PreviewFile;
  presentation: PreviewPresentation;
  /** Modal: the dialog is shown while true. Panel: ignored. */
  open?: boolean;
  /** Closes the modal or the panel; a panel without it has no Close button (the workspace's tab closes it). */
  onClose?: () => void;
}
