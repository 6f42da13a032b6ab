import { rawToken } from "../helpers";
import type { World } from "./world";

/** One request of a probe. `form` sends multipart with one small text file; `upgrade` asks for a WebSocket. */
export interface ProbeRequest {
  path: string;
  method?: string;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  form?: boolean;
}

/**
 * How one mounted route is attacked. By default it touches organization A's data, so Bob and the
 * stranger must be refused with 403/404 and the signed-out with 401, and nothing may change.
 */
export interface RouteProbe {
  /** `METHOD /api/path` exactly as worker/index.ts mounts it (see route-inventory.ts). */
  route: string;
  requests: (w: World) => ProbeRequest[];
  /** Not scoped to A: anyone signed in may use it for themselves; only leaks are checked. */
  self?: boolean;
  /** Answers without a session too (sign-up, the plan catalogue…). */
  public?: boolean;
  /** Changes only the caller's own state, so it runs before the "nothing changed" snapshot. */
  own?: boolean;
  /** Statuses an outsider may get, where the code refuses differently from 403/404. */
  outsider?: number[];
  /** What Amy, a plain member of organization A and of A's group, gets (one per request); absent: not probed for Amy. */
  member?: number | number[];
}

const get = (path: string): ProbeRequest => ({ path });
const post = (path: string, body: unknown = {}): ProbeRequest => ({ path, method: "POST", body });
const put = (path: string, body: unknown = {}): ProbeRequest => ({ path, method: "PUT", body });
const del = (path: string, body?: unknown): ProbeRequest => ({ path, method: "DELETE", body });
const upgrade = (path: string): ProbeRequest => ({ path, headers: { upgrade: "websocket" } });
const project = (w: World, sub = "") => `/api/coding-projects/${w.projectId}${sub}`;
const group = (w: World, sub = "") => `/api/group-chats/${w.groupId}${sub}`;
const message = (w: World, sub: string) => `/api/messages/${w.messageId}${sub}`;

