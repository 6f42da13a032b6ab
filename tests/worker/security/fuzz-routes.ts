import type * as v from "valibot";
import {
  BatchStatusBody,
  CheckoutBody,
  CommitBody,
  CreateGroupBody,
  CreateProjectBody,
  DiscussToAgentBody,
  DislikeBody,
  ForwardBody,
  GroupInviteBody,
  ImportTemplateBody,
  JoinOrganizationBody,
  KillBody,
  KnowledgeBaseBody,
  KnowledgeFileBody,
  MarkReadBody,
  ParticipantsBody,
  PresenterDecisionBody,
  PrivateChatBody,
  ReactionBody,
  RegenerateBody,
  RenameGroupBody,
  RevokeSessionBody,
  SaveFileBody,
  SignInBody,
  SignUpBody,
  SkillRecommendationBody,
  UpdateMemberRoleBody,
  UpdateOrganizationBody,
  UpdateUserBody,
  VireBody,
  AnalyzeBody,
  DeepResearchQueryBody,
  FeedbackAddBody,
  FeedbackUpdateBody,
} from "../../../contract";
import { ProjectSearchBody } from "../../../worker/workspace/search";
import type { FieldKind } from "./fuzz-values";
import type { World } from "./world";

/**
 * A JSON route with the fields its body must have. The fuzzer breaks at least one of them in
 * every body it sends, so no body can be valid and nothing may change, however the route works.
 */
export interface FuzzRoute {
  method: string;
  path: (w: World) => string;
  /** A valid body: the fuzzer starts from it, then breaks fields. */
  valid: (w: World) => Record<string, unknown>;
  fields: Record<string, FieldKind>;
  /** Fields that may be left out (so breaking them means a wrong value, never a missing one). */
  optional?: string[];
  /** The route's own body schema, where it is exported: every generated body must fail it. */
  schema?: v.GenericSchema;
}

/** Attaches the schema the route parses its body with, so bodies can also be checked in-process. */
const withSchema = (schema: v.GenericSchema, route: FuzzRoute): FuzzRoute => ({ ...route, schema });
const at = (
  method: string,
  path: (w: World) => string,
  valid: (w: World) => Record<string, unknown>,
  fields: Record<string, FieldKind>,
  optional?: string[],
): FuzzRoute => ({ method, path, valid, fields, optional });
const P = (w: World, sub = "") => `/api/coding-projects/${w.projectId}${sub}`;
const G = (w: World, sub = "") => `/api/group-chats/${w.groupId}${sub}`;
const M = (w: World, sub: string) => `/api/messages/${w.messageId}${sub}`;

