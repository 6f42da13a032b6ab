import { Hono } from "hono";
import type { AppEnv } from "./lib/app";
import type { Env } from "./env";
import { assertSettings } from "./env";
import { ApiError, SERVER_FAULT, fail } from "./lib/envelope";
import { originGuard } from "./lib/origin";
import { withSecurityHeaders } from "./lib/security-headers";
import { authApi } from "./api/auth";
import { userApi } from "./api/user";
import { organizationApi, organizationsApi } from "./api/organizations";
import { membershipApi } from "./api/membership";
import { usageApi } from "./api/usage";
import { devApi, devFuncApi } from "./api/dev";
import { groupChatsApi } from "./api/group-chats";
import { groupParticipantsApi } from "./api/group-participants";
import { chatsApi } from "./api/chats";
import { privateChatsApi } from "./api/private-chats";
import { unreadApi } from "./api/unread";
import { messagesApi } from "./api/messages";
import { forwardApi } from "./api/forward";
import { groupInvitesApi } from "./api/group-invites";
import { attachmentsApi } from "./api/attachments";
import { chatAttachmentTextApi } from "./api/chat-attachments";
import { inboxApi } from "./api/inbox";
import { virtualEmployeesApi } from "./api/virtual-employees";
import { vireTemplatesApi } from "./api/vire-templates";
import { skillRecommendationsApi } from "./api/skill-recommendations";
import { knowledgeBaseApi, knowledgeDebugApi, vireKnowledgeApi } from "./api/knowledge";
import { uploadsApi } from "./api/uploads";
import { imagesApi } from "./api/images";
import { agentStatusApi, modelsApi, presenterRequestsApi, requestPermissionApi } from "./api/agent";
import { sandboxesApi } from "./api/sandboxes";
import { projectSandboxApi, sandboxServicesApi } from "./api/services";
import { githubApi, gitlabProxyApi } from "./api/git-hosts";
import { githubAuthApi, xOauthApi } from "./api/github-oauth";
import { projectAgentSettingsApi } from "./api/project-agent-settings";
import { chatProjectLinkApi, codingProjectsApi, projectRegistrationApi } from "./api/coding-projects";
import { projectFilesApi, projectFilesV2Api, projectUploadAliasApi } from "./api/project-files";
import { vmDevModeApi, vmUrlStorageApi } from "./api/vm-url";
import { notificationsApi } from "./api/notifications";
import { friendInvitesApi } from "./api/friend-invites";
import { contactsApi } from "./api/contacts";
import { searchApi } from "./api/search";
import { mentionsApi } from "./api/mentions";
import { analyticsApi } from "./api/analytics";
import { onboardingApi } from "./api/onboarding";
import { tutorialApi } from "./api/tutorial";
import { postRegistrationApi } from "./api/post-registration";
import { analysisTaskApi, fileIndexApi } from "./api/file-analysis";
import { deepResearchApi, sharedResearchApi } from "./api/deep-research";
import { analysisFeedbackApi } from "./api/analysis-feedback";
import { runCleanup } from "./jobs/cron";
import { handleQueue } from "./jobs/queue";

export { ChatRoom } from "./rooms/chat-room/index";
export { UserInbox } from "./rooms/user-inbox";
export { SearchShard } from "./search/shard";

const app = new Hono<AppEnv>()
  .basePath("/api")
  .use(async (c, next) => {
    assertSettings(c.env);
    await next();
  })
  .use(originGuard)
  // Before /auth: better-auth's catch-all would otherwise answer /auth/github/*.
  .route("/auth/github", githubAuthApi)
  .route("/auth", authApi)
  .route("/user", userApi)
  .route("/organization", organizationApi)
  .route("/organizations", organizationsApi)
  .route("/membership", membershipApi)
  .route("/usage", usageApi)
  .route("/user-dev-func", devFuncApi)
  .route("/dev", devApi)
  .route("/group-chats", groupChatsApi)
  .route("/group-chats", groupParticipantsApi)
  .route("/chats", chatProjectLinkApi)
  .route("/chats", chatsApi)
  .route("/private-chats", privateChatsApi)
  .route("/unread-messages", unreadApi)
  .route("/messages", messagesApi)
  .route("/forward-messages", forwardApi)
  .route("/group-invites", groupInvitesApi)
  .route("/friend-invites", friendInvitesApi)
  .route("/contacts", contactsApi)
  .route("/search", searchApi)
  .route("/chat-attachments", attachmentsApi)
  .route("/chat-attachments", chatAttachmentTextApi)
  .route("/inbox", inboxApi)
  .route("/notifications", notificationsApi)
  .route("/mentions", mentionsApi)
  .route("/analytics", analyticsApi)
  .route("/onboarding", onboardingApi)
  .route("/tutorial", tutorialApi)
  .route("/post-registration", postRegistrationApi)
  .route("/virtual-employees", virtualEmployeesApi)
  .route("/virtual-employees", vireKnowledgeApi)
  .route("/virtual-employee-templates", vireTemplatesApi)
  .route("/ai-skill-recommendations", skillRecommendationsApi)
  .route("/knowledge-base", knowledgeBaseApi)
  .route("/debug", knowledgeDebugApi)
  // Before /uploads, whose /:userId/:id/:fileName would otherwise take /images/:userId/:file.
  .route("/uploads/images", imagesApi)
  .route("/uploads", uploadsApi)
  .route("/agent-status", agentStatusApi)
  .route("/llm", modelsApi)
  .route("/presenter-requests", presenterRequestsApi)
  .route("/request-permission", requestPermissionApi)
  .route("/sandboxes", sandboxesApi)
  .route("/sandbox", sandboxServicesApi)
  .route("/coding-projects", projectSandboxApi)
  .route("/coding-projects", codingProjectsApi)
  .route("/coding-projects", projectFilesApi)
  .route("/v2/coding-projects", projectFilesV2Api)
  .route("/v2/coding-projects", projectAgentSettingsApi)
  .route("/coding/projects", projectUploadAliasApi)
  .route("/coding/projects", projectRegistrationApi)
  .route("/vm-url-storage", vmUrlStorageApi)
  .route("/vm-dev-mode", vmDevModeApi)
  .route("/gitlab-proxy", gitlabProxyApi)
  .route("/github", githubApi)
  .route("/x-oauth", xOauthApi)
  .route("/v1/file-index", fileIndexApi)
  .route("/v1/task", analysisTaskApi)
  .route("/v1/deep/research", deepResearchApi)
  .route("/share/research", sharedResearchApi)
  .route("/content/feedback", analysisFeedbackApi);

app.notFound((c) => fail(c, 404, "Not found"));
app.onError((err, c) => {
  if (err instanceof ApiError) return fail(c, err.status, err.message, err.code, err.data);
  console.error("unhandled", c.req.method, c.req.path, err);
  return fail(c, 500, SERVER_FAULT);
});

export default {
  fetch: withSecurityHeaders(app.fetch),
  async scheduled(_controller, env, ctx) {
    ctx.waitUntil(runCleanup(env));
  },
  queue: handleQueue,
} satisfies ExportedHandler<Env>;
