import { useCallback, useEffect, useRef, useState } from "react";
import type { FileNode, FileTreeAnswer } from "../../../../contract";
import { ApiError } from "../../../app/api/client";
import { workspaceApi } from "../api";
import { mergeRefresh, sortNodes, withFolder, type Folders } from "./treeModel";

interface TreeSnapshot {
  folders: Folders;
  expanded: Set<string>;
}

/** Up to 5 project trees stay cached, so switching back to a project shows it at once (spec 03 §9). */
const MAX_CACHED_TREES = 5;
const cache = new Map<string, TreeSnapshot>();

function remember(projectId: string, snapshot: TreeSnapshot): void {
  cache.delete(projectId);
  cache.set(projectId, snapshot);
  while (cache.size > MAX_CACHED_TREES) cache.delete(cache.keys().next().value as string);
}

/** Accepts the contract's `{children}` and the host's `{entries}`, and fills what a node must have. */
function childrenOf(answer: FileTreeAnswer | { entries?: FileNode[] }): FileNode[] {
  const list = ("children" in answer ? answer.children : (answer as { entries?: FileNode[] }).entries) ?? [];
  return sortNodes(list.map((node) => ({ ...node, id: node.id ?? node.path, isHidden: node.isHidden ?? node.name.startsWith(".") })));
}

const EMPTY: TreeSnapshot = { folders: {}, expanded: new Set() };

/** The lazy file tree of a project: folders load on expand, refresh reloads what is open. */
export function useFileTree(projectId: string | null) {
  const [tree, setTree] = useState<TreeSnapshot>(() => (projectId && cache.get(projectId)) || EMPTY);
  const current = useRef(tree);
  current.current = tree;

  const update = useCallback(
    (change: (previous: TreeSnapshot) => TreeSnapshot) => {
      setTree((previous) => {
        const next = change(previous);
        if (projectId) remember(projectId, next);
        return next;
      });
    },
    [projectId],
  );

  const load = useCallback(
    async (path: string) => {
      if (!projectId) return;
      update((t) => ({ ...t, folders: withFolder(t.folders, path, { loading: true, error: null }) }));
      try {
        const children = childrenOf(await workspaceApi.tree(projectId, path));
        update((t) => ({ ...t, folders: withFolder(t.folders, path, { children, loading: false, error: null }) }));
      } catch (error) {
        const message = error instanceof ApiError ? error.message : "";
        update((t) => ({ ...t, folders: withFolder(t.folders, path, { loading: false, error: message || "error" }) }));
      }
    },
    [projectId, update],
  );

  const refresh = useCallback(async () => {
    if (!projectId) return;
    const paths = ["", ...current.current.expanded];
    update((t) => ({ ...t, folders: withFolder(t.folders, "", { loading: true, error: null }) }));
    const fresh: Record<string, FileNode[]> = {};
    let rootFailure: unknown = null;
    await Promise.all(
      paths.map((path) =>
        workspaceApi.tree(projectId, path).then(
          (answer) => {
            fresh[path] = childrenOf(answer);
          },
          (error: unknown) => {
            if (path === "") rootFailure = error;
          },
        ),
      ),
    );
    if (!fresh[""]) {
      const reason = rootFailure instanceof ApiError ? rootFailure.message : "";
      update((t) => ({ ...t, folders: withFolder(t.folders, "", { loading: false, error: reason || "error" }) }));
      return;
    }
    update((t) => mergeRefresh(t.expanded, fresh));
  }, [projectId, update]);

  // A project switch shows the cached tree at once and refreshes it; an unseen project loads its root.
  useEffect(() => {
    const cached = projectId ? cache.get(projectId) : undefined;
    setTree(cached ?? EMPTY);
    current.current = cached ?? EMPTY;
    if (projectId) void (cached ? refresh() : load(""));
  }, [projectId, load, refresh]);

  const toggle = useCallback(
    (path: string, open?: boolean) => {
      const isOpen = current.current.expanded.has(path);
      const next = open ?? !isOpen;
      if (next === isOpen) return;
      update((t) => {
        const expanded = new Set(t.expanded);
        if (next) expanded.add(path);
        else expanded.delete(path);
        return { ...t, expanded };
      });
      const state = current.current.folders[path];
      if (next && !state?.children && !state?.loading) void load(path);
    },
    [load, update],
  );

  return { folders: tree.folders, expanded: tree.expanded, toggle, refresh, load };
}
