import { useEffect, useRef, useState, type DragEvent, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { useLang } from "../../../i18n/useLang";
import { formatDate } from "../../../ui/format";
import { Spinner } from "../../../ui/Spinner";
import { statusColor } from "../git/gitModel";
import { formatBytes } from "./transfer";
import { treeKeyAction, type TreeRow } from "./treeModel";
import { ChevronDownIcon, ChevronRightIcon, FolderIcon, FolderOpenIcon } from "../../../ui/icons";
import { FileTypeIcon } from "../../../ui/FileTypeIcon";

/** The tree's spinner appears only for slow folders (spec 03 §4); the tooltip after 1 s (spec 03 §9). */
export const SPINNER_DELAY_MS = 350;
export const TOOLTIP_DELAY_MS = 1000;

function useDelayedFlag(on: boolean, delay: number): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!on) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), delay);
    return () => clearTimeout(timer);
  }, [on, delay]);
  return shown;
}

interface FileTreeProps {
  rows: TreeRow[];
  selectedPath: string | null;
  onSelect: (row: TreeRow) => void;
  onToggle: (path: string, open?: boolean) => void;
}

/** The file tree (WAI-ARIA tree): arrows move, Right/Left open and close folders, Enter opens. */
export function FileTree({ rows, selectedPath, onSelect, onToggle }: FileTreeProps) {
  const { t } = useTranslation();
  const [focusPath, setFocusPath] = useState<string | null>(null);
  const container = useRef<HTMLUListElement>(null);
  const tabStop = rows.some((row) => row.node.path === focusPath) ? focusPath : (selectedPath ?? rows[0]?.node.path ?? null);

  const focusRow = (path: string) => {
    setFocusPath(path);
    container.current?.querySelector<HTMLElement>(`[data-path="${CSS.escape(path)}"]`)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const action = treeKeyAction(rows, tabStop, event.key);
    if (!action) return;
    event.preventDefault();
    if (action.focus) focusRow(action.focus);
    if (action.expand) onToggle(action.expand, true);
    if (action.collapse) onToggle(action.collapse, false);
    if (action.open) {
      const row = rows.find((r) => r.node.path === action.open);
      if (row) onSelect(row); // selecting a file opens it in the viewer
    }
  };

  return (
    <ul className="ws-tree" role="tree" aria-label={t("workspace.explorer.tree")} ref={container} onKeyDown={onKeyDown} data-testid="explorer-tree">
      {rows.map((row) => (
        <TreeItem
          key={row.node.path}
          row={row}
          selected={row.node.path === selectedPath}
          tabbable={row.node.path === tabStop}
          onFocus={() => setFocusPath(row.node.path)}
          onClick={() => onSelect(row)}
        />
      ))}
    </ul>
  );
}

interface TreeItemProps {
  row: TreeRow;
  selected: boolean;
  tabbable: boolean;
  onFocus: () => void;
  onClick: () => void;
}

function TreeItem({ row, selected, tabbable, onFocus, onClick }: TreeItemProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const { node, depth, expanded, loading, error, status, changedInside } = row;
  const isDir = node.type === "directory";
  const spinner = useDelayedFlag(loading, SPINNER_DELAY_MS);
  const [hovered, setHovered] = useState(false);
  const tooltip = useDelayedFlag(hovered, TOOLTIP_DELAY_MS);
  const tooltipId = `ws-tip-${node.path}`;

  // Dragged into the chat or the editor as a file reference (spec 03 §2.2).
  const onDragStart = (event: DragEvent) => {
    event.dataTransfer.setData(
      "application/x-file-reference",
      JSON.stringify({ fileName: node.name, filePath: node.path, type: node.type, gitStatus: status }),
    );
    event.dataTransfer.setData("text/plain", node.path);
    event.dataTransfer.effectAllowed = "copy";
  };

  return (
    <li
      role="treeitem"
      aria-level={depth + 1}
      aria-expanded={isDir ? expanded : undefined}
      aria-selected={selected}
      aria-busy={loading || undefined}
      aria-describedby={tooltip ? tooltipId : undefined}
      tabIndex={tabbable ? 0 : -1}
      className={`ws-tree__row${selected ? " ws-tree__row--selected" : ""}`}
      style={{ paddingLeft: 8 + depth * 14 }}
      data-path={node.path}
      data-status={status ?? undefined}
      data-testid={`explorer-node-${node.path}`}
      draggable
      onDragStart={onDragStart}
      onFocus={onFocus}
      onClick={onClick}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
    >
      <span className="ws-tree__twisty" aria-hidden>
        {isDir ? spinner ? <Spinner size={10} /> : expanded ? <ChevronDownIcon size={12} /> : <ChevronRightIcon size={12} /> : null}
      </span>
      <span className="ws-tree__icon">
        {isDir ? expanded ? <FolderOpenIcon size={14} /> : <FolderIcon size={14} /> : <FileTypeIcon fileName={node.name} size={14} />}
      </span>
      <span className="ws-tree__name" style={{ color: statusColor(status) }}>
        {node.name}
      </span>
      {status && <span className="sr-only">({t(`workspace.git.statusNames.${status}`)})</span>}
      {changedInside && !status && <span className="ws-tree__dot" aria-hidden />}
      {error && (
        <span className="ws-tree__error" role="alert">
          {t("workspace.explorer.folderFailed")}
        </span>
      )}
      {tooltip && (
        <span role="tooltip" id={tooltipId} className="ws-tooltip">
          {node.path}
          {!isDir && <br />}
          {!isDir && t("workspace.explorer.tooltipSize", { size: formatBytes(node.size), date: formatDate(node.lastModified, lang) })}
        </span>
      )}
    </li>
  );
}
