import { requestParts } from "../../agents/inputs";
import { modelAcceptsImages } from "../../agents/models";
import type { TranscriptEntry } from "../../agents/prompt";
import type { Env } from "../../env";
import { hostJson, type WorkspaceRef } from "../../workspace/host";

type StoredAttachment = { fileName: string; fileUrl: string };

function attachmentsOf(column: string): StoredAttachment[] {
  try {
    const parsed = JSON.parse(column) as unknown;
    if (!Array.isArray(parsed)) return [];
    return parsed.filter((a): a is StoredAttachment => typeof a?.fileName === "string" && typeof a?.fileUrl === "string");
  } catch {
    return []; // a malformed column only loses the attachments
  }
}

/**
 * The transcript with its last entry (the request) as the model should read it: its attachments'
 * text, the content of the files it references (from the project's workspace) and its images for
 * models that see them. Earlier messages keep their text only, so requests stay small.
 */
export async function withRequestInputs(
  env: Env,
  chatId: string,
  entries: TranscriptEntry[],
  attachmentsColumn: string,
  model: string | undefined,
  project: WorkspaceRef | null,
): Promise<TranscriptEntry[]> {
  const last = entries.at(-1);
  if (!last || last.fromAgent) return entries;
  const readWorkspaceFile = project
    ? (path: string) => hostJson<{ content: string; isText: boolean }>(env, project, "file", { path }).then((f) => (f.isText ? f.content : null))
    : undefined;
  const parts = await requestParts(env, {
    chatId,
    text: last.text,
    attachments: attachmentsOf(attachmentsColumn),
    readWorkspaceFile,
    vision: modelAcceptsImages(env, model),
  });
  return [...entries.slice(0, -1), { ...last, text: parts.text, images: parts.images }];
}
