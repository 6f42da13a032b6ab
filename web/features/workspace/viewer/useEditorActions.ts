// What the viewer's editors share: editing a draft, autosave of the current file, saving now,
// the read-only warning, and closing tabs without losing unsaved text.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../../ui/toast";
import { READ_ONLY_WARNING_MS } from "../../../../contract/workspace";
import { AutosaveScheduler, TimedFlag } from "./autosave";
import { docKey, isDirty, useDocumentsStore } from "./documents";
import { saveFile } from "./fileApi";
import { fileTabId, useTabsStore, type ViewerTab } from "./tabsStore";

/** The file changed on disk under unsaved edits: autosave would overwrite the agent's work unasked. */
function changedOnDisk(filePath: string): boolean {
  const id = fileTabId(filePath);
  return useTabsStore.getState().tabs.some((tab) => tab.id === id && tab.changedOnDisk);
}

export interface EditorActions {
  canEdit: boolean;
  edit(filePath: string, value: string): void;
  saveNow(filePath: string): void;
  readOnlyAttempt(): void;
  readOnlyWarning: boolean;
  /** Closes tabs; an unsaved file is saved first, then forgotten. */
  closeTabs(tabs: readonly ViewerTab[]): void;
}

export function useEditorActions(projectId: string | null, canEdit: boolean, activePath: string | null): EditorActions {
  const { t } = useTranslation();
  const current = useRef({ projectId, canEdit, activePath });
  current.current = { projectId, canEdit, activePath };

  const [readOnlyWarning, setReadOnlyWarning] = useState(false);
  const warning = useMemo(() => new TimedFlag(READ_ONLY_WARNING_MS, setReadOnlyWarning), []);
  useEffect(() => () => warning.hide(), [warning]);

  const save = useCallback(
    async (filePath: string) => {
      const { projectId: id, canEdit: allowed } = current.current;
      if (!id) return;
      const result = await saveFile(id, filePath, allowed);
      if (result.ok === false) {
        const reason = result.reason || t("errors.networkAnomaly");
        toast.error(t("workspaceViewer.editor.saveFailed", { reason }), { id: `save-failed:${filePath}` });
      }
    },
    [t],
  );

  const scheduler = useMemo(
    () =>
      new AutosaveScheduler({
        isCurrent: (path) => path === current.current.activePath,
        isSaving: (path) => !!current.current.projectId && !!useDocumentsStore.getState().get(docKey(current.current.projectId, path))?.saving,
        save: (path) => (changedOnDisk(path) ? undefined : save(path)),
      }),
    [save],
  );
  useEffect(() => () => scheduler.cancel(), [scheduler, projectId]);

  // Coming back to a file with unsaved text resumes its autosave.
  useEffect(() => {
    if (projectId && activePath && canEdit && isDirty(useDocumentsStore.getState().get(docKey(projectId, activePath)))) scheduler.edited(activePath);
  }, [projectId, activePath, canEdit, scheduler]);

  const edit = useCallback(
    (filePath: string, value: string) => {
      const { projectId: id, canEdit: allowed } = current.current;
      if (!id) return;
      useDocumentsStore.getState().edit(docKey(id, filePath), value);
      if (allowed) scheduler.edited(filePath);
    },
    [scheduler],
  );

  const saveNow = useCallback(
    (filePath: string) => {
      // Read-only: Ctrl/Cmd+S is still swallowed, there is just nothing to save.
      if (!current.current.canEdit) return;
      if (scheduler.pendingPath === filePath) scheduler.cancel();
      // Saving by hand is the user's answer to a change on disk: their text wins.
      useTabsStore.getState().setChangedOnDisk(fileTabId(filePath), false);
      void save(filePath);
    },
    [save, scheduler],
  );

  const closeTabs = useCallback(
    (tabs: readonly ViewerTab[]) => {
      const { projectId: id, canEdit: allowed } = current.current;
      for (const tab of tabs) {
        useTabsStore.getState().close(tab.id);
        if (!id || tab.type !== "file") continue;
        const key = docKey(id, tab.filePath);
        const docs = useDocumentsStore.getState();
        const stillOpen = () => useTabsStore.getState().tabs.some((open) => open.id === tab.id);
        if (scheduler.pendingPath === tab.filePath) scheduler.cancel();
        // A failed save keeps the text: reopening the file shows it, still unsaved.
        if (allowed && isDirty(docs.get(key))) void save(tab.filePath).finally(() => stillOpen() || isDirty(docs.get(key)) || docs.forget(key));
        else docs.forget(key);
      }
    },
    [save, scheduler],
  );

  return { canEdit, edit, saveNow, readOnlyAttempt: () => warning.show(), readOnlyWarning, closeTabs };
}
