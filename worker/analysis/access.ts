import type { Context } from "hono";
import { ANALYSIS_MAX_BYTES, type AnalysisSource } from "../../contract";
import { getDb } from "../db/client";
import { findParticipant } from "../db/chats";
import type { AppEnv } from "../lib/app";
import { requireChatMember } from "../lib/chat-access";
import { ApiError } from "../lib/envelope";
import { requireProjectAccessById } from "../lib/project-access";
import { storedAttachment } from "../attachments/stored";
import { analysisKindOf } from "./kinds";
import { contentTypeForName } from "./media-types";
import { fileById, type AnalysisFileRow, type NewAnalysis } from "./store";

export const FILE_NOT_FOUND = "File not found";
const ID = /^afile_[a-f0-9]{32}$/;

/**
 * The analysed file, if the caller may see its source: a member of its chat, or someone who may
 * see its project. Everyone else, and every malformed or unknown id, gets the same 404, so ids of
 * other organizations and chats reveal nothing.
 */
export async function requireFileAccess(c: Context<AppEnv>, fileId: string): Promise<AnalysisFileRow> {
  if (!ID.test(fileId)) throw new ApiError(404, FILE_NOT_FOUND);
  const db = getDb(c.env.DB);
  const row = await fileById(db, fileId);
  if (!row) throw new ApiError(404, FILE_NOT_FOUND);
  if (row.chatId) {
    if (!(await findParticipant(db, row.chatId, c.get("user").id))) throw new ApiError(404, FILE_NOT_FOUND);
    return row;
  }
  if (!row.projectId) throw new ApiError(404, FILE_NOT_FOUND);
  try {
    await requireProjectAccessById(c, row.projectId);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) throw new ApiError(404, FILE_NOT_FOUND);
    throw err;
  }
  return row;
}

function refuseUnanalysable(name: string): void {
  if (!analysisKindOf(name))
    throw new ApiError(400, `Files named ${JSON.stringify(name.slice(0, 80))} cannot be analysed: recordings and pdf, txt, md or docx documents can`);
}

/**
 * What analysing a source needs, after checking the caller may see it: the chat attachment as R2
 * holds it, or the project file's place (its bytes are copied by the first step).
 */
export async function analysableSource(c: Context<AppEnv>, source: AnalysisSource): Promise<NewAnalysis> {
  const user = c.get("user");
  if (source.kind === "chat") {
    const { chat } = await requireChatMember(getDb(c.env.DB), user.id, source.chatId);
    if (!/^attach_[a-f0-9]{32}$/.test(source.attachmentId)) throw new ApiError(404, FILE_NOT_FOUND);
    const stored = await storedAttachment(c.env.FILES, `chats/${chat.id}/${source.attachmentId}`);
    if (!stored) throw new ApiError(404, FILE_NOT_FOUND);
    refuseUnanalysable(stored.fileName);
    if (stored.size > ANALYSIS_MAX_BYTES) throw new ApiError(413, "This file is too large to analyse (limit 50 MB)");
    return { orgId: chat.orgId, ownerId: user.id, source, r2Key: stored.key, name: stored.fileName, mimeType: stored.mimeType, size: stored.size };
  }
  const { project } = await requireProjectAccessById(c, source.projectId);
  const name = source.filePath.split("/").pop() ?? "";
  refuseUnanalysable(name);
  if (source.filePath.split(/[\\/]+/).some((seg) => seg === ".." || seg.toLowerCase() === ".git")) throw new ApiError(400, "Invalid file path");
  return {
    orgId: project.orgId,
    ownerId: user.id,
    source: { ...source, projectId: project.id },
    r2Key: null,
    name,
    mimeType: contentTypeForName(name),
    size: 0,
  };
}
