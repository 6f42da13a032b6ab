import { AGENT_TYPES, DEFAULT_AGENT_TYPE, type AgentType, type VirtualEmployee } from "../../contract";
import type { virtualEmployee } from "../db/schema";

export type VireRow = typeof virtualEmployee.$inferSelect;

/** Rows written before this issue (or by hand) may hold an agent type the contract no longer knows. */
function agentTypeOf(value: string): AgentType {
  return (AGENT_TYPES as readonly string[]).includes(value) ? (value as AgentType) : DEFAULT_AGENT_TYPE;
}

export function toVirtualEmployee(row: VireRow): VirtualEmployee {
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    description: row.description,
    avatarUrl: row.avatarUrl,
    skills: Array.isArray(row.skills) ? row.skills : [],
    workflow: row.workflow,
    memory: row.memory,
    knowledge: row.knowledge,
    rolePrompt: row.rolePrompt,
    agentType: agentTypeOf(row.agentType),
    taskId: row.taskId,
    status: row.status,
    ownerId: row.ownerId,
    organizationId: row.orgId,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}
