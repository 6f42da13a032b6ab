import type { Env } from "../../env";
import type { Budget } from "./budget";
import { existing, sweepPrefix } from "./r2-sweep";

/** An upload nobody attached within a day is abandoned (the form was closed, the attach failed). */
export const UPLOAD_GRACE_MS = 86_400_000;

/**
 * Attachments live at `chats/{chatId}/{fileId}` (worker/api/attachments.ts). A chat's row only goes
 * when the chat is dissolved or deleted, and ids are never reused, so an attachment whose chat row
 * is gone can never be reached again. Keys of another shape are left alone.
 */
export function sweepAttachments(env: Env, budget: Budget): Promise<number> {
  return sweepPrefix(env, "chats/", budget, async (objects) => {
    const chatOf = new Map(
      objects.flatMap((o) => {
        const m = /^chats\/([^/]+)\/[^/]+$/.exec(o.key);
        return m ? [[o.key, m[1]!] as const] : [];
      }),
    );
    const live = await existing(env.DB, "chat", "id", [...chatOf.values()]);
    return [...chatOf].filter(([, chatId]) => !live.has(chatId)).map(([key]) => key);
  });
}

/**
 * Uploads live at `uploads/{userId}/{uploadId}/{fileName}` (worker/knowledge/uploads.ts) and are
 * referenced by a knowledge file's `upload_key`. One older than a day that no file references is
 * removed; a younger one may still be on its way to being attached.
 */
export function sweepUploads(env: Env, budget: Budget, now: number): Promise<number> {
  return sweepPrefix(env, "uploads/", budget, async (objects) => {
    const old = objects
      .filter((o) => /^uploads\/[^/]+\/upload_[a-f0-9]{32}\/[^/]+$/.test(o.key) && o.uploaded.getTime() < now - UPLOAD_GRACE_MS)
      .map((o) => o.key);
    const attached = await existing(env.DB, "knowledge_file", "upload_key", old);
    return old.filter((key) => !attached.has(key));
  });
}

/**
 * File analysis results live at `analysis/{fileId}/…` (worker/analysis/kinds.ts). The file's row goes
 * with its chat or project (cascade), and ids are never reused, so objects of a missing row are orphans.
 */
export function sweepAnalysis(env: Env, budget: Budget): Promise<number> {
  return sweepPrefix(env, "analysis/", budget, async (objects) => {
    const fileOf = new Map(
      objects.flatMap((o) => {
        const m = /^analysis\/(afile_[a-f0-9]{32})\/[^/]+$/.exec(o.key);
        return m ? [[o.key, m[1]!] as const] : [];
      }),
    );
    const live = await existing(env.DB, "analysis_file", "id", [...fileOf.values()]);
    return [...fileOf].filter(([, fileId]) => !live.has(fileId)).map(([key]) => key);
  });
}
