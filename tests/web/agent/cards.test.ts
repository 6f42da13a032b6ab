import { afterEach, describe, expect, it, vi } from "vitest";
import type { PermissionRequestContent } from "../../../contract";
import {
  cardOutcome,
  cardRequest,
  completeCard,
  displayedCard,
  operatorOf,
  parsePermissionRequest,
  parseStatusUpdate,
} from "../../../web/features/chat/agent/model/cards";
import { createRequestStatusStore } from "../../../web/features/chat/agent/model/requestStatusStore";

const payload = {
  requestId: "req_1",
  chatId: "chat_1",
  requester: "mia",
  requesterName: "Mia",
  action: "request_presenter" as const,
  targetPresenter: null,
  targetPresenterName: null,
};
const card: PermissionRequestContent = {
  type: "presenter_request",
  title: "Permission request",
  content: "Mia asks for control",
  priority: "high",
  requiresConfirmation: true,
  actionStatus: "pending",
  actions: [
    {
      id: "approve",
      type: "api",
      label: "Approve",
      variant: "primary",
      apiEndpoint: "/api/presenter-requests/req_1",
      method: "POST",
      payload: { ...payload, decision: "approve" },
    },
    {
      id: "reject",
      type: "api",
      label: "Reject",
      variant: "danger",
      apiEndpoint: "/api/presenter-requests/req_1",
      method: "POST",
      payload: { ...payload, decision: "reject" },
    },
  ],
  actionRecord: null,
};

afterEach(() => vi.useRealTimers());

describe("permission-request card (spec 02 §3, §4)", () => {
  it("is recognised by its content, not by ordinary text that mentions it", () => {
    expect(parsePermissionRequest(JSON.stringify(card))?.actionStatus).toBe("pending");
    expect(parsePermissionRequest("we talked about presenter_request today")).toBeNull();
    expect(parsePermissionRequest('{"type":"presenter_request"}')).toBeNull();
    expect(cardRequest(card)).toEqual({ requestId: "req_1", chatId: "chat_1" });
  });

  it("maps server outcomes approve, revoke, ignore to approve, reject, ignore", () => {
    expect(cardOutcome("approve")).toBe("approve");
    expect(cardOutcome("revoke")).toBe("reject");
    expect(cardOutcome("ignore")).toBe("ignore");
    expect(cardOutcome("pending")).toBeNull();
    expect(cardOutcome(undefined)).toBeNull();
  });

  it("names 'System' as the operator of an ignore and 'Group Owner' otherwise", () => {
    expect(operatorOf("ignore")).toBe("System");
    expect(operatorOf("approve")).toBe("Group Owner");
    expect(completeCard(card, "reject", "2025-01-01T00:00:00.000Z").actionRecord).toEqual({
      actionType: "reject",
      actionLabel: "Rejected",
      operatorName: "Group Owner",
      timestamp: "2025-01-01T00:00:00.000Z",
    });
  });

  it("shows a stored pending card as completed once the batch check knows better", () => {
    expect(displayedCard(card, "pending")).toBe(card);
    expect(displayedCard(card, "ignore")).toMatchObject({ actionStatus: "completed", actionRecord: { actionType: "ignore", operatorName: "System" } });
    const done = completeCard(card, "approve", "t");
    expect(displayedCard(done, "revoke")).toBe(done);
  });
});

describe("status checks in batch", () => {
  it("asks once for every card shown within the delay, and only once per request", async () => {
    vi.useFakeTimers();
    const fetchBatch = vi.fn(async (queries: { requestId: string; chatId: string }[]) =>
      queries.map((q) => ({ requestId: q.requestId, status: "revoke" as const })),
    );
    const store = createRequestStatusStore(fetchBatch, 100);
    const changed = vi.fn();
    store.subscribe(changed);
    store.getState().want("a", "c");
    store.getState().want("b", "c");
    store.getState().want("a", "c");
    await vi.advanceTimersByTimeAsync(100);
    expect(fetchBatch).toHaveBeenCalledTimes(1);
    expect(fetchBatch).toHaveBeenCalledWith([
      { requestId: "a", chatId: "c" },
      { requestId: "b", chatId: "c" },
    ]);
    expect(store.getState().get("a")).toBe("revoke");
    expect(changed).toHaveBeenCalled();
    store.getState().want("a", "c");
    await vi.advanceTimersByTimeAsync(100);
    expect(fetchBatch).toHaveBeenCalledTimes(1);
  });

  it("only logs a failed check", async () => {
    vi.useFakeTimers();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const store = createRequestStatusStore(async () => Promise.reject(new Error("down")), 10);
    store.getState().want("a", "c");
    await vi.advanceTimersByTimeAsync(10);
    expect(store.getState().get("a")).toBeUndefined();
    expect(warn).toHaveBeenCalled();
  });
});

describe("status_update content", () => {
  it("reads update_type, the text to show and the details", () => {
    const text = JSON.stringify({
      update_type: "tool_execution_result",
      content: { display_to_user: "Searched knowledge: 3 passages", details: { file: "handbook.pdf" } },
    });
    expect(parseStatusUpdate(text)).toEqual({
      update_type: "tool_execution_result",
      content: { display_to_user: "Searched knowledge: 3 passages", details: { file: "handbook.pdf" } },
    });
    expect(parseStatusUpdate("plain words")).toBeNull();
    expect(parseStatusUpdate('{"update_type":"x"}')).toBeNull();
  });
});
