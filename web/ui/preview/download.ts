import { saveBlob, saveFromUrl } from "./blobs";
import type { PreviewFile } from "./types";

/**
 * Saves the original file: the caller's own download, else the bytes already loaded, else the
 * file's address. When the first way fails, the other one is tried (spec 02 §8: the alert comes
 * only after a fallback attempt). Resolves false when both failed.
 */
export async function downloadPreviewFile(file: PreviewFile, loaded: Blob | null): Promise<boolean> {
  const ways: (() => Promise<void> | void)[] = [];
  if (file.download) ways.push(file.download);
  if (loaded) ways.push(() => saveBlob(loaded, file.name));
  if (file.url) ways.push(() => saveFromUrl(file.url!, file.name));
  ways.push(async () => saveBlob(await file.load(new AbortController().signal), file.name));
  for (const way of ways.slice(0, 2)) {
    try {
      await way();
      return true;
    } catch {
      // the next way
    }
  }
  return false;
}
