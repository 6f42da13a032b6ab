import { filesChanged, openFile, openPreview, refreshOpenFiles, type OpenFileOptions } from "../viewer/tabsStore";

/**
 * The explorer, git and services side of `viewer/tabsStore.ts` (the one shared state between the
 * two halves of the workspace). A failure in the viewer must not break the action that caused it
 * (a checkout that succeeded is still a success), so it is logged, not thrown.
 */
function guarded(action: () => void): boolean {
  try {
    action();
    return true;
  } catch (error) {
    console.warn("workspace viewer call failed", error);
    return false;
  }
}

export const viewer = {
  open: (projectId: string, filePath: string, opts?: OpenFileOptions) => guarded(() => openFile(projectId, filePath, opts)),
  preview: (projectId: string, url: string) => guarded(() => openPreview(projectId, url)),
  refresh: (projectId: string) => guarded(() => refreshOpenFiles(projectId)),
  filesChanged: (projectId: string, paths: readonly string[], gitChanged: boolean) => guarded(() => filesChanged(projectId, paths, gitChanged)),
};
