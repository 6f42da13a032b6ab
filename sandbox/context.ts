// The per-request context handed to every workspace route.
import type { IncomingMessage, ServerResponse } from "node:http";

export type Ctx = {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  /** Absolute workspace directory (already validated ids). */
  wsDir: string;
  userId: string;
  projectId: string;
};
