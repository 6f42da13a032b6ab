import { useEffect, useRef } from "react";
import { mutate } from "swr";
import { onWorkspaceChanged } from "../../../app/realtime/workspaceEvents";
import { WORKSPACE_KEYS } from "../api";
import { viewer } from "./viewerBridge";

/**
 * Keeps the workspace in step with the coding agent: on a `workspace_changed` frame for this
 * project the tree reloads (expanded folders stay open), the tabs of the changed files reload
 * (unsaved edits are kept, see viewer/FilePane), and the git status, plus the history after a
 * commit, revalidate.
 */
export function useAgentChanges(projectId: string | null, refreshTree: () => Promise<void>): void {
  const latest = useRef(refreshTree);
  useEffect(() => {
    latest.current = refreshTree;
  });

  useEffect(() => {
    if (!projectId) return;
    // An agent writes file after file: one reload runs at a time, and one more follows it if frames came meanwhile.
    let running = false;
    let again = false;
    let closed = false;
    const reloadTree = () => {
      if (closed) return;
      if (running) {
        again = true;
        return;
      }
      running = true;
      void latest
        .current()
        .catch(() => undefined)
        .finally(() => {
          running = false;
          if (again) {
            again = false;
            reloadTree();
          }
        });
    };
    const unsubscribe = onWorkspaceChanged((frame) => {
      if (frame.projectId !== projectId) return;
      reloadTree();
      viewer.filesChanged(projectId, frame.paths, frame.git);
      void mutate(WORKSPACE_KEYS.gitStatus(projectId));
      if (frame.git) void mutate(WORKSPACE_KEYS.commits(projectId));
    });
    return () => {
      closed = true;
      unsubscribe();
    };
  }, [projectId]);
}
