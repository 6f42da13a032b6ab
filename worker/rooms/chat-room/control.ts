import {
  AGENT_TEXTS,
  STREAM_AGENT,
  type ControlState,
  type InboxFrame,
  type PermissionRequestContent,
  type PresenterAction,
  type ServerFrame,
} from "../../../contract";
import type { PresenterNotices } from "../../notifications";
import { toChatMessage } from "./mapping";
import { ControlStore, toPresenterRequest, type RequestRow } from "./control-store";
import type { MessageRow, RoomStore } from "./store";
import type { RoomMember } from "./types";

export interface ControlIo {
  store: RoomStore;
  control: ControlStore;
  chatId(): string;
  ownerId(): string;
  /** Sends each socket its own view (the owner's includes the pending requests). */
  sendControlState(): void;
  broadcast(frame: ServerFrame, onlyUser?: string): void;
  publish(row: MessageRow): void;
  /** The owner's inbox: a notification reaches them even with this chat closed. */
  notifyOwner(frame: InboxFrame): void;
  chatName(): string;
  /** The owner's stored system notification of each request, settled when the request closes. */
  notices: Pick<PresenterNotices, "opened" | "settled">;
}

type Result = { ok: true } | { ok: false; error: string };

/** Why the owner's Approve/Reject did nothing; the route maps it to HTTP. */
export type DecisionRefusal = "not_member" | "not_owner" | "request_not_found";
export type DecisionResult = { ok: true } | { ok: false; reason: DecisionRefusal };
/** The texts a refused decision reads as, on the socket and over REST. */
export const DECISION_REFUSAL_TEXT: Record<DecisionRefusal, string> = {
  not_member: AGENT_TEXTS.notMember,
  not_owner: AGENT_TEXTS.onlyOwnerDecides,
  request_not_found: AGENT_TEXTS.requestNotFound,
};

const DECISION_LABEL = { approve: "Approved", reject: "Rejected", ignore: "Ignored" } as const;

/** The control state a user sees: requests only for the owner. */
export function controlStateFor(io: Pick<ControlIo, "control" | "ownerId" | "chatId">, viewerId: string): ControlState {
  const presenter = io.control.presenter();
  const ownerId = io.ownerId();
  const requests = viewerId === ownerId ? io.control.pending().map((r) => toPresenterRequest(r, io.chatId(), ownerId)) : [];
  return { ownerId, presenterId: presenter?.id ?? null, presenterName: presenter?.name ?? null, requests };
}

/** Spec 02 §4: the presenter drives the agent; with no presenter, the owner does. */
export function canDriveAgent(io: Pick<ControlIo, "control" | "ownerId">, userId: string): boolean {
  const presenter = io.control.presenter();
  return presenter ? presenter.id === userId : userId === io.ownerId();
}

/** The refusal text for someone who may not drive the agent right now. */
export function driveRefusal(io: Pick<ControlIo, "control" | "ownerId">, userId: string): string {
  return userId === io.ownerId() && io.control.presenter() ? AGENT_TEXTS.heldByOther : AGENT_TEXTS.notController;
}

/** Presenter changes and requests (spec 02 §4, §6). Each returns the refusal text or ok. */
export class Control {
  constructor(private readonly io: ControlIo) {}

  request(from: RoomMember, message: string): Result & { requestId?: string } {
    if (from.id === this.io.ownerId()) return { ok: false, error: "The group owner already controls the agent" };
    if (this.io.control.presenter()?.id === from.id) return { ok: false, error: "You already control the agent" };
    const existing = this.io.control.pendingFrom(from.id, "request_presenter");
    if (existing) return { ok: true, requestId: existing.request_id };
    return { ok: true, requestId: this.open(from, "request_presenter", null, message).request_id };
  }

  transfer(from: RoomMember, target: RoomMember | null): Result {
    if (this.io.control.presenter()?.id !== from.id) return { ok: false, error: AGENT_TEXTS.onlyPresenterTransfers };
    if (!target || target.type !== "user") return { ok: false, error: "That member cannot take control" };
    if (target.id === from.id) return { ok: false, error: AGENT_TEXTS.onlyOwnOrTransfer };
    this.open(from, "transfer_presenter", target, "");
    return { ok: true };
  }

  release(from: RoomMember): Result {
    if (this.io.control.presenter()?.id !== from.id) return { ok: false, error: AGENT_TEXTS.onlyOwnOrTransfer };
    this.change(null, "release", from.id);
    return { ok: true };
  }

  /** The owner grants (approve) or takes back (revoke) control directly. */
  assign(by: RoomMember, target: RoomMember | null, action: "approve" | "revoke"): Result {
    if (by.id !== this.io.ownerId()) return { ok: false, error: AGENT_TEXTS.noPermission };
    if (!target || target.type !== "user") return { ok: false, error: "That member cannot take control" };
    const presenter = this.io.control.presenter();
    if (action === "approve") {
      if (presenter?.id === target.id) return { ok: true };
      this.change(target.id === this.io.ownerId() ? null : target, "approve", by.id);
    } else if (presenter?.id === target.id) {
      this.change(null, "revoke", by.id);
    }
    return { ok: true };
  }

