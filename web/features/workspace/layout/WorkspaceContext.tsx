import { createContext, useContext, useMemo, type ReactNode } from "react";
import type { ChatListItem, CodingProject, ProjectConfig } from "../../../../contract";
import { useProject, useProjectConfig } from "../api";

/** What every part of the open workspace reads: the project, the caller's permissions on it, its owner. */
export interface Workspace {
  /** The open chat. */
  chatId: string;
  /** The project the chat names; null before it loads, without one, or when loading failed. */
  project: CodingProject | null;
  /** The caller's permissions on the project; null until loaded. */
  config: ProjectConfig | null;
  /** The project is still loading (not: no project). */
  loading: boolean;
  /** Loading the project failed and nothing is shown. */
  failed: boolean;
  reload: () => void;
  /** The owner of the project's sandbox, whose services and preview the workspace shows. */
  ownerId: string | null;
  ownerName: string | null;
}

const WorkspaceContext = createContext<Workspace | null>(null);

/** Loads the chat's project and its config once for the whole workspace. */
export function WorkspaceProvider({ chat, children }: { chat: ChatListItem; children: ReactNode }) {
  const projectQuery = useProject(chat.project_id);
  const { data: config } = useProjectConfig(chat.project_id);
  const project = projectQuery.data ?? null;
  const { mutate, isLoading, error } = projectQuery;
  const ownerId = project?.chatOwnerId ?? chat.chatOwnerId ?? null;
  const ownerName = project?.chatOwnerName ?? chat.chatOwnerName ?? null;
  const value = useMemo<Workspace>(
    () => ({
      chatId: chat.id,
      project,
      config: config ?? null,
      loading: isLoading,
      failed: !!error && !project,
      reload: () => void mutate(),
      ownerId,
      ownerName,
    }),
    [chat.id, project, config, isLoading, error, mutate, ownerId, ownerName],
  );
  return <WorkspaceContext.Provider value={value}>{children}</WorkspaceContext.Provider>;
}

/** The open workspace; only inside `WorkspaceProvider`. */
export function useWorkspace(): Workspace {
  const workspace = useContext(WorkspaceContext);
  if (!workspace) throw new Error("useWorkspace outside WorkspaceProvider");
  return workspace;
}
