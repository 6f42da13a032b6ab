import { describe, expect, it } from "vitest";
import { agentGroup, ask, expectCompleteReply, followReply } from "../agent-helpers";
import { expectNoFrame, inbox, settle } from "../chat-helpers";
import { call } from "../helpers";

const isCard = (f: any) => f.type === "message" && f.message.messageType === "system_alert" && f.message.content.includes("presenter_request");

describe("asking for control", () => {
  it("turns a member's request into a card and a notice for the owner only; approval makes them presenter for everyone", async () => {
    const { owner, members, chatId, ownerSock, memberSocks } = await agentGroup("Bob Member", "Carol Member");
    const [bob, carol] = members;
    const [bobSock, carolSock] = memberSocks;
    const ownerInbox = await inbox(owner);
    bobSock!.send({ type: "request_presenter", message: "please let me run the agent" });
    const sent = await bobSock!.next((f) => f.type === "request_success");
    // A system notification reaches the owner's inbox too, for when the chat is not open.
    expect(await ownerInbox.next((f) => f.type === "presenter_request")).toMatchObject({
      chatName: "Agent Room",
      request: { requestId: sent.requestId, requesterName: bob!.name },
    });
    expect(sent.message).toBe("Your request has been sent to the group owner");

    const notice = await ownerSock.next((f) => f.type === "presenter_request");
    expect(notice.request).toMatchObject({
      requestId: sent.requestId,
      chatId,
      requester: bob!.id,
      requesterName: bob!.name,
      action: "request_presenter",
      ownerId: owner.id,
      message: "please let me run the agent",
    });
    const card = await ownerSock.next(isCard);
    const content = JSON.parse(card.message.content);
    expect(content).toMatchObject({ type: "presenter_request", actionStatus: "pending", priority: "high", actionRecord: null });
    expect(content.actions.map((a: any) => a.id)).toEqual(["approve", "reject"]);
    expect(content.actions[0]).toMatchObject({
      method: "POST",
      apiEndpoint: `/api/presenter-requests/${sent.requestId}`,
      payload: { requestId: sent.requestId, chatId, requester: bob!.id },
    });
    await expectNoFrame(carolSock!, (f) => isCard(f) || f.type === "presenter_request");
    const state = await ownerSock.next((f) => f.type === "control_state");
    expect(state.control.requests).toHaveLength(1);

    const listed = await call(`/api/chats/${chatId}/presenter-requests`, { token: owner.token });
    expect(listed.json.data.requests.map((r: any) => r.requestId)).toEqual([sent.requestId]);
    expect((await call(`/api/chats/${chatId}/presenter-requests`, { token: bob!.token })).status).toBe(403);

    // A member cannot decide; the owner approves through the card's endpoint.
    const byCarol = await call(`/api/presenter-requests/${sent.requestId}`, { token: carol!.token, body: { chatId, decision: "approve" } });
    expect(byCarol.status).toBe(403);
    const approved = await call(`/api/presenter-requests/${sent.requestId}`, { token: owner.token, body: { chatId, decision: "approve" } });
    expect(approved.status).toBe(200);
    for (const sock of [ownerSock, bobSock!, carolSock!]) {
      const changed = await sock.next((f) => f.type === "presenter_changed");
      expect(changed).toMatchObject({ chatId, presenterId: bob!.id, presenterName: bob!.name, action: "approve", by: owner.id });
    }
    const closed = await ownerSock.next((f) => f.type === "message_updated" && f.message.id === card.message.id);
    expect(JSON.parse(closed.message.content)).toMatchObject({ actionStatus: "completed", actionRecord: { actionType: "approve", operatorName: owner.name } });
    const batch = await call("/api/request-permission/batch-status", {
      token: owner.token,
      body: {
        jsonArray: [
          { requestId: sent.requestId, chatId },
          { requestId: "preq_unknown", chatId },
        ],
      },
    });
    expect(batch.json.data).toEqual({ success: true, data: [{ requestId: sent.requestId, status: "approve" }] });
    const again = await call(`/api/presenter-requests/${sent.requestId}`, { token: owner.token, body: { chatId, decision: "reject" } });
    expect(again.status).toBe(409);

    // Now Bob drives the agent and the owner is locked out until Bob lets go.
    await ask(bobSock!, "bob asks");
    expectCompleteReply((await followReply(carolSock!)).final, "Echo: bob asks");
    const ownerTry = await ask(ownerSock, "owner asks");
    expect(ownerTry).toMatchObject({ success: false, error: "Controller permission is currently held by another user." });

    bobSock!.send({ type: "release_presenter" });
    expect((await bobSock!.next((f) => f.type === "release_success")).message).toBe("Control released");
    expect(await carolSock!.next((f) => f.type === "presenter_changed" && f.action === "release")).toMatchObject({ presenterId: null });
    expect((await ask(ownerSock, "owner again")).success).toBe(true);
    await followReply(ownerSock);
  });

  it("tells the requester when the owner rejects, over the socket", async () => {
    const { ownerSock, memberSocks, chatId } = await agentGroup();
    memberSocks[0]!.send({ type: "request_presenter" });
    const { requestId } = await memberSocks[0]!.next((f) => f.type === "request_success");
    await ownerSock.next((f) => f.type === "presenter_request");
    ownerSock.send({ type: "handle_presenter_request", requestId, decision: "reject" });
    expect(await memberSocks[0]!.next((f) => f.type === "request_rejected")).toEqual({ type: "request_rejected", requestId, chatId });
    const updated = await ownerSock.next((f) => f.type === "message_updated");
    expect(JSON.parse(updated.message.content).actionRecord).toMatchObject({ actionType: "reject" });
    memberSocks[0]!.send({ type: "handle_presenter_request", requestId, decision: "approve" });
    expect((await memberSocks[0]!.next((f) => f.type === "handle_request_error")).error).toBe("Only the group owner can handle permission requests");
  });

  it("stores the request as the owner's system notification, whose Approve works, and closes it when decided in the chat", async () => {
    const { owner, members, chatId, ownerSock, memberSocks } = await agentGroup("Bob Member", "Carol Member");
    const [bob] = members;
    const ownerInbox = await inbox(owner);
    memberSocks[0]!.send({ type: "request_presenter" });
    const first = await memberSocks[0]!.next((f) => f.type === "request_success");
    const stored = (await ownerInbox.next((f) => f.type === "system_notification")).notification;
    expect(stored).toMatchObject({
      type: "presenter_request",
      priority: "high",
      requiresConfirmation: true,
      actionStatus: null,
      data: { chatId, chatName: "Agent Room", actorId: bob!.id, actorName: bob!.name, requestId: first.requestId },
    });
    const approve = stored.actions.find((a: any) => a.id === "approve");
    expect(approve).toMatchObject({ method: "POST", apiEndpoint: `/api/presenter-requests/${first.requestId}` });
    expect(approve.payload).toMatchObject({ requester: bob!.id, requesterName: bob!.name, requestId: first.requestId, chatId, decision: "approve" });
    // Members never get it.
    expect((await call("/api/notifications", { token: bob!.token })).json.data.notifications).toEqual([]);

    // Pressing Approve is the button's own call: the owner decides without opening the chat.
    expect((await call(approve.apiEndpoint, { token: owner.token, body: approve.payload })).status).toBe(200);
    const settled = (await ownerInbox.next((f) => f.type === "system_notification" && f.notification.actionStatus !== null)).notification;
    expect(settled).toMatchObject({ id: stored.id, actionStatus: "approved", actionRecord: { actionType: "approved" } });
    await ownerSock.next((f) => f.type === "presenter_changed" && f.presenterId === bob!.id);

    // A transfer request decided on the card in the chat settles the notification as well.
    memberSocks[0]!.send({ type: "transfer_presenter", targetPresenter: members[1]!.id });
    await memberSocks[0]!.next((f) => f.type === "transfer_success");
    const transfer = (await ownerSock.next((f) => f.type === "presenter_request" && f.request.action === "transfer_presenter")).request;
    const second = (await ownerInbox.next((f) => f.type === "system_notification" && f.notification.data.requestId === transfer.requestId)).notification;
    expect(second.data.targetName).toBe(members[1]!.name);
    ownerSock.send({ type: "handle_presenter_request", requestId: transfer.requestId, decision: "reject" });
    const closed = (await ownerInbox.next((f) => f.type === "system_notification" && f.notification.id === second.id && f.notification.actionStatus))
      .notification;
    expect(closed).toMatchObject({ actionStatus: "rejected", actionRecord: { operatorName: owner.name } });
    const list = (await call("/api/notifications", { token: owner.token })).json.data.notifications;
    expect(list.map((n: any) => [n.id, n.actionStatus])).toEqual([
      [second.id, "rejected"],
      [stored.id, "approved"],
    ]);
  });
});

