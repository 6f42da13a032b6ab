import type { FileNode, GitFileStatus } from "../../../../contract";

/**
 * The explorer's lazy tree as plain data: each loaded folder's children by folder path ("" is the
 * root) and the set of expanded folders. Rows are derived, so refresh, filter and search never
 * lose which folders are open.
 */

export interface FolderState {
  children: FileNode[] | null;
  loading: boolean;
  error: string | null;
}
export type Folders = Readonly<Record<string, FolderState>>;

export interface TreeRow {
  node: FileNode;
  depth: number;
  expanded: boolean;
  loading: boolean;
  error: string | null;
  status: GitFileStatus | null;
  /** A folder with changed files somewhere inside. */
  changedInside: boolean;
}

/** Filtered unless show-hidden is on (spec 03 §5). */
export const HIDDEN_NAMES = new Set(["node_modules", ".git", "dist", ".next", ".cache", "vendor", "__pycache__", ".venv"]);

export function isHiddenNode(node: Pick<FileNode, "name" | "isHidden">): boolean {
  return node.isHidden === true || node.name.startsWith(".") || HIDDEN_NAMES.has(node.name);
}

export function parentPath(path: string): string {
  const index = path.lastIndexOf("/");
  return index < 0 ? "" : path.slice(0, index);
}

export function sortNodes(nodes: readonly FileNode[]): FileNode[] {
  return [...nodes].sort((a, b) => (a.type !== b.type ? (a.type === "directory" ? -1 : 1) : a.name.localeCompare(b.name)));
}

export function withFolder(folders: Folders, path: string, patch: Partial<FolderState>): Folders {
  const current = folders[path] ?? { children: null, loading: false, error: null };
  return { ...folders, [path]: { ...current, ...patch } };
}

function hasDirectory(children: readonly FileNode[] | null | undefined, path: string): boolean {
  return !!children?.some((child) => child.path === path && child.type === "directory");
}

/**
 * A refresh reloads the root and every expanded folder. Folders that still exist stay expanded;
 * a folder whose parent no longer lists it (deleted, renamed) or that failed to load is dropped.
 */
export function mergeRefresh(expanded: ReadonlySet<string>, fresh: Readonly<Record<string, FileNode[]>>): { folders: Folders; expanded: Set<string> } {
  const folders: Record<string, FolderState> = {};
  for (const [path, children] of Object.entries(fresh)) folders[path] = { children: sortNodes(children), loading: false, error: null };
  const stillOpen = (path: string): boolean => {
    if (path === "") return true;
    return hasDirectory(folders[parentPath(path)]?.children, path) && stillOpen(parentPath(path));
  };
  const next = new Set([...expanded].filter((path) => path !== "" && stillOpen(path) && folders[path] !== undefined));
  return { folders, expanded: next };
}

export function statusIndex(files: readonly { filePath: string; status: GitFileStatus }[]): Map<string, GitFileStatus> {
  return new Map(files.map((file) => [file.filePath.replace(/^\.?\//, "").replace(/\/$/, ""), file.status]));
}

function folderHasChanges(statuses: ReadonlyMap<string, GitFileStatus>, folder: string): boolean {
  const prefix = `${folder}/`;
  for (const path of statuses.keys()) if (path.startsWith(prefix)) return true;
  return false;
}

export interface RowOptions {
  showHidden: boolean;
  query: string;
  statuses: ReadonlyMap<string, GitFileStatus>;
}

/** The rows to render, depth first. A search shows matches among loaded nodes with their folders opened. */
export function visibleRows(folders: Folders, expanded: ReadonlySet<string>, { showHidden, query, statuses }: RowOptions): TreeRow[] {
  const needle = query.trim().toLowerCase();
  const rows: TreeRow[] = [];
  const visible = (node: FileNode) => showHidden || !isHiddenNode(node);

  const childMatches = (node: FileNode): boolean =>
    node.type === "directory" && (folders[node.path]?.children ?? []).some((child) => visible(child) && matches(child));
  const matches = (node: FileNode): boolean => node.name.toLowerCase().includes(needle) || childMatches(node);

  const walk = (folder: string, depth: number) => {
    for (const node of folders[folder]?.children ?? []) {
      if (!visible(node) || (needle && !matches(node))) continue;
      const state = folders[node.path];
      const isDir = node.type === "directory";
      // While searching, folders open to show their matches; otherwise the user's choice holds.
      const open = isDir && (needle ? childMatches(node) : expanded.has(node.path));
      rows.push({
        node,
        depth,
        expanded: open,
        loading: !!state?.loading,
        error: state?.error ?? null,
        status: statuses.get(node.path) ?? null,
        changedInside: isDir && folderHasChanges(statuses, node.path),
      });
      if (open) walk(node.path, depth + 1);
    }
  };
  walk("", 0);
  return rows;
}

export type TreeKeyAction = { focus?: string; expand?: string; collapse?: string; open?: string };

/** Arrow-key navigation of a tree (WAI-ARIA tree pattern) over the rendered rows. */
export function treeKeyAction(rows: readonly TreeRow[], current: string | null, key: string): TreeKeyAction | null {
  const first = rows[0];
  const last = rows[rows.length - 1];
  if (!first || !last) return null;
  const index = rows.findIndex((row) => row.node.path === current);
  const row = rows[index];
  const at = (i: number) => (rows[i] ?? first).node.path;
  switch (key) {
    case "ArrowDown":
      return { focus: at(Math.min(rows.length - 1, index + 1)) };
    case "ArrowUp":
      return { focus: at(Math.max(0, index - 1)) };
    case "Home":
      return { focus: first.node.path };
    case "End":
      return { focus: last.node.path };
    case "ArrowRight": {
      if (!row || row.node.type !== "directory") return null;
      if (!row.expanded) return { expand: row.node.path };
      const child = rows[index + 1];
      return child && child.depth === row.depth + 1 ? { focus: child.node.path } : null;
    }
    case "ArrowLeft": {
      if (!row) return null;
      if (row.node.type === "directory" && row.expanded) return { collapse: row.node.path };
      const parent = parentPath(row.node.path);
      return parent ? { focus: parent } : null;
    }
    case "Enter":
    case " ":
      if (!row) return null;
      if (row.node.type === "directory") return row.expanded ? { collapse: row.node.path } : { expand: row.node.path };
      return { open: row.node.path };
    default:
      return null;
  }
}

/** Upload goes to the selected folder, or the folder of the selected file, else the root. */
export function uploadFolder(selected: Pick<FileNode, "path" | "type"> | null): string {
  if (!selected) return "";
  return selected.type === "directory" ? selected.path : parentPath(selected.path);
}

export function joinPath(folder: string, name: string): string {
  return folder ? `${folder}/${name}` : name;
}
