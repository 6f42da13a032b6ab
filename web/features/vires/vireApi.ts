import type {
  DeleteVireAnswer,
  KnowledgeBase,
  KnowledgeFile,
  KnowledgeFileDeleted,
  SkillRecommendations,
  UploadedFile,
  VireBody,
  VireCountAnswer,
  VireSeedAnswer,
  VireTemplateGroup,
  VirtualEmployee,
} from "../../../contract";
import { api } from "../../app/api/client";
import { uploadWithProgress, type UploadProgressEvent } from "../../app/api/upload";
import { generatedFileName, knowledgeMimeType } from "./knowledgeFiles";

/** SWR keys; the VIRE list key is shared with the group dialogs, so saving here refreshes them too. */
export const VIRE_KEYS = {
  list: "/api/virtual-employees",
  templates: "/api/virtual-employee-templates",
  knowledgeBases: (vireId: string) => `/api/virtual-employees/${encodeURIComponent(vireId)}/knowledge-base`,
  knowledgeFiles: (baseId: string) => `/api/knowledge-base/${encodeURIComponent(baseId)}/files`,
} as const;

type Body = Omit<VireBody, "taskId" | "status">;
const quiet = { silent: true } as const;
const vireUrl = (id: string) => `/api/virtual-employees/${encodeURIComponent(id)}`;

// Every call is silent: the dialog words its own toasts ('Failed to delete VIRE: ...' and so on).
export const vireApi = {
  count: () => api.get<VireCountAnswer>("/api/virtual-employees/count", undefined, quiet).then((data) => data.count),
  get: (id: string) => api.get<VirtualEmployee>(vireUrl(id), undefined, quiet),
  create: (body: Body) => api.post<VirtualEmployee>("/api/virtual-employees", body, quiet),
  update: (id: string, body: Body) => api.put<VirtualEmployee>(vireUrl(id), body, quiet),
  remove: (id: string) => api.delete<DeleteVireAnswer>(vireUrl(id), quiet),
  seed: () => api.post<VireSeedAnswer>("/api/virtual-employees/seed", {}, quiet),
  importTemplate: (templateId: string, userId: string, organizationId: string | null) =>
    api.post<VirtualEmployee>(VIRE_KEYS.templates, { templateId, userId, organizationId }, quiet),
  recommendSkills: (input: { name: string; role: string; description: string; existingSkills: string[] }) =>
    api.post<SkillRecommendations>("/api/ai-skill-recommendations", input, quiet),
  createKnowledgeBase: (vireId: string, name: string) => api.post<KnowledgeBase>(VIRE_KEYS.knowledgeBases(vireId), { name }, quiet),
  recordFile: (baseId: string, file: { name: string; url: string; size: number; chatId: string | null }) =>
    api.post<KnowledgeFile>(VIRE_KEYS.knowledgeFiles(baseId), file, quiet),
  deleteFile: (baseId: string, fileId: string) => api.delete<KnowledgeFileDeleted>(`${VIRE_KEYS.knowledgeFiles(baseId)}/${encodeURIComponent(fileId)}`, quiet),
};

export type TemplateGroups = VireTemplateGroup[];

/** `POST /api/uploads?contentType=&fileName=` with the raw file as the body. */
export function uploadKnowledgeFile(file: File, onProgress: (event: UploadProgressEvent) => void, signal: AbortSignal): Promise<UploadedFile> {
  const contentType = knowledgeMimeType(file);
  const query = new URLSearchParams({ contentType, fileName: generatedFileName(file) });
  return uploadWithProgress<UploadedFile>({ url: `/api/uploads?${query.toString()}`, body: file, contentType, onProgress, signal });
}
