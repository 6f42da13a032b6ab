import { AGENT_TEXTS, KNOWLEDGE_FREE_LIMIT_CODE, KNOWLEDGE_LIMIT_CODE, KNOWLEDGE_TEXTS, PLAN_CATALOGUE, projectLimitText } from "../../contract";
import type { PrivateChatRefused } from "../chats/private-chat";
import type { KnowledgeTypeRefused } from "../knowledge/file-types";
import type { KnowledgeFileRefused } from "../knowledge/store";
import type { AgentRequestRefusal } from "../rooms/chat-room/agent-requests";
import { DECISION_REFUSAL_TEXT, type DecisionRefusal } from "../rooms/chat-room/control";
import type { LimitReached } from "../plans/tier";
import type { VireInGroups } from "../vires/delete";
import type { VireSaveRefused } from "../vires/store";
import type { SandboxRefused } from "../workspace/sandbox-state";
import { ApiError } from "./envelope";
import { SANDBOX_NOT_FOUND } from "./sandbox-access";

/**
 * Domain reasons as HTTP answers: the status and the spec's text for each reason a domain module
 * returns. Every switch is exhaustive, so a new reason fails to compile until it has its answer.
 */

const LIMIT_TEXT: Record<LimitReached["item"], (plan: string, limit: number) => string> = {
  groupChats: (plan, limit) => `Group limit reached: your ${plan} plan supports up to ${limit} group chats.`,
  virtualEmployees: (plan, limit) => `VIRE limit reached: your ${plan} plan supports up to ${limit} virtual employees.`,
  projects: projectLimitText,
};

/** 403, which the client turns into the upgrade-required dialog; `data.code = "PLAN_LIMIT"` names the item (groups answer their text alone, as they always have). */
export function limitReachedError(r: LimitReached): ApiError {
  const message = LIMIT_TEXT[r.item](PLAN_CATALOGUE[r.tier].displayName.en, r.limit);
  if (r.item === "groupChats") return new ApiError(403, message);
  return new ApiError(403, message, 403, { code: "PLAN_LIMIT", item: r.item, limit: r.limit, tier: r.tier });
}

export function privateChatError(r: PrivateChatRefused): ApiError {
  switch (r.reason) {
    case "self":
      return new ApiError(400, "You cannot start a chat with yourself");
    case "not_in_organization":
      return new ApiError(403, "You can only chat with members of your current organization");
    case "vire_not_found":
      return new ApiError(404, "Virtual employee not found");
  }
}

/** A regenerate or a forwarded discussion the room would not start; only "not the controller" reads differently for the two. */
export function agentRequestError(reason: AgentRequestRefusal, action: "regenerate" | "forward"): ApiError {
  switch (reason) {
    case "request_not_found":
      return new ApiError(404, AGENT_TEXTS.originalMissing);
    case "no_agent":
      return new ApiError(404, AGENT_TEXTS.noAgent);
    case "not_controller":
      return new ApiError(403, action === "forward" ? AGENT_TEXTS.needPresenterToForward : AGENT_TEXTS.notController);
    case "busy":
      return new ApiError(409, AGENT_TEXTS.busy);
    case "nothing_to_forward":
      return new ApiError(404, AGENT_TEXTS.nothingToForward);
  }
}

export function vireSaveError(r: VireSaveRefused): ApiError {
  switch (r.reason) {
    case "name_taken":
      return new ApiError(409, `A VIRE named "${r.name}" already exists`);
    case "limit_reached":
      return limitReachedError(r);
  }
}

/** 409 with `data.code = "VIRE_IN_GROUP"` and the groups, so the client can link to them. */
export function vireInGroupsError(r: VireInGroups): ApiError {
  const names = r.groups.map((g) => `"${g.name}"`).join(", ");
  const message =
    r.groups.length === 1
      ? `${r.vireName} works in the group chat ${names}. Remove it from the group or dissolve the group before deleting it.`
      : `${r.vireName} works in the group chats ${names}. Remove it from those groups or dissolve them before deleting it.`;
  return new ApiError(409, message, 409, { code: "VIRE_IN_GROUP", chats: r.groups });
}

/** The owner's Approve/Reject on a control request the room would not apply. */
export function presenterDecisionError(reason: DecisionRefusal): ApiError {
  return new ApiError(reason === "request_not_found" ? 409 : 403, DECISION_REFUSAL_TEXT[reason]);
}

/** A document the knowledge base cannot read; Word files are named apart because the user can convert them to PDF. */
export function knowledgeTypeError(r: KnowledgeTypeRefused): ApiError {
  switch (r.reason) {
    case "doc_unsupported":
      return new ApiError(400, KNOWLEDGE_TEXTS.docUnsupported);
    case "wrong_type":
      return new ApiError(400, KNOWLEDGE_TEXTS.wrongType);
  }
}

/** A file not added to a knowledge base; the limits carry the business codes (spec 01 §5) the client swallows. */
export function knowledgeFileError(r: KnowledgeFileRefused): ApiError {
  switch (r.reason) {
    case "upload_in_use":
      return new ApiError(409, "This file is already in a knowledge base; upload it again to add a copy");
    case "file_limit":
      return r.tier === "free"
        ? new ApiError(403, `Your Free plan allows up to ${r.limit} knowledge files per virtual employee.`, KNOWLEDGE_FREE_LIMIT_CODE, {
            limit: r.limit,
            tier: r.tier,
          })
        : new ApiError(403, `A virtual employee can hold at most ${r.limit} knowledge files.`, KNOWLEDGE_LIMIT_CODE, { limit: r.limit, tier: r.tier });
  }
}

export function sandboxError(r: SandboxRefused): ApiError {
  switch (r.reason) {
    case "not_found":
      return new ApiError(404, SANDBOX_NOT_FOUND);
    case "changed":
      return new ApiError(409, "The sandbox changed meanwhile, please try again");
  }
}
