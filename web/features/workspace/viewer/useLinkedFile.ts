import { useEffect } from "react";
import { isSafeProjectPath, takeRequestedFile } from "../../../app/projectLink";
import { openFile } from "./tabsStore";

/**
 * A link to a project and file (`/home/coding-projects/{id}?filePath=`, spec 03 §2) left its file
 * for this project: it opens in the editor once the workspace shows the project. Run after the
 * tabs were reset for the project.
 */
export function useLinkedFile(projectId: string | null): void {
  useEffect(() => {
    if (!projectId) return;
    const filePath = takeRequestedFile(projectId);
    if (filePath && isSafeProjectPath(filePath)) openFile(projectId, filePath);
  }, [projectId]);
}