export const ROUTE_PROBES: RouteProbe[] = [
  // Auth and the caller's own account.
  { route: "GET /api/auth/session", requests: () => [get("/api/auth/session")], self: true, public: true },
  {
    route: "POST /api/auth/sign-up/email",
    requests: (w) => [post("/api/auth/sign-up/email", { name: "Copycat", email: w.alice.email, password: "another horse battery staple" })],
    self: true,
    public: true,
  },
  {
    route: "POST /api/auth/sign-in/email",
    requests: (w) => [post("/api/auth/sign-in/email", { email: w.alice.email, password: "wrong horse battery" })],
    self: true,
    public: true,
    outsider: [401],
  },
  { route: "GET /api/auth/list-sessions", requests: () => [get("/api/auth/list-sessions")], self: true },
  // Revoking someone else's session by its id must not end it.
  { route: "POST /api/auth/revoke-session", requests: (w) => [post("/api/auth/revoke-session", { id: w.aliceSessionId })], outsider: [404] },
  // These end or change the caller's own sessions and account, so each runs on a fresh session.
  { route: "POST /api/auth/sign-out", requests: () => [post("/api/auth/sign-out")], self: true, own: true, public: true },
  { route: "POST /api/auth/revoke-sessions", requests: () => [post("/api/auth/revoke-sessions")], self: true, own: true },
  { route: "POST /api/auth/revoke-other-sessions", requests: () => [post("/api/auth/revoke-other-sessions")], self: true, own: true },
  { route: "POST /api/auth/update-user", requests: () => [post("/api/auth/update-user", { name: "Renamed Outsider" })], self: true, own: true },
  {
    route: "POST /api/auth/change-password",
    requests: () => [post("/api/auth/change-password", { currentPassword: "not the password", newPassword: "a much longer new passphrase 42" })],
    self: true,
    own: true,
  },
  { route: "GET /api/auth/github/status", requests: () => [get("/api/auth/github/status")], self: true, member: 200 },
  { route: "GET /api/auth/github/authorize", requests: () => [get("/api/auth/github/authorize")], self: true, own: true },
  { route: "GET /api/auth/github/callback", requests: () => [get("/api/auth/github/callback?code=x&state=forged")], self: true, public: true },
  { route: "DELETE /api/auth/github", requests: () => [del("/api/auth/github")], self: true, own: true },
  { route: "GET /api/x-oauth", requests: (w) => [get(`/api/x-oauth?agentId=${w.vireId}`)], member: 404 },
  { route: "GET /api/membership/plans", requests: () => [get("/api/membership/plans")], self: true, public: true },
  { route: "GET /api/membership/status", requests: () => [get("/api/membership/status")], self: true },
  { route: "GET /api/usage", requests: () => [get("/api/usage")], self: true },
  { route: "GET /api/user-dev-func", requests: () => [get("/api/user-dev-func")], self: true },
  { route: "GET /api/dev/users", requests: () => [get("/api/dev/users?query=Zephyrine")], outsider: [403], member: 403 },
  { route: "GET /api/dev/mail", requests: () => [get("/api/dev/mail")], outsider: [403], member: 403 },
  {
    route: "PUT /api/dev/users/:userId/membership",
    requests: (w) => [put(`/api/dev/users/${w.alice.id}/membership`, { memberPlan: "enterprise" })],
    outsider: [403],
    member: 403,
  },

  // Organizations.
  { route: "GET /api/user/all-organizations", requests: () => [get("/api/user/all-organizations")], self: true },
  { route: "GET /api/user/current-organization", requests: () => [get("/api/user/current-organization")], self: true },
  { route: "GET /api/user/organization-id", requests: () => [get("/api/user/organization-id")], self: true },
  { route: "POST /api/user/update-organization", requests: (w) => [post("/api/user/update-organization", { organizationId: w.orgA })], member: 200 },
  { route: "GET /api/user/organizations-with-members", requests: (w) => [get(`/api/user/organizations-with-members?organizationId=${w.orgA}`)], member: 200 },
  { route: "GET /api/organization/info", requests: () => [get("/api/organization/info")], self: true },
  { route: "GET /api/organization/users", requests: () => [get("/api/organization/users")], self: true },
  { route: "GET /api/organization/:orgId/details", requests: (w) => [get(`/api/organization/${w.orgA}/details`)], member: 200 },
  { route: "GET /api/organizations/:orgId/invite", requests: (w) => [get(`/api/organizations/${w.orgA}/invite`)], member: 403 },
  { route: "POST /api/organizations/:orgId/invite/reset", requests: (w) => [post(`/api/organizations/${w.orgA}/invite/reset`)], member: 403 },
  {
    route: "PUT /api/organizations/:orgId/members/:userId",
    requests: (w) => [put(`/api/organizations/${w.orgA}/members/${w.amy.id}`, { userType: "admin" })],
    member: 403,
  },
  // A wrong code joins nothing; the real code is what an outsider must not be able to learn.
  { route: "POST /api/organizations/join", requests: () => [post("/api/organizations/join", { inviteCode: "ZZZZZZZZ" })], self: true, outsider: [400, 404] },

  // Chats, groups and messages.
  { route: "GET /api/group-chats", requests: () => [get("/api/group-chats")], self: true },
  {
    route: "POST /api/group-chats",
    requests: (w) => [
      post("/api/group-chats", {
        name: "Hijack",
        participants: [
          { id: w.alice.id, type: "user", role: "member" },
          { id: w.vireId, type: "virtual_employee", role: "member" },
        ],
      }),
    ],
    outsider: [403, 404],
  },
  { route: "PUT /api/group-chats/:chatId", requests: (w) => [put(group(w), { name: "Renamed by outsider" })], member: 403 },
  { route: "DELETE /api/group-chats/:chatId", requests: (w) => [del(group(w))], member: 403 },
  // Leaving is a member's right, so Amy is not probed (she would leave).
  { route: "POST /api/group-chats/:chatId/leave", requests: (w) => [post(group(w, "/leave"))] },
  {
    route: "GET /api/group-chats/:chatId/messages",
    requests: (w) => [get(group(w, "/messages")), get(`/api/group-chats/${w.groupId}_${w.alice.id}/messages`)],
    member: [200, 404],
  },
  { route: "POST /api/group-chats/:chatId/discuss-to-agent", requests: (w) => [post(group(w, "/discuss-to-agent"), { messageIds: [w.messageId] })] },
  {
    route: "POST /api/group-chats/:chatId/participants",
    requests: (w) => [post(group(w, "/participants"), { participantIds: [w.bob.id, w.stranger.id], participantType: "user" })],
    member: 403,
  },
  {
    route: "DELETE /api/group-chats/:chatId/participants",
    requests: (w) => [del(group(w, "/participants"), { participantIds: [w.amy.id], participantType: "user" })],
    member: 403,
  },
  { route: "GET /api/chats/:chatId", requests: (w) => [get(`/api/chats/${w.groupId}`), get(`/api/chats/${w.privateChatId}`)], member: 200 },
  { route: "GET /api/chats/:chatId/presenter-requests", requests: (w) => [get(`/api/chats/${w.groupId}/presenter-requests`)], member: 403 },
  { route: "GET /api/chats/:chatId/participants", requests: (w) => [get(`/api/chats/${w.groupId}/participants`)], member: 200 },
  { route: "GET /api/chats/:chatId/availableJoinMember", requests: (w) => [get(`/api/chats/${w.groupId}/availableJoinMember`)], member: 200 },
  { route: "GET /api/chats/:chatId/ws", requests: (w) => [upgrade(`/api/chats/${w.groupId}/ws`), upgrade(`/api/chats/${w.privateChatId}/ws`)] },
  {
    route: "POST /api/chats/update-project-id",
    requests: (w) => [post("/api/chats/update-project-id", { chatId: w.groupId, projectId: w.projectId })],
    member: 403,
  },
  {
    route: "POST /api/private-chats",
    requests: (w) => [
      post("/api/private-chats", { participantId: w.alice.id, participantType: "user" }),
      post("/api/private-chats", { participantId: w.vireId, participantType: "virtual_employee" }),
      post("/api/private-chats", { participantId: w.alice.id, participantType: "user", organizationId: w.orgA }),
    ],
    outsider: [403, 404],
  },
  { route: "POST /api/unread-messages/mark-read", requests: (w) => [post("/api/unread-messages/mark-read", { chatId: w.groupId })] },
  { route: "POST /api/messages/:id/reactions", requests: (w) => [post(message(w, "/reactions"), { emoji: "👍" })] },
  { route: "GET /api/messages/:id/reactions", requests: (w) => [get(message(w, "/reactions"))], member: 200 },
  { route: "POST /api/messages/:id/like", requests: (w) => [post(message(w, "/like"))] },
  { route: "POST /api/messages/:id/dislike", requests: (w) => [post(message(w, "/dislike"), { reason: "x" })] },
  { route: "POST /api/messages/:id/regenerate", requests: (w) => [post(message(w, "/regenerate"), { originalMessageId: w.messageId, chatId: w.groupId })] },
  { route: "POST /api/messages/:id/refresh", requests: (w) => [post(message(w, "/refresh"))], member: 200 },
  {
    route: "POST /api/forward-messages",
    requests: (w) => [
      post("/api/forward-messages", {
        sourceChatId: w.groupId,
        messageIds: [w.messageId],
        recipients: [{ id: w.bob.id, type: "user" }],
        messageType: "private",
      }),
      // Forwarding into A's group from outside.
      post("/api/forward-messages", {
        sourceChatId: w.groupId,
        messageIds: [w.messageId],
        recipients: [{ id: w.groupId, type: "group" }],
        messageType: "group",
      }),
    ],
  },
  { route: "GET /api/group-invites", requests: (w) => [get(`/api/group-invites?chatId=${w.groupId}`)], member: 403 },
  {
    route: "POST /api/group-invites",
    requests: (w) => [post("/api/group-invites", { chatId: w.groupId, inviteeEmail: "outsider-friend@example.com" })],
    member: 403,
  },
  // The invitation was sent to someone else: holding its code must not let anybody in.
  { route: "POST /api/group-invites/:inviteCode/accept", requests: (w) => [post(`/api/group-invites/${w.groupInviteCode}/accept`)], member: 403 },
  // Friends: invitations are the caller's own (whether an address has an account is tested in friend-invites.test.ts), and codes that do not exist open nothing.
  { route: "GET /api/friend-invites", requests: () => [get("/api/friend-invites?type=sent")], self: true },
  { route: "POST /api/friend-invites", requests: () => [post("/api/friend-invites", { inviteeEmail: "outsider-friend@example.com" })], self: true, own: true },
  { route: "GET /api/friend-invites/:inviteCode", requests: () => [get("/api/friend-invites/NoSuchInvitationCode0000000000000")], self: true, public: true },
  {
    route: "POST /api/friend-invites/:inviteCode/accept",
    requests: () => [post("/api/friend-invites/NoSuchInvitationCode0000000000000/accept")],
    member: 404,
  },
  // Contacts are only ever one's own; someone else's id is refused, and removing a person one cannot see finds nobody.
  { route: "GET /api/contacts/:userId", requests: (w) => [get(`/api/contacts/${w.alice.id}`)], member: 403 },
  {
    route: "DELETE /api/contacts/:userId/:contactId",
    requests: (w) => [del(`/api/contacts/${w.alice.id}/${w.amy.id}`), del(`/api/contacts/${w.bob.id}/${w.alice.id}`)],
    member: [403, 403],
  },
  // Search looks only where the caller may look: A's message, group, people and names must not come back to outsiders.
  {
    route: "GET /api/search",
    requests: () => [
      get("/api/search?query=Ostrich"),
      get("/api/search?query=4417&type=messages&sort=best"),
      get("/api/search?query=Quasar&type=groups"),
      get("/api/search?query=Quillfeather&type=contacts"),
    ],
    self: true,
  },
  { route: "POST /api/search/rebuild", requests: (w) => [post("/api/search/rebuild", { organizationId: w.orgA })], member: 403 },
  { route: "GET /api/inbox/ws", requests: () => [upgrade("/api/inbox/ws")], self: true },
  // Notifications are per user: listing shows only the caller's, and an id that is not theirs is "not found".
  { route: "GET /api/notifications", requests: () => [get("/api/notifications")], self: true },
  { route: "POST /api/notifications/read-all", requests: () => [post("/api/notifications/read-all")], self: true, own: true },
  { route: "POST /api/notifications/:id/read", requests: () => [post("/api/notifications/ntf_00000000000000000000000000000000/read")], member: 404 },
  {
    route: "POST /api/notifications/:id/action",
    requests: () => [post("/api/notifications/ntf_00000000000000000000000000000000/action", { status: "approved" })],
    member: 404,
  },
  // Mentions are per user too: each route reads or changes only the caller's own list.
  { route: "GET /api/mentions", requests: () => [get("/api/mentions")], self: true },
  {
    route: "POST /api/mentions/read",
    requests: () => [post("/api/mentions/read"), post("/api/mentions/read", { ids: ["mnt_00000000000000000000000000000000"] })],
    self: true,
    own: true,
  },
  { route: "DELETE /api/mentions", requests: () => [del("/api/mentions")], self: true, own: true },
  { route: "DELETE /api/mentions/:id", requests: () => [del("/api/mentions/mnt_00000000000000000000000000000000")], member: 404 },
  { route: "POST /api/chat-attachments", requests: (w) => [{ path: `/api/chat-attachments?chatId=${w.groupId}`, method: "POST", form: true }] },
  { route: "GET /api/chat-attachments/:chatId/:fileId", requests: (w) => [get(w.attachmentPath)], member: 200 },
  {
    route: "POST /api/chat-attachments/process",
    requests: (w) => [post("/api/chat-attachments/process", { fileUrl: w.attachmentPath, fileName: "note.txt", chatId: w.groupId })],
  },

  // Agents.
  { route: "GET /api/agent-status/:room", requests: (w) => [get(`/api/agent-status/${w.groupId}`)], member: 200 },
  { route: "GET /api/llm/router/models", requests: () => [get("/api/llm/router/models")], self: true },
  {
    route: "POST /api/presenter-requests/:requestId",
    requests: (w) => [post("/api/presenter-requests/preq_00000000000000000000000000000000", { chatId: w.groupId, decision: "approve" })],
    member: 403,
  },
  // Unknown chats answer an empty list, exactly like unknown requests.
  {
    route: "POST /api/request-permission/batch-status",
    requests: (w) => [post("/api/request-permission/batch-status", { jsonArray: [{ requestId: "preq_00000000000000000000000000000000", chatId: w.groupId }] })],
    outsider: [200],
    member: 200,
  },

  // Virtual employees and knowledge.
  { route: "GET /api/virtual-employees", requests: () => [get("/api/virtual-employees")], self: true },
  { route: "GET /api/virtual-employees/count", requests: () => [get("/api/virtual-employees/count")], self: true },
  { route: "GET /api/virtual-employees/by-name", requests: () => [get("/api/virtual-employees/by-name?name=Nimbus%20Larkspur")], member: 404 },
  { route: "POST /api/virtual-employees/seed", requests: () => [post("/api/virtual-employees/seed")], self: true, own: true },
  { route: "POST /api/virtual-employees", requests: () => [post("/api/virtual-employees", { name: "Own Helper", role: "Assistant" })], self: true, own: true },
  { route: "GET /api/virtual-employees/:id", requests: (w) => [get(`/api/virtual-employees/${w.vireId}`)], member: 404 },
  { route: "PUT /api/virtual-employees/:id", requests: (w) => [put(`/api/virtual-employees/${w.vireId}`, { name: "Stolen", role: "Spy" })], member: 404 },
  { route: "DELETE /api/virtual-employees/:id", requests: (w) => [del(`/api/virtual-employees/${w.vireId}`)], member: 404 },
  { route: "GET /api/virtual-employees/:id/knowledge-base", requests: (w) => [get(`/api/virtual-employees/${w.vireId}/knowledge-base`)], member: 404 },
  {
    route: "POST /api/virtual-employees/:id/knowledge-base",
    requests: (w) => [post(`/api/virtual-employees/${w.vireId}/knowledge-base`, { name: "Planted" })],
    member: 404,
  },
  { route: "GET /api/virtual-employee-templates", requests: () => [get("/api/virtual-employee-templates")], self: true },
  {
    route: "POST /api/virtual-employee-templates",
    requests: (w) => [post("/api/virtual-employee-templates", { templateId: "no-such-template", userId: w.alice.id, organizationId: w.orgA })],
    self: true,
    outsider: [404],
  },
  { route: "POST /api/ai-skill-recommendations", requests: () => [post("/api/ai-skill-recommendations", { name: "Helper", role: "Assistant" })], self: true },
  { route: "GET /api/knowledge-base/:id/files", requests: (w) => [get(`/api/knowledge-base/${w.baseId}/files`)], member: 404 },
  // Bob records A's upload into a base of his own: the upload belongs to Alice, so it is not found.
  {
    route: "POST /api/knowledge-base/:id/files",
    requests: (w) => [post(`/api/knowledge-base/${w.baseId}/files`, { name: "orchid.txt", url: w.uploadPath })],
    member: 404,
  },
  { route: "DELETE /api/knowledge-base/:id/files/:fileId", requests: (w) => [del(`/api/knowledge-base/${w.baseId}/files/${w.knowledgeFileId}`)], member: 404 },
  { route: "GET /api/debug/fix-knowledge-base-tables", requests: () => [get("/api/debug/fix-knowledge-base-tables")], self: true },
  {
    route: "POST /api/uploads",
    requests: () => [
      { path: "/api/uploads?fileName=mine.txt&contentType=text/plain", method: "POST", rawBody: "my own notes", headers: { "content-type": "text/plain" } },
    ],
    self: true,
    own: true,
  },
  { route: "GET /api/uploads/:userId/:id/:fileName", requests: (w) => [get(w.uploadPath)], member: 404 },
  // The editor's markdown images: anyone signed in uploads their own (the outsider's text file is refused by its bytes).
  { route: "POST /api/uploads/images", requests: () => [{ path: "/api/uploads/images", method: "POST", form: true }], self: true, own: true },
  // An image URL is a capability: whoever reads the markdown that embeds it, signed in, may load it (tests/worker/api/images.test.ts).
  { route: "GET /api/uploads/images/:userId/:file", requests: (w) => [get(w.imagePath)], self: true, member: 200 },

  // Coding projects, their files, git, terminal and sandbox.
  { route: "GET /api/coding-projects", requests: () => [get("/api/coding-projects")], self: true },
  {
    route: "POST /api/coding-projects",
    requests: () => [post("/api/coding-projects", { name: "Outsider Project", description: "mine" })],
    self: true,
    own: true,
  },
  { route: "GET /api/coding-projects/:id", requests: (w) => [get(project(w))], member: 404 },
  { route: "DELETE /api/coding-projects/:id", requests: (w) => [del(project(w))], member: 404 },
  { route: "GET /api/coding-projects/:id/terminal", requests: (w) => [upgrade(project(w, "/terminal"))] },
  { route: "GET /api/coding-projects/:id/git-status", requests: (w) => [get(project(w, "/git-status"))], member: 404 },
  { route: "GET /api/coding-projects/:id/find-react-references", requests: (w) => [get(project(w, "/find-react-references?q=App"))], member: 404 },
  { route: "GET /api/coding-projects/:id/commits", requests: (w) => [get(project(w, "/commits"))], member: 404 },
  { route: "POST /api/coding-projects/:id/commit", requests: (w) => [post(project(w, "/commit"), { message: "outsider commit" })], member: 404 },
  { route: "POST /api/coding-projects/:id/checkout", requests: (w) => [post(project(w, "/checkout"), { commitHash: "abcd1234" })], member: 404 },
  { route: "GET /api/coding-projects/:id/file-diff", requests: (w) => [get(project(w, "/file-diff?filePath=README.md"))], member: 404 },
  { route: "GET /api/coding-projects/:id/file-tree-lazy", requests: (w) => [get(project(w, "/file-tree-lazy"))], member: 404 },
  { route: "GET /api/coding-projects/:id/file-list", requests: (w) => [get(project(w, "/file-list"))], member: 404 },
  { route: "GET /api/coding-projects/:id/folder-download", requests: (w) => [get(project(w, "/folder-download"))], member: 404 },
  { route: "GET /api/coding-projects/:id/file-raw", requests: (w) => [get(project(w, "/file-raw?filePath=README.md"))], member: 404 },
  { route: "GET /api/coding-projects/:id/config", requests: (w) => [get(project(w, "/config"))], member: 404 },
  { route: "GET /api/coding-projects/:id/file-content", requests: (w) => [get(project(w, "/file-content?filePath=README.md"))], member: 404 },
  {
    route: "POST /api/coding-projects/:id/file-content",
    requests: (w) => [post(project(w, "/file-content?filePath=planted.txt"), { file_content: "planted" })],
    member: 404,
  },
  { route: "POST /api/coding-projects/:id/file-upload", requests: (w) => [{ path: project(w, "/file-upload"), method: "POST", form: true }], member: 404 },
  { route: "DELETE /api/coding-projects/:id/file", requests: (w) => [del(project(w, "/file?filePath=README.md"))], member: 404 },
  { route: "GET /api/coding-projects/:id/sandboxes", requests: (w) => [get(project(w, "/sandboxes"))], member: 404 },
  { route: "POST /api/coding-projects/:id/restart-vm", requests: (w) => [post(project(w, "/restart-vm"))], member: 404 },
  {
    route: "POST /api/v2/coding-projects/:id/search",
    requests: (w) => [post(`/api/v2/coding-projects/${w.projectId}/search`, { query: "README" })],
    member: 404,
  },
  { route: "GET /api/v2/coding-projects/:id/files", requests: (w) => [get(`/api/v2/coding-projects/${w.projectId}/files`)], member: 404 },
  {
    route: "PUT /api/v2/coding-projects/:id/agent-settings",
    requests: (w) => [put(`/api/v2/coding-projects/${w.projectId}/agent-settings`, { approvalPolicy: "auto_edits" })],
    member: 404,
  },
  { route: "GET /api/v2/coding-projects/:id/git-status", requests: (w) => [get(`/api/v2/coding-projects/${w.projectId}/git-status`)], member: 404 },
  {
    route: "POST /api/coding/projects/:id/file-upload",
    requests: (w) => [{ path: `/api/coding/projects/${w.projectId}/file-upload`, method: "POST", form: true }],
    member: 404,
  },
  { route: "POST /api/coding/projects", requests: (w) => [post("/api/coding/projects", { project_id: w.projectId })], member: 404 },
  { route: "GET /api/sandboxes", requests: () => [get("/api/sandboxes")], self: true },
  { route: "POST /api/sandboxes", requests: (w) => [post("/api/sandboxes", { user_id: w.alice.id })], outsider: [403], member: 403 },
  { route: "GET /api/sandboxes/:id", requests: (w) => [get(`/api/sandboxes/${w.sandboxId}`)], member: 404 },
  { route: "POST /api/sandboxes/:id/restart", requests: (w) => [post(`/api/sandboxes/${w.sandboxId}/restart`)], member: 404 },
  { route: "POST /api/sandbox", requests: (w) => [post("/api/sandbox", { user_id: w.alice.id })], outsider: [403], member: 403 },
  { route: "GET /api/sandbox/domains-health", requests: (w) => [get(`/api/sandbox/domains-health?workspace=${w.projectId}`)], member: 404 },
  { route: "POST /api/sandbox/processes/kill", requests: (w) => [post("/api/sandbox/processes/kill", { workspace: w.projectId, ports: [5173] })], member: 404 },
  { route: "GET /api/vm-url-storage", requests: (w) => [get(`/api/vm-url-storage?userId=${w.alice.id}`)], outsider: [403], member: 403 },
  { route: "POST /api/vm-url-storage", requests: () => [post("/api/vm-url-storage", { vmUrl: "https://own.example.com" })], self: true, own: true },
  { route: "GET /api/vm-dev-mode", requests: () => [get("/api/vm-dev-mode")], self: true },

  // Git hosts: the caller's own credentials; nothing of A's is reachable.
  {
    route: "POST /api/gitlab-proxy/auth",
    requests: () => [post("/api/gitlab-proxy/auth", { serverUrl: "not a url", username: "x", password: "y" })],
    self: true,
  },
  { route: "POST /api/gitlab-proxy/repositories", requests: () => [post("/api/gitlab-proxy/repositories", { serverUrl: "not a url", auth: "x" })], self: true },
  { route: "GET /api/github/repositories", requests: () => [get("/api/github/repositories")], self: true },
  // First run: each changes or reads only the caller's own onboarding, tutorial flag and welcome.
  { route: "GET /api/onboarding", requests: () => [get("/api/onboarding")], self: true },
  { route: "POST /api/onboarding", requests: () => [post("/api/onboarding", { purposeId: "writing" })], self: true, own: true },
  { route: "POST /api/onboarding/skip", requests: () => [post("/api/onboarding/skip")], self: true, own: true },
  { route: "POST /api/onboarding/welcome", requests: () => [post("/api/onboarding/welcome", { locale: "en" })], self: true, own: true },
  { route: "GET /api/tutorial", requests: () => [get("/api/tutorial")], self: true },
  { route: "PUT /api/tutorial", requests: () => [put("/api/tutorial", { hasSeenChatTutorial: true })], self: true, own: true },
  { route: "GET /api/post-registration/update-default-project", requests: () => [get("/api/post-registration/update-default-project")], self: true },
  // Alice's default project, set by someone else: her id is not theirs, and her project is not theirs to reach.
  {
    route: "POST /api/post-registration/update-default-project",
    requests: (w) => [post("/api/post-registration/update-default-project", { userId: w.alice.id, projectId: w.projectId, directoryPath: "app" })],
    member: 403,
  },
  // Page views are the caller's own; the developers' table names pages, never ids.
  {
    route: "POST /api/analytics/page-view",
    requests: () => [post("/api/analytics/page-view", { event: "page_view", path: "/en/home", timestamp: Date.now() })],
    self: true,
    own: true,
    public: true,
  },
  { route: "GET /api/analytics/page-views", requests: () => [get("/api/analytics/page-views")], self: true },
  { route: "GET /api/chats", requests: () => [get("/api/chats")], self: true },
  {
    route: "GET /api/chats/:chatId/last-message",
    requests: (w) => [get(`/api/chats/${w.groupId}/last-message`), get(`/api/chats/${w.privateChatId}/last-message`)],
    member: 200,
  },
  // File analysis (spec 03 §7.4): every id of A's analysed files answers 404 to outsiders, as an unknown id would.
  { route: "GET /api/v1/file-index/file-detail/:id", requests: (w) => [get(`/api/v1/file-index/file-detail/${w.analysis.documentId}`)], member: 200 },
  {
    route: "GET /api/v1/file-index/lookup",
    requests: (w) => [
      get(`/api/v1/file-index/lookup?chatId=${w.groupId}&attachmentId=attach_00000000000000000000000000000000`),
      get(`/api/v1/file-index/lookup?projectId=${w.projectId}&filePath=README.md`),
    ],
    member: [200, 404],
  },
  {
    route: "POST /api/v1/file-index/analyze",
    requests: (w) => [
      post("/api/v1/file-index/analyze", { chatId: w.groupId, attachmentId: w.attachmentPath.split("/").pop(), refresh: true }),
      post("/api/v1/file-index/analyze", { projectId: w.projectId, filePath: "notes.txt" }),
    ],
  },
  { route: "POST /api/v1/file-index/podcast/:id", requests: (w) => [post(`/api/v1/file-index/podcast/${w.analysis.recordingId}`)] },
  {
    route: "GET /api/v1/file-index/:id/media/:kind",
    requests: (w) => [get(`/api/v1/file-index/${w.analysis.recordingId}/media/original`), get(`/api/v1/file-index/${w.analysis.documentId}/media/original`)],
    member: [200, 200],
  },
  { route: "GET /api/v1/task/transcribe/detail/:id", requests: (w) => [get(`/api/v1/task/transcribe/detail/${w.analysis.transcriptId}`)], member: 200 },
  { route: "GET /api/v1/task/summary/detail/:id", requests: (w) => [get(`/api/v1/task/summary/detail/${w.analysis.summaryId}`)], member: 200 },
  { route: "GET /api/v1/deep/research/info/btn", requests: (w) => [get(`/api/v1/deep/research/info/btn?sessionId=${w.analysis.sessionId}`)], member: 200 },
  {
    route: "GET /api/v1/deep/research/info/session",
    requests: (w) => [get(`/api/v1/deep/research/info/session?sessionId=${w.analysis.sessionId}`)],
    member: 200,
  },
  {
    route: "POST /api/v1/deep/research/query",
    requests: (w) => [post("/api/v1/deep/research/query", { sessionId: w.analysis.sessionId, sessionType: 9, question: "What is planned?", source: 3 })],
  },
  // Only the file's owner shares: Amy sees the file but is refused.
  {
    route: "POST /api/v1/deep/research/share",
    requests: (w) => [post("/api/v1/deep/research/share", { sessionId: w.analysis.sessionId, shared: true })],
    member: 403,
  },
  // A session nobody shared is not there in share mode, for members too.
  { route: "GET /api/share/research/info/session", requests: (w) => [get(`/api/share/research/info/session?sessionId=${w.analysis.sessionId}`)], member: 404 },
  {
    route: "POST /api/content/feedback/add",
    requests: (w) => [post("/api/content/feedback/add", { taskId: w.analysis.summaryId, feedbackType: "summary", likeOrStep: -1, tag: "inaccurate" })],
  },
  // Only one's own feedback changes: Alice's is not Amy's either.
  {
    route: "POST /api/content/feedback/update",
    requests: (w) => [post("/api/content/feedback/update", { id: w.analysis.feedbackId, likeOrStep: -1 })],
    member: 404,
  },
];
