import type { Tier } from "./membership";
import type { VirtualEmployee } from "./vires";
import type { Commit, CodingProject } from "./workspace";

/**
 * Answers (the envelope's `data`) of routes the SPA reads that had no named type yet; each matches
 * what the Worker sends today.
 */

/** `GET /api/coding-projects`: the projects of the current organization the caller may see. */
export interface ProjectListAnswer {
  projects: CodingProject[];
}

/** `GET /api/coding-projects/{id}/commits`. */
export interface CommitListAnswer {
  commits: Commit[];
}

/** `POST /api/coding-projects/{id}/commit`. */
export interface CommitAnswer {
  hash: string;
  message: string;
}

/** `POST /api/coding-projects/{id}/checkout`. */
export interface CheckoutAnswer {
  hash: string;
}

/** `GET /api/virtual-employees`: the caller's virtual employees. */
export interface VireListAnswer {
  virtualEmployees: VirtualEmployee[];
}

/** `GET /api/virtual-employees/count`: how many the caller has, and the plan's limit (-1: none). */
export interface VireCountAnswer {
  count: number;
  limit: number;
  tier: Tier;
}

/** `POST /api/virtual-employees/seed`: the defaults created now (none once the user has any), and the whole list. */
export interface VireSeedAnswer {
  created: VirtualEmployee[];
  virtualEmployees: VirtualEmployee[];
}

/** `DELETE /api/virtual-employees/{id}`: the chats that went with it. */
export interface DeleteVireAnswer {
  id: string;
  deletedChatIds: string[];
}
