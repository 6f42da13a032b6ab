import type * as v from "valibot";
import type { WorkspaceChangedFrame } from "../../../contract";

export type WorkspaceChanged = v.InferOutput<typeof WorkspaceChangedFrame>;
type Listener = (frame: WorkspaceChanged) => void;

/**
 * The chat's room socket hears that the agent changed files; the workspace (another feature)
 * refreshes its explorer, tabs and git view. Features may not import each other, so the frame
 * passes through this app-level channel.
 */
const listeners = new Set<Listener>();

export function emitWorkspaceChanged(frame: WorkspaceChanged): void {
  for (const listener of [...listeners]) {
    try {
      listener(frame);
    } catch (error) {
      // One broken listener must not keep the others from refreshing.
      console.error("[workspace events] listener failed", error);
    }
  }
}

/** Returns the unsubscribe. */
export function onWorkspaceChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
