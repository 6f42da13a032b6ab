import * as v from "valibot";
import { nameSchema } from "./names";

/** Spec 01 §3 "Agent types"; `custom` starts the custom-assistant building flow. */
export const AGENT_TYPES = [
  "chatter",
  "data_analyst",
  "code_monkey",
  "coding_agent",
  "claude_code",
  "file_assistant",
  "audio_editor",
  "retrieval_agent",
  "video_editor",
  "office_document_agent",
  "digital_marketing_agent",
  "custom",
] as const;
export type AgentType = (typeof AGENT_TYPES)[number];
export const DEFAULT_AGENT_TYPE: AgentType = "chatter";
/** The status a custom assistant carries while it is being built (spec 01 §4: a Chinese label). */
export const CUSTOM_ASSISTANT_BUILDING = "building";

export const SKILL_CHIP_CHARS = 18;
export const VIRE_NAME_MAX = 60;
export const VIRE_ROLE_MAX = 100;
export const SKILL_MAX_CHARS = 60;
export const SKILLS_MAX = 50;
export const ROLE_PROMPT_MAX = 20_000;

/** A virtual employee as every call returns it (spec 01 §3). */
export interface VirtualEmployee {
  id: string;
  name: string;
  role: string;
  description: string;
  avatarUrl: string | null;
  skills: string[];
  /** JSON text. */
  workflow: string;
  /** JSON text. */
  memory: string;
  /** JSON text. */
  knowledge: string;
  rolePrompt: string;
  agentType: AgentType;
  taskId: string | null;
  status: string | null;
  ownerId: string;
  organizationId: string | null;
  createdAt: string;
  updatedAt: string;
}

const JsonText = v.pipe(
  v.optional(v.string("Invalid JSON format"), "{}"),
  v.transform((s) => (s.trim() === "" ? "{}" : s)),
  v.check((s) => {
    try {
      JSON.parse(s);
      return true;
    } catch {
      return false;
    }
  }, "Invalid JSON format"),
  v.maxLength(100_000, "JSON text is too long"),
);

/** `POST /api/virtual-employees` and `PUT /api/virtual-employees/{id}` (spec 01 §5 texts). */
export const VireBody = v.object({
  name: nameSchema({
    label: "VIRE name",
    max: VIRE_NAME_MAX,
    required: "Please enter a VIRE name",
    tooLong: `VIRE name must be at most ${VIRE_NAME_MAX} characters`,
  }),
  role: v.pipe(
    v.optional(v.string("Please enter a VIRE role"), ""),
    v.trim(),
    v.minLength(1, "Please enter a VIRE role"),
    v.maxLength(VIRE_ROLE_MAX, `VIRE role must be at most ${VIRE_ROLE_MAX} characters`),
  ),
  description: v.optional(v.pipe(v.string(), v.maxLength(2000, "Description is too long")), ""),
  avatarUrl: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(2048))), null),
  skills: v.optional(
    v.pipe(
      v.array(
        v.pipe(
          v.string(),
          v.trim(),
          v.minLength(1, "A skill cannot be empty"),
          v.maxLength(SKILL_MAX_CHARS, `A skill must be at most ${SKILL_MAX_CHARS} characters`),
        ),
      ),
      v.maxLength(SKILLS_MAX, `At most ${SKILLS_MAX} skills`),
      v.check((list) => new Set(list.map((s) => s.toLowerCase())).size === list.length, "A skill cannot be added twice"),
    ),
    [],
  ),
  workflow: JsonText,
  memory: JsonText,
  knowledge: JsonText,
  rolePrompt: v.optional(v.pipe(v.string(), v.maxLength(ROLE_PROMPT_MAX, "Role prompt is too long")), ""),
  agentType: v.optional(v.picklist(AGENT_TYPES, "Unknown agent type"), DEFAULT_AGENT_TYPE),
  // The server decides these two (custom assistants get a task id and 'building'); sent values are ignored.
  taskId: v.optional(v.nullable(v.string())),
  status: v.optional(v.nullable(v.string())),
});
export type VireBody = v.InferOutput<typeof VireBody>;

