import * as Dialog from "@radix-ui/react-dialog";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { viewer } from "../layout/viewerBridge";
import { useWorkspace } from "../layout/WorkspaceContext";
import { ProjectSearchPanel } from "./ProjectSearchPanel";
import type { SearchItem } from "./searchModel";
import { useProjectSearch } from "./useProjectSearch";
import "./projectSearch.css";
import { SearchIcon } from "../../../ui/icons";

interface ProjectSearchBarProps {
  /** After a result opened in the viewer (a phone switches to the files area). */
  onOpened?: () => void;
}

/**
 * The toolbar's project search (spec 02 §2.9, spec 03 §2.1): a button (and Ctrl/Cmd+Shift+F)
 * opening a search box over the workspace, whose results open in the editor at their line.
 */
export function ProjectSearchBar({ onOpened }: ProjectSearchBarProps) {
  const { t } = useTranslation();
  const { project } = useWorkspace();
  const projectId = project?.id ?? null;
  const [open, setOpen] = useState(false);
  const search = useProjectSearch(projectId, open);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!projectId) return;
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.shiftKey && event.key.toLowerCase() === "f") {
        event.preventDefault();
        setOpen(true);
        // Already open: back to the box, with the query selected to type over.
        input.current?.focus();
        input.current?.select();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [projectId]);

  const openItem = (item: SearchItem) => {
    if (!projectId) return;
    if (item.kind === "file") viewer.open(projectId, item.path);
    else viewer.open(projectId, item.path, { lineNumber: item.line, column: item.column ?? undefined, matchLength: item.length });
    setOpen(false);
    onOpened?.();
  };

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button
          type="button"
          className="ws-tool pss-trigger"
          disabled={!project}
          aria-label={t("workspace.search.openLabel")}
          title={t("workspace.search.openLabel")}
          aria-keyshortcuts="Control+Shift+F Meta+Shift+F"
          data-testid="project-search-open"
        >
          <SearchIcon size={14} /> <span className="pss-trigger__label">{t("workspace.search.open")}</span>
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="pss-overlay" />
        <Dialog.Content
          className="pss-dialog"
          aria-describedby={undefined}
          data-testid="project-search"
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            input.current?.focus();
            input.current?.select();
          }}
          onEscapeKeyDown={(event) => {
            // Escape clears a typed query first; on an empty box it closes.
            if (search.query) {
              event.preventDefault();
              search.setQuery("");
            }
          }}
        >
          <Dialog.Title className="sr-only">{t("workspace.search.title")}</Dialog.Title>
          <ProjectSearchPanel ref={input} search={search} onOpen={openItem} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
