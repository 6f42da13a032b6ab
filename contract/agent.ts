import * as v from "valibot";
import { CHAT_TYPES, type ChatStream } from "./chat";

/** Spec 02 §9: default model and the Coding/Ask modes (ask-only offers only Ask). */
export const DEFAULT_MODEL = "claude-sonnet-4";
export const EXECUTION_MODES = ["coding", "ask"] as const;
export type ExecutionMode = (typeof EXECUTION_MODES)[number];

/** One row of the model selector (`GET /api/llm/router/models`). `isOpen` false: listed but not configured. */
export interface ModelOption {
  name: string;
  key: string;
  isOpen: boolean;
}

/**
 * The "room" of an agent run as the spec names it: the chat id for the shared agent stream, and
 * `{chatId}_{userId}` for one user's ask-only stream.
 */
export function agentRoomOf(chatId: string, stream: ChatStream, userId: string): string {
  return stream === 2 ? `${chatId}_${userId}` : chatId;
}

export type AgentRunStatus = "busy" | "idle";

/** A reply being generated: part of the `ready` frame, so a late joiner sees it resume. */
export const AgentRunInfoSchema = v.object({
  room: v.string(),
  chat_type: v.picklist(CHAT_TYPES),
  message_id: v.string(),
  /** The request it answers. */
  request_id: v.string(),
  content: v.string(),
  startedBy: v.string(),
});
export type AgentRunInfo = v.InferOutput<typeof AgentRunInfoSchema>;

export const PRESENTER_ACTIONS = ["request_presenter", "transfer_presenter"] as const;
export type PresenterAction = (typeof PRESENTER_ACTIONS)[number];
/** Spec 02 §3 "Presenter request". */
export const PresenterRequestSchema = v.object({
  requestId: v.string(),
  chatId: v.string(),
  room: v.string(),
  requester: v.string(),
  requesterName: v.string(),
  action: v.picklist(PRESENTER_ACTIONS),
  targetPresenter: v.nullable(v.string()),
  targetPresenterName: v.nullable(v.string()),
  ownerId: v.string(),
  message: v.string(),
  timestamp: v.string(),
});
export type PresenterRequest = v.InferOutput<typeof PresenterRequestSchema>;

/** Presenter ("controller") state of a chat (spec 02 §4 "Agent control"). */
export const ControlStateSchema = v.object({
  ownerId: v.string(),
  presenterId: v.nullable(v.string()),
  presenterName: v.nullable(v.string()),
  /** Pending requests; filled only for the owner. */
  requests: v.array(PresenterRequestSchema),
});
export type ControlState = v.InferOutput<typeof ControlStateSchema>;

/** Outcomes as stored; the card maps approve/revoke/ignore to approve/reject/ignore (spec 02 §4). */
export type RequestOutcome = "pending" | "approve" | "revoke" | "ignore";

/** Content (JSON text) of the permission-request message card (spec 02 §3). */
export interface PermissionRequestContent {
  type: "presenter_request";
  title: string;
  content: string;
  priority: "high";
  requiresConfirmation: true;
  actionStatus: "pending" | "completed";
  actions: {
    id: "approve" | "reject";
    type: "api";
    label: string;
    variant: "primary" | "danger";
    apiEndpoint: string;
    method: "POST";
    payload: {
      requestId: string;
      chatId: string;
      requester: string;
      requesterName: string;
      action: PresenterAction;
      targetPresenter: string | null;
      targetPresenterName: string | null;
      decision: "approve" | "reject";
    };
  }[];
  actionRecord: { actionType: "approve" | "reject" | "ignore"; actionLabel: string; operatorName: string; timestamp: string } | null;
}

/** Content (JSON text) of a status_update message (spec 02 §3 "Status update context"). */
export interface StatusUpdateContent {
  update_type: "tool_execution_result" | "tool_execution_heartbeat" | "execution_interrupting" | "execution_cancelled";
  content: { display_to_user: string; details?: unknown };
}

// ---- Frames the browser sends for agents and control ----

const Room = v.pipe(v.string(), v.maxLength(140));
const UserId = v.pipe(v.string(), v.minLength(1), v.maxLength(64));
const RequestId = v.pipe(v.string(), v.minLength(1), v.maxLength(80));

export const PauseFrame = v.object({ type: v.literal("pause_sse_v2"), room: Room, userId: v.optional(UserId), reason: v.optional(v.string()) });
export const RequestPresenterFrame = v.object({ type: v.literal("request_presenter"), message: v.optional(v.pipe(v.string(), v.maxLength(2000)), "") });
export const HandlePresenterRequestFrame = v.object({
  type: v.literal("handle_presenter_request"),
  requestId: RequestId,
  decision: v.picklist(["approve", "reject"]),
});
export const SetControllerFrame = v.object({ type: v.literal("set_controller"), presenter: UserId, action: v.picklist(["approve", "revoke"]) });
export const TransferPresenterFrame = v.object({ type: v.literal("transfer_presenter"), targetPresenter: UserId });
export const ReleasePresenterFrame = v.object({ type: v.literal("release_presenter") });

export const AgentClientFrames = [
  PauseFrame,
  RequestPresenterFrame,
  HandlePresenterRequestFrame,
  SetControllerFrame,
  TransferPresenterFrame,
  ReleasePresenterFrame,
] as const;

/** What a chat_message may say about the run (spec 02 §3 `data.context_info.agent_config`). */
export const AgentConfig = v.looseObject({
  execution_mode: v.optional(v.picklist(EXECUTION_MODES)),
  preferred_llm_model: v.optional(v.pipe(v.string(), v.maxLength(100))),
});

// The frames a chat room sends for agents and control are in frames-agent.ts.

/** Texts the room sends (spec 02 §4, §8). */
export const AGENT_TEXTS = {
  busy: "The agent is currently busy, please try again later",
  quotaExhausted: "Your AI request quota has been exhausted. Please upgrade your membership to get more benefits.",
  heldByOther: "Controller permission is currently held by another user.",
  noPermission: "You do not have permission to change member roles",
  onlyOwnOrTransfer: "You can only release your own permission or transfer to others",
  onlyPresenterTransfers: "Only the presenter can transfer control",
  onlyOwnerDecides: "Only the group owner can handle permission requests",
  notMember: "You are not a member of this chat",
  requestNotFound: "This request no longer exists",
  notController: "Only the controller can do this",
  requestSent: "Your request has been sent to the group owner",
  noAgent: "This chat has no virtual employee to answer",
  requestRejected: "Your request has been rejected",
  originalMissing: "Cannot find the original message that triggered this response.",
  needPresenterToForward: "You need presenter rights to forward messages. Ask the owner for permission.",
  nothingToForward: "No new discussion messages to forward",
} as const;

export type AgentStatusAnswer = { status: AgentRunStatus };

export const BatchStatusBody = v.object({
  jsonArray: v.pipe(
    v.array(v.object({ requestId: RequestId, chatId: v.pipe(v.string(), v.minLength(1), v.maxLength(64)) })),
    v.maxLength(200, "Too many requests"),
  ),
});
export interface BatchStatusAnswer {
  success: boolean;
  data: { requestId: string; status: RequestOutcome }[];
}

export const PresenterDecisionBody = v.object({
  chatId: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
  decision: v.picklist(["approve", "reject"], "decision must be approve or reject"),
});

export const RegenerateBody = v.object({
  originalMessageId: v.pipe(v.string(), v.minLength(1), v.maxLength(80)),
  virtualEmployeeId: v.optional(v.nullable(v.string())),
  chatId: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
  chatType: v.optional(v.union([v.picklist([0, 1, 2]), v.string()])),
});