  decide(by: RoomMember, requestId: string, decision: "approve" | "reject"): DecisionResult {
    if (by.id !== this.io.ownerId()) return { ok: false, reason: "not_owner" };
    const req = this.io.control.get(requestId);
    if (!req || req.status !== "pending") return { ok: false, reason: "request_not_found" };
    if (decision === "reject") {
      this.io.control.decide(requestId, "revoke");
      this.io.broadcast({ type: "request_rejected", requestId, chatId: this.io.chatId() }, req.requester);
      this.closeCard(req, "reject", by.name);
      this.io.sendControlState();
      return { ok: true };
    }
    const newPresenter = req.action === "transfer_presenter" && req.target ? this.io.store.member(req.target) : this.io.store.member(req.requester);
    if (!newPresenter) {
      this.io.control.decide(requestId, "ignore");
      this.closeCard(req, "ignore", "System");
      this.io.sendControlState();
      return { ok: false, reason: "request_not_found" };
    }
    this.io.control.decide(requestId, "approve");
    this.closeCard(req, "approve", by.name);
    this.change(newPresenter, req.action === "transfer_presenter" ? "transfer" : "approve", by.id);
    return { ok: true };
  }

  /** After a membership change: a departed presenter loses control, their requests are ignored. */
  membersChanged(): void {
    const presenter = this.io.control.presenter();
    const gone = (id: string | null) => id !== null && !this.io.store.member(id);
    const stale = this.io.control.supersede((r) => gone(r.requester) || gone(r.target));
    for (const r of stale) this.closeCard(r, "ignore", "System");
    if (presenter && gone(presenter.id)) this.change(null, "release", presenter.id);
    else if (stale.length) this.io.sendControlState();
  }

  private change(to: RoomMember | null, action: "release" | "approve" | "revoke" | "transfer", by: string): void {
    this.io.control.setPresenter(to ? { id: to.id, name: to.name } : null);
    // Whoever holds control now has nothing left to ask for.
    if (to) for (const r of this.io.control.supersede((r) => r.requester === to.id && r.action === "request_presenter")) this.closeCard(r, "ignore", "System");
    this.io.broadcast({ type: "presenter_changed", chatId: this.io.chatId(), presenterId: to?.id ?? null, presenterName: to?.name ?? null, action, by });
    this.io.sendControlState();
  }

  private open(from: RoomMember, action: PresenterAction, target: RoomMember | null, message: string): RequestRow {
    const row = this.io.control.insert({
      request_id: `preq_${crypto.randomUUID()}`,
      requester: from.id,
      requester_name: from.name,
      action,
      target: target?.id ?? null,
      target_name: target?.name ?? null,
      message: message.slice(0, 2000),
      created_at: Date.now(),
    });
    const ownerId = this.io.ownerId();
    const card = this.io.store.insert({
      id: `msg_preq_${row.request_id.slice(5)}`,
      chatType: STREAM_AGENT,
      visibleTo: ownerId,
      sender: { id: "system", name: "System", image: null, type: "virtual_employee" },
      messageType: "system_alert",
      content: JSON.stringify(this.cardContent(row, null)),
      attachments: "[]",
      replyToId: null,
      createdAt: row.created_at,
      keepOutOfMirror: true,
    });
    this.io.control.setCard(row.request_id, card.id);
    this.io.publish(card);
    const request = toPresenterRequest(row, this.io.chatId(), ownerId);
    this.io.broadcast({ type: "presenter_request", request }, ownerId);
    this.io.notifyOwner({ type: "presenter_request", request, chatName: this.io.chatName() });
    this.io.notices.opened(
      ownerId,
      { id: this.io.chatId(), name: this.io.chatName() },
      { requestId: row.request_id, requester: row.requester, requesterName: row.requester_name, action: row.action, targetName: row.target_name },
    );
    this.io.sendControlState();
    return row;
  }

  private closeCard(req: RequestRow, actionType: "approve" | "reject" | "ignore", operatorName: string): void {
    this.io.notices.settled(this.io.ownerId(), req.request_id, actionType, actionType === "ignore" ? "System" : operatorName);
    if (!req.card_id) return;
    const record = {
      actionType,
      actionLabel: DECISION_LABEL[actionType],
      operatorName: actionType === "ignore" ? "System" : operatorName,
      timestamp: new Date().toISOString(),
    };
    const row = this.io.store.saveContent(req.card_id, JSON.stringify(this.cardContent(req, record)), false);
    if (row) this.io.broadcast({ type: "message_updated", message: toChatMessage(this.io.chatId(), row) }, this.io.ownerId());
  }

  private cardContent(req: RequestRow, record: PermissionRequestContent["actionRecord"]): PermissionRequestContent {
    const chatId = this.io.chatId();
    const isTransfer = req.action === "transfer_presenter";
    const base = {
      requestId: req.request_id,
      chatId,
      requester: req.requester,
      requesterName: req.requester_name,
      action: req.action,
      targetPresenter: req.target,
      targetPresenterName: req.target_name,
    };
    const endpoint = `/api/presenter-requests/${req.request_id}`;
    return {
      type: "presenter_request",
      title: isTransfer ? "Control transfer request" : "Agent control request",
      content: isTransfer
        ? `${req.requester_name} wants to hand agent control to ${req.target_name ?? ""}.`
        : `${req.requester_name} asks for control of the agent.${req.message ? ` Message: ${req.message}` : ""}`,
      priority: "high",
      requiresConfirmation: true,
      actionStatus: record ? "completed" : "pending",
      actions: [
        { id: "approve", type: "api", label: "Approve", variant: "primary", apiEndpoint: endpoint, method: "POST", payload: { ...base, decision: "approve" } },
        { id: "reject", type: "api", label: "Reject", variant: "danger", apiEndpoint: endpoint, method: "POST", payload: { ...base, decision: "reject" } },
      ],
      actionRecord: record,
    };
  }
}
