// The per-request context handed to every workspace route.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Workspace } from "./jail.ts";

export type Ctx = {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  /** Absolute workspace directory (already validated ids). */
  wsDir: string;
  /** The workspace for commands (its root decides the uid table). */
  ws: Workspace;
  userId: string;
  projectId: string;
};