describe("owner assignment, transfer and removal", () => {
  it("lets the owner grant and revoke; a presenter's transfer waits for the owner; members cannot assign", async () => {
    const { owner, members, chatId, ownerSock, memberSocks } = await agentGroup("Bob Member", "Carol Member");
    const [bob, carol] = members;
    const [bobSock, carolSock] = memberSocks;

    bobSock!.send({ type: "set_controller", presenter: carol!.id, action: "approve" });
    expect((await bobSock!.next((f) => f.type === "assign_error")).error).toBe("You do not have permission to change member roles");

    ownerSock.send({ type: "set_controller", presenter: bob!.id, action: "approve" });
    await ownerSock.next((f) => f.type === "assign_success");
    expect(await carolSock!.next((f) => f.type === "presenter_changed")).toMatchObject({ presenterId: bob!.id, action: "approve" });

    carolSock!.send({ type: "release_presenter" });
    expect((await carolSock!.next((f) => f.type === "release_error")).error).toBe("You can only release your own permission or transfer to others");
    bobSock!.send({ type: "transfer_presenter", targetPresenter: bob!.id });
    expect((await bobSock!.next((f) => f.type === "transfer_error")).error).toBe("You can only release your own permission or transfer to others");

    bobSock!.send({ type: "transfer_presenter", targetPresenter: carol!.id });
    await bobSock!.next((f) => f.type === "transfer_success");
    const request = (await ownerSock.next((f) => f.type === "presenter_request")).request;
    expect(request).toMatchObject({ action: "transfer_presenter", requester: bob!.id, targetPresenter: carol!.id, targetPresenterName: carol!.name });
    // Until the owner approves, Bob still holds control.
    await expectNoFrame(carolSock!, (f) => f.type === "presenter_changed");
    ownerSock.send({ type: "handle_presenter_request", requestId: request.requestId, decision: "approve" });
    expect(await bobSock!.next((f) => f.type === "presenter_changed" && f.action === "transfer")).toMatchObject({ presenterId: carol!.id });

    ownerSock.send({ type: "set_controller", presenter: carol!.id, action: "revoke" });
    expect(await bobSock!.next((f) => f.type === "presenter_changed" && f.action === "revoke")).toMatchObject({ presenterId: null });

    // A presenter who leaves the group loses control at once.
    ownerSock.send({ type: "set_controller", presenter: bob!.id, action: "approve" });
    await carolSock!.next((f) => f.type === "presenter_changed" && f.presenterId === bob!.id);
    const removed = await call(`/api/group-chats/${chatId}/participants`, {
      method: "DELETE",
      token: owner.token,
      body: { participantIds: [bob!.id], participantType: "user" },
    });
    expect(removed.status).toBe(200);
    expect(await carolSock!.next((f) => f.type === "presenter_changed" && f.action === "release")).toMatchObject({ presenterId: null });
  });

  it("only lets the controller, or the asker in their own room, pause", async () => {
    const { owner, members, chatId, ownerSock, memberSocks } = await agentGroup();
    memberSocks[0]!.send({ type: "pause_sse_v2", room: `${chatId}_${owner.id}`, userId: owner.id, reason: "user_pause" });
    expect(await memberSocks[0]!.next((f) => f.type === "sse_paused")).toMatchObject({ success: false });
    memberSocks[0]!.send({ type: "pause_sse_v2", room: `${chatId}_${members[0]!.id}`, reason: "user_pause" });
    expect(await memberSocks[0]!.next((f) => f.type === "sse_paused")).toMatchObject({ success: true, message_id: null });
    await settle(50);
    expect(ownerSock.frames.some((f) => f.type === "sse_paused")).toBe(false);
  });
});