/** Run as Alice, the owner of everything named here, so only validation stands between a body and a change. */
export const FUZZ_ROUTES: FuzzRoute[] = [
  withSchema(
    SignUpBody,
    at(
      "POST",
      () => "/api/auth/sign-up/email",
      () => ({ name: "Fuzz", email: "fuzz@example.com", password: "long enough passphrase 9" }),
      { name: "string", email: "pattern", password: "string" },
    ),
  ),
  withSchema(
    SignInBody,
    at(
      "POST",
      () => "/api/auth/sign-in/email",
      (w) => ({ email: w.alice.email, password: "x" }),
      { email: "string", password: "string" },
    ),
  ),
  withSchema(
    UpdateUserBody,
    at(
      "POST",
      () => "/api/auth/update-user",
      () => ({ name: "New Name" }),
      { name: "string" },
      ["name"],
    ),
  ),
  withSchema(
    RevokeSessionBody,
    at(
      "POST",
      () => "/api/auth/revoke-session",
      (w) => ({ id: w.aliceSessionId }),
      { id: "string" },
    ),
  ),
  withSchema(
    UpdateOrganizationBody,
    at(
      "POST",
      () => "/api/user/update-organization",
      (w) => ({ organizationId: w.orgA }),
      { organizationId: "pattern" },
    ),
  ),
  withSchema(
    JoinOrganizationBody,
    at(
      "POST",
      () => "/api/organizations/join",
      (w) => ({ inviteCode: w.orgInviteCode }),
      { inviteCode: "pattern" },
    ),
  ),
  withSchema(
    UpdateMemberRoleBody,
    at(
      "PUT",
      (w) => `/api/organizations/${w.orgA}/members/${w.amy.id}`,
      () => ({ userType: "admin" }),
      { userType: "pattern" },
    ),
  ),
  withSchema(
    CreateGroupBody,
    at(
      "POST",
      () => "/api/group-chats",
      (w) => ({ name: "Fuzz Group", participants: [{ id: w.amy.id, type: "user", role: "member" }] }),
      { name: "string", participants: "array", description: "string" },
      ["description"],
    ),
  ),
  withSchema(
    RenameGroupBody,
    at(
      "PUT",
      (w) => G(w),
      () => ({ name: "Renamed" }),
      { name: "string" },
    ),
  ),
  withSchema(
    ParticipantsBody,
    at(
      "POST",
      (w) => G(w, "/participants"),
      (w) => ({ participantIds: [w.bob.id], participantType: "user" }),
      { participantIds: "array", participantType: "pattern" },
    ),
  ),
  withSchema(
    ParticipantsBody,
    at(
      "DELETE",
      (w) => G(w, "/participants"),
      (w) => ({ participantIds: [w.amy.id], participantType: "user" }),
      { participantIds: "array", participantType: "pattern" },
    ),
  ),
  withSchema(
    DiscussToAgentBody,
    at(
      "POST",
      (w) => G(w, "/discuss-to-agent"),
      (w) => ({ messageIds: [w.messageId] }),
      { messageIds: "array" },
      ["messageIds"],
    ),
  ),
  withSchema(
    PrivateChatBody,
    at(
      "POST",
      () => "/api/private-chats",
      (w) => ({ participantId: w.amy.id, participantType: "user" }),
      { participantId: "pattern", participantType: "pattern" },
    ),
  ),
  withSchema(
    MarkReadBody,
    at(
      "POST",
      () => "/api/unread-messages/mark-read",
      (w) => ({ chatId: w.groupId, is_agent_msg: 0 }),
      { chatId: "pattern", is_agent_msg: "pattern" },
      ["is_agent_msg"],
    ),
  ),
  withSchema(
    ReactionBody,
    at(
      "POST",
      (w) => M(w, "/reactions"),
      () => ({ emoji: "👍" }),
      { emoji: "pattern" },
    ),
  ),
  withSchema(
    DislikeBody,
    at(
      "POST",
      (w) => M(w, "/dislike"),
      () => ({ reason: "r" }),
      { reason: "string", detailedReason: "string" },
      ["reason", "detailedReason"],
    ),
  ),
  withSchema(
    RegenerateBody,
    at(
      "POST",
      (w) => M(w, "/regenerate"),
      (w) => ({ originalMessageId: w.messageId, chatId: w.groupId }),
      { originalMessageId: "string", chatId: "string" },
    ),
  ),
  withSchema(
    ForwardBody,
    at(
      "POST",
      () => "/api/forward-messages",
      (w) => ({ sourceChatId: w.groupId, messageIds: [w.messageId], recipients: [{ id: w.amy.id, type: "user" }], messageType: "private" }),
      { messageIds: "array", recipients: "array", messageType: "pattern", sourceChatId: "pattern" },
      ["sourceChatId"],
    ),
  ),
  withSchema(
    GroupInviteBody,
    at(
      "POST",
      () => "/api/group-invites",
      (w) => ({ chatId: w.groupId, inviteeEmail: "fuzz-invitee@example.com" }),
      { chatId: "string", inviteeEmail: "pattern" },
    ),
  ),
  withSchema(
    PresenterDecisionBody,
    at(
      "POST",
      () => "/api/presenter-requests/preq_00000000000000000000000000000000",
      (w) => ({ chatId: w.groupId, decision: "approve" }),
      { chatId: "string", decision: "pattern" },
    ),
  ),
  withSchema(
    BatchStatusBody,
    at(
      "POST",
      () => "/api/request-permission/batch-status",
      (w) => ({ jsonArray: [{ requestId: "preq_00000000000000000000000000000000", chatId: w.groupId }] }),
      { jsonArray: "array" },
    ),
  ),
  at(
    "POST",
    () => "/api/chats/update-project-id",
    (w) => ({ chatId: w.groupId, projectId: w.projectId }),
    { chatId: "pattern", projectId: "pattern" },
  ),
  withSchema(
    VireBody,
    at(
      "POST",
      () => "/api/virtual-employees",
      () => ({ name: "Fuzz Vire", role: "Assistant" }),
      { name: "string", role: "string" },
    ),
  ),
  withSchema(
    VireBody,
    at(
      "PUT",
      (w) => `/api/virtual-employees/${w.vireId}`,
      () => ({ name: "Fuzz Vire", role: "Assistant" }),
      { name: "string", role: "string" },
    ),
  ),
  withSchema(
    KnowledgeBaseBody,
    at(
      "POST",
      (w) => `/api/virtual-employees/${w.vireId}/knowledge-base`,
      () => ({ name: "Fuzz Base" }),
      { name: "string" },
    ),
  ),
  withSchema(
    KnowledgeFileBody,
    at(
      "POST",
      (w) => `/api/knowledge-base/${w.baseId}/files`,
      (w) => ({ name: "orchid.txt", url: w.uploadPath }),
      { name: "string", url: "string" },
    ),
  ),
  withSchema(
    ImportTemplateBody,
    at(
      "POST",
      () => "/api/virtual-employee-templates",
      () => ({ templateId: "t" }),
      { templateId: "string" },
    ),
  ),
  withSchema(
    SkillRecommendationBody,
    at(
      "POST",
      () => "/api/ai-skill-recommendations",
      () => ({ name: "n" }),
      { name: "string", role: "string", description: "string", existingSkills: "array" },
      ["name", "role", "description", "existingSkills"],
    ),
  ),
  withSchema(
    CreateProjectBody,
    at(
      "POST",
      () => "/api/coding-projects",
      () => ({ name: "Fuzz Project" }),
      { name: "string" },
    ),
  ),
  withSchema(
    CommitBody,
    at(
      "POST",
      (w) => P(w, "/commit"),
      () => ({ message: "m" }),
      { message: "string" },
    ),
  ),
  withSchema(
    CheckoutBody,
    at(
      "POST",
      (w) => P(w, "/checkout"),
      () => ({ commitHash: "abcd1234" }),
      { commitHash: "string" },
    ),
  ),
  withSchema(
    SaveFileBody,
    at(
      "POST",
      (w) => P(w, "/file-content?filePath=fuzz.txt"),
      () => ({ file_content: "x" }),
      { file_content: "string" },
    ),
  ),
  withSchema(
    ProjectSearchBody,
    at(
      "POST",
      (w) => `/api/v2/coding-projects/${w.projectId}/search`,
      () => ({ query: "a" }),
      { query: "string", searchTypes: "array", caseSensitive: "boolean", maxResults: "number" },
      ["searchTypes", "caseSensitive", "maxResults"],
    ),
  ),
  withSchema(
    KillBody,
    at(
      "POST",
      () => "/api/sandbox/processes/kill",
      (w) => ({ workspace: w.projectId, ports: [5999] }),
      { workspace: "string", ports: "array", force: "boolean" },
      ["force"],
    ),
  ),
  at(
    "POST",
    () => "/api/vm-url-storage",
    () => ({ vmUrl: "https://vm.example.com" }),
    { vmUrl: "string" },
  ),
  at(
    "POST",
    () => "/api/sandboxes",
    () => ({}),
    { provider: "string", user_id: "string" },
    ["provider", "user_id"],
  ),
  at(
    "POST",
    () => "/api/coding/projects",
    (w) => ({ project_id: w.projectId }),
    { project_id: "string" },
  ),
  at(
    "POST",
    () => "/api/gitlab-proxy/auth",
    () => ({ serverUrl: "https://gitlab.example.com", username: "u", password: "p" }),
    { serverUrl: "string", username: "string", password: "string" },
  ),
  at(
    "POST",
    () => "/api/gitlab-proxy/repositories",
    () => ({ serverUrl: "https://gitlab.example.com", auth: "t" }),
    { serverUrl: "string", auth: "string" },
  ),
  // File analysis (spec 03 §7.4).
  withSchema(
    AnalyzeBody,
    at(
      "POST",
      () => "/api/v1/file-index/analyze",
      (w) => ({ chatId: w.groupId, attachmentId: w.attachmentPath.split("/").pop(), refresh: true }),
      { chatId: "string", attachmentId: "string", refresh: "boolean" },
      ["refresh"],
    ),
  ),
  withSchema(
    DeepResearchQueryBody,
    at(
      "POST",
      () => "/api/v1/deep/research/query",
      (w) => ({ sessionId: w.analysis.sessionId, sessionType: 9, question: "What is planned?", source: 3 }),
      { sessionId: "string", sessionType: "pattern", question: "string", source: "pattern", msgId: "string", outline: "string" },
      ["source", "msgId", "outline"],
    ),
  ),
  at(
    "POST",
    () => "/api/v1/deep/research/share",
    (w) => ({ sessionId: w.analysis.sessionId, shared: true }),
    { sessionId: "string", shared: "boolean" },
  ),
  withSchema(
    FeedbackAddBody,
    at(
      "POST",
      () => "/api/content/feedback/add",
      (w) => ({ taskId: w.analysis.summaryId, feedbackType: "summary", likeOrStep: -1, content: "c", tag: "inaccurate" }),
      { taskId: "string", feedbackType: "pattern", likeOrStep: "pattern", content: "string", tag: "string" },
      ["content", "tag"],
    ),
  ),
  withSchema(
    FeedbackUpdateBody,
    at(
      "POST",
      () => "/api/content/feedback/update",
      (w) => ({ id: w.analysis.feedbackId, likeOrStep: -1, content: "c", tag: "other" }),
      { id: "string", likeOrStep: "pattern", content: "string", tag: "string" },
      ["content", "tag"],
    ),
  ),
];

