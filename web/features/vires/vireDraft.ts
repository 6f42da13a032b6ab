import { AGENT_TYPES, DEFAULT_AGENT_TYPE, type AgentType, type VireBody, type VirtualEmployee } from "../../../contract";

/** What the form edits; text fields stay raw until saving. */
export interface VireDraft {
  name: string;
  role: string;
  description: string;
  avatarUrl: string;
  skills: string[];
  workflow: string;
  memory: string;
  knowledge: string;
  rolePrompt: string;
  agentType: AgentType;
}

export const JSON_FIELDS = ["workflow", "memory", "knowledge"] as const;
export type JsonField = (typeof JSON_FIELDS)[number];

export function emptyDraft(): VireDraft {
  return {
    name: "",
    role: "",
    description: "",
    avatarUrl: "",
    skills: [],
    workflow: "{}",
    memory: "{}",
    knowledge: "{}",
    rolePrompt: "",
    agentType: DEFAULT_AGENT_TYPE,
  };
}

function knownAgentType(value: unknown): AgentType {
  return (AGENT_TYPES as readonly unknown[]).includes(value) ? (value as AgentType) : DEFAULT_AGENT_TYPE;
}

/** Tolerates partial records (a list row may carry only the summary fields). */
export function draftFromVire(vire: Partial<VirtualEmployee>): VireDraft {
  return {
    name: vire.name ?? "",
    role: vire.role ?? "",
    description: vire.description ?? "",
    avatarUrl: vire.avatarUrl ?? "",
    skills: Array.isArray(vire.skills) ? [...vire.skills] : [],
    workflow: vire.workflow || "{}",
    memory: vire.memory || "{}",
    knowledge: vire.knowledge || "{}",
    rolePrompt: vire.rolePrompt ?? "",
    agentType: knownAgentType(vire.agentType),
  };
}

/** Valid JSON text; an empty field counts as valid and is saved as "{}" (the contract does the same). */
export function isValidJsonText(text: string): boolean {
  if (text.trim() === "") return true;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Pretty-prints valid JSON text; returns it unchanged when it does not parse. */
export function formatJsonText(text: string): string {
  if (text.trim() === "") return "{}";
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

export type DraftError = "nameRequired" | "roleRequired" | "invalidJson";
export type DraftErrors = Partial<Record<"name" | "role" | JsonField, DraftError>>;

/** Spec 01 §5: name and role are required, the three JSON fields must parse. */
export function validateDraft(draft: VireDraft): DraftErrors {
  const errors: DraftErrors = {};
  if (!draft.name.trim()) errors.name = "nameRequired";
  if (!draft.role.trim()) errors.role = "roleRequired";
  for (const field of JSON_FIELDS) if (!isValidJsonText(draft[field])) errors[field] = "invalidJson";
  return errors;
}

/** Save is enabled only with a name and a role; JSON errors are reported when saving. */
export function canSave(draft: VireDraft): boolean {
  return draft.name.trim() !== "" && draft.role.trim() !== "";
}

/** The request body; taskId and status are decided by the server, so they are not sent. */
export function draftToBody(draft: VireDraft): Omit<VireBody, "taskId" | "status"> {
  const json = (text: string) => (text.trim() === "" ? "{}" : text);
  return {
    name: draft.name.trim(),
    role: draft.role.trim(),
    description: draft.description.trim(),
    avatarUrl: draft.avatarUrl.trim() || null,
    skills: draft.skills,
    workflow: json(draft.workflow),
    memory: json(draft.memory),
    knowledge: json(draft.knowledge),
    rolePrompt: draft.rolePrompt,
    agentType: draft.agentType,
  };
}