/** `GET /api/virtual-employee-templates` (spec 01 §3). */
export interface VireTemplate {
  id: string;
  name: string;
  role: string;
  description: string;
  avatar_url: string | null;
  skills: string[];
  agentType: AgentType;
  rolePrompt: string;
}
export interface VireTemplateGroup {
  id: string;
  name: string;
  templates: VireTemplate[];
}

export const ImportTemplateBody = v.object({
  // optional → "": a missing templateId gets the same text as an empty one, not valibot's key error.
  templateId: v.pipe(v.optional(v.string("Please choose a template"), ""), v.minLength(1, "Please choose a template"), v.maxLength(64, "Template not found")),
  userId: v.optional(v.string()),
  organizationId: v.optional(v.nullable(v.string())),
});

export const SkillRecommendationBody = v.object({
  name: v.optional(v.pipe(v.string(), v.maxLength(VIRE_NAME_MAX)), ""),
  role: v.optional(v.pipe(v.string(), v.maxLength(VIRE_ROLE_MAX)), ""),
  description: v.optional(v.pipe(v.string(), v.maxLength(2000)), ""),
  existingSkills: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(SKILL_MAX_CHARS))), v.maxLength(SKILLS_MAX)), []),
});
/** `fallback` is true when no model answered and the list comes from the built-in catalogue. */
export interface SkillRecommendations {
  skills: string[];
  fallback: boolean;
  error: string | null;
}

// ---- Knowledge (spec 01 §5 "Knowledge files") ----

export const KNOWLEDGE_FILE_MAX_BYTES = 10_485_760;
export const KNOWLEDGE_EXTENSIONS = ["pdf", "txt", "doc", "docx"] as const;
/** Codes the spec's client rejects silently: per-VIRE file limits of the file service. */
export const KNOWLEDGE_FREE_FILE_LIMIT = 3;
export const KNOWLEDGE_FREE_LIMIT_CODE = 10834;
export const KNOWLEDGE_FILE_LIMIT = 100;
export const KNOWLEDGE_LIMIT_CODE = 10835;

export const KNOWLEDGE_TEXTS = {
  docUnsupported: "DOC and DOCX formats are temporarily not supported. Please use PDF format instead.",
  tooLarge: "file size cannot exceed 10MB",
  wrongType: "only PDF, TXT, DOC, DOCX supported",
  saveFirst: "Please save the VIRE configuration first before uploading documents.",
} as const;

export interface KnowledgeBase {
  id: string;
  name: string;
  virtualEmployeeId: string;
  fileCount: number;
  createdAt: string;
}

/** `indexed`: text extracted and searchable; `failed`: kept, with `error`, but not searchable. */
export type KnowledgeFileStatus = "processing" | "indexed" | "failed";
export interface KnowledgeFile {
  id: string;
  name: string;
  url: string;
  size: number;
  chatId: string | null;
  status: KnowledgeFileStatus;
  chunkCount: number;
  error: string | null;
  createdAt: string;
}

export const KnowledgeBaseBody = v.object({
  name: nameSchema({ label: "Name", max: 100, required: "Please enter a name", tooLong: "Name is too long" }),
});

// Missing keys default to "" so they get the texts below rather than valibot's "Invalid key".
// `size` is the client's report only: the server records the stored object's real size.
export const KnowledgeFileBody = v.object({
  // File names legitimately mix scripts ("отчёт.pdf"), so no look-alike guard; the rest holds.
  name: nameSchema({ label: "File name", max: 255, required: "File name is required", tooLong: "File name is too long", allowMixedScripts: true }),
  url: v.pipe(v.optional(v.string("File url is required"), ""), v.minLength(1, "File url is required"), v.maxLength(2048)),
  size: v.optional(
    v.pipe(
      v.number("size must be a number"),
      v.integer("size must be a whole number"),
      v.minValue(0, "size must be a number"),
      v.maxValue(KNOWLEDGE_FILE_MAX_BYTES, KNOWLEDGE_TEXTS.tooLarge),
    ),
    0,
  ),
  chatId: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(64))), null),
});

/** Answer of the upload call (`POST /api/uploads?contentType=&fileName=`, raw body): the stored file's url. */
export interface UploadedFile {
  url: string;
  fileName: string;
  fileSize: number;
  mimeType: string;
}

/** A passage the agent retrieved for a question, with the file it came from. */
export interface KnowledgeHit {
  fileId: string;
  fileName: string;
  text: string;
  score: number;
}