/** Read-only routes whose query parameters are fuzzed (any value: reading changes nothing). */
export const FUZZ_QUERIES: { path: (w: World) => string; params: string[] }[] = [
  { path: (w) => G(w, "/messages"), params: ["limit", "before", "chat_type", "unnotified_discuss"] },
  { path: () => "/api/organization/users", params: ["excludeSelf", "friendsOnly"] },
  { path: () => "/api/user/organizations-with-members", params: ["organizationId"] },
  { path: () => "/api/virtual-employees/by-name", params: ["name"] },
  { path: () => "/api/llm/router/models", params: ["default_model"] },
  { path: () => "/api/group-invites", params: ["chatId", "type"] },
  { path: () => "/api/vm-url-storage", params: ["userId"] },
  { path: (w) => P(w, "/file-content"), params: ["filePath"] },
  { path: (w) => P(w, "/file-tree-lazy"), params: ["parent_path"] },
  { path: (w) => P(w, "/commits"), params: ["limit"] },
  { path: (w) => P(w, "/file-diff"), params: ["filePath", "fromCommit", "toCommit", "getOriginal"] },
  { path: (w) => P(w, "/file-list"), params: ["include_metadata", "include_hidden"] },
  { path: () => "/api/sandbox/domains-health", params: ["workspace"] },
  { path: () => "/api/v1/file-index/lookup", params: ["chatId", "attachmentId", "projectId", "filePath"] },
  { path: () => "/api/v1/deep/research/info/btn", params: ["sessionId"] },
  { path: () => "/api/v1/deep/research/info/session", params: ["sessionId"] },
  { path: () => "/api/share/research/info/session", params: ["sessionId"] },
];

