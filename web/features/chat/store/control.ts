import { toast } from "../../../ui/toast";
import type { AgentServerFrame, ControlState } from "../../../../contract";
import { revalidateChat } from "../../../app/realtime/chatListCache";
import i18n from "i18next";
import { withRequest, type ToggleFrame } from "../agent/model/control";
import { serverText } from "../agent/model/serverTexts";
import type { StoreCore } from "./core";

export interface ControlActions {
  /** Handles a presenter frame; false when the frame is not about control. */
  handle(frame: AgentServerFrame): boolean;
  /** `request_presenter`; `fromComposer` picks the failure text of a send that became a request. */
  requestControl(message: string, fromComposer: boolean): boolean;
  decide(requestId: string, decision: "approve" | "reject"): void;
  toggle(frame: ToggleFrame): void;
}

const FAILED_KEY: Record<ToggleFrame["type"], string> = {
  set_controller: "agent.control.failed.assign",
  release_presenter: "agent.control.failed.release",
  transfer_presenter: "agent.control.failed.transfer",
};

const SUCCESS: Partial<Record<AgentServerFrame["type"], { key: string; id: string }>> = {
  request_success: { key: "agent.control.requestSent", id: "agent-request-sent" },
  transfer_success: { key: "agent.control.transferSent", id: "agent-transfer-sent" },
  release_success: { key: "agent.control.released", id: "agent-released" },
  assign_success: { key: "agent.control.assigned", id: "agent-assigned" },
};

/** The presenter state of one chat (spec 02 §2.6, §4 "Agent control") and the frames that change it. */
export function createControl(core: StoreCore): ControlActions {
  const t = i18n.t.bind(i18n);
  /** Which failure text an error frame gets: the room's *_error frames do not say what they answer. */
  let lastDecision: "approve" | "reject" = "approve";
  let requestFromComposer = false;

  const setControl = (change: (current: ControlState) => ControlState) => core.state.setState((s) => ({ control: change(s.control) }));
  const fail = (key: string, error: string | undefined) => {
    const description = serverText(t, error);
    toast.error(t(key), { id: `agent-control:${key}`, ...(description ? { description } : {}) });
  };

  return {
    handle(frame) {
      const success = SUCCESS[frame.type];
      if (success) {
        toast.success(t(success.key), { id: success.id });
        return true;
      }
      switch (frame.type) {
        case "control_state":
          setControl(() => frame.control);
          return true;
        case "presenter_changed": {
          const me = core.me.id;
          const wasMine = core.state.getState().control.presenterId === me;
          const isMine = frame.presenterId === me;
          if (isMine && !wasMine) toast.success(t("agent.control.nowPresenter"), { id: "agent-presenter" });
          else if (wasMine && !isMine && frame.action !== "release") toast.info(t("agent.control.lostPresenter"), { id: "agent-presenter" });
          setControl((current) => ({ ...current, presenterId: frame.presenterId, presenterName: frame.presenterName }));
          // The member panel shows the Controller badge from the chat's participants.
          void revalidateChat(core.chat.id);
          return true;
        }
        case "presenter_request":
          setControl((current) => ({ ...current, requests: withRequest(current.requests, frame.request) }));
          toast.info(t("agent.control.newRequest", { name: frame.request.requesterName }), { id: `agent-request:${frame.request.requestId}` });
          return true;
        case "request_rejected":
          toast.error(t("agent.control.rejected"), { id: `agent-rejected:${frame.requestId}` });
          return true;
        case "request_error":
          fail(requestFromComposer ? "agent.control.failed.sendRequest" : "agent.control.failed.request", frame.error);
          return true;
        case "transfer_error":
          fail("agent.control.failed.transfer", frame.error);
          return true;
        case "release_error":
          fail("agent.control.failed.release", frame.error);
          return true;
        case "assign_error":
          fail("agent.control.failed.role", frame.error);
          return true;
        case "handle_request_error":
          fail(lastDecision === "approve" ? "agent.control.failed.approve" : "agent.control.failed.reject", frame.error);
          return true;
        default:
          return false;
      }
    },
    requestControl(message, fromComposer) {
      requestFromComposer = fromComposer;
      const ok = core.sendFrame({ type: "request_presenter", message });
      if (!ok) fail(fromComposer ? "agent.control.failed.sendRequest" : "agent.control.failed.request", undefined);
      return ok;
    },
    decide(requestId, decision) {
      lastDecision = decision;
      if (!core.sendFrame({ type: "handle_presenter_request", requestId, decision })) {
        fail(decision === "approve" ? "agent.control.failed.approve" : "agent.control.failed.reject", undefined);
        return;
      }
      // The room confirms with control_state; the entry leaves the list at once meanwhile.
      setControl((current) => ({ ...current, requests: current.requests.filter((r) => r.requestId !== requestId) }));
    },
    toggle(frame) {
      if (!core.sendFrame(frame)) fail(FAILED_KEY[frame.type], undefined);
    },
  };
}