/** Frame types of the chat room, with the fields the fuzzer breaks (see contract/realtime.ts, contract/agent.ts). */
export const FUZZ_FRAMES: { type: string; valid: (w: World) => Record<string, unknown>; fields: Record<string, FieldKind>; optional?: string[] }[] = [
  {
    type: "chat_message",
    valid: () => ({ message_id: "msg_fuzz0001", chat_type: 0, data: { content: { text: "hi" } } }),
    fields: { message_id: "pattern", chat_type: "pattern", data: "object" },
  },
  { type: "resume", valid: () => ({ lastSeq: 0 }), fields: { lastSeq: "number" } },
  { type: "pause_sse_v2", valid: (w) => ({ room: w.groupId }), fields: { room: "string" } },
  { type: "request_presenter", valid: () => ({ message: "m" }), fields: { message: "string" }, optional: ["message"] },
  {
    type: "handle_presenter_request",
    valid: () => ({ requestId: "preq_00000000000000000000000000000000", decision: "approve" }),
    fields: { requestId: "string", decision: "pattern" },
  },
  { type: "set_controller", valid: (w) => ({ presenter: w.amy.id, action: "approve" }), fields: { presenter: "pattern", action: "pattern" } },
  { type: "transfer_presenter", valid: (w) => ({ targetPresenter: w.amy.id }), fields: { targetPresenter: "pattern" } },
];
