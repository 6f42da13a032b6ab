import { useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import type { AgentServerFrame, ChatListItem, ClientFrame, ControlState, SessionUser } from "../../../../../contract";
import { revalidateChat } from "../../../../app/realtime/chatListCache";
import { initialControl, withRequest, type ToggleFrame } from "../model/control";
import { serverText } from "../model/serverTexts";

export interface AgentControl {
  control: ControlState;
  ready: (control: ControlState | null) => void;
  /** Handles a presenter frame; false when the frame is not about control. */
  handle: (frame: AgentServerFrame) => boolean;
  /** `request_presenter`; `fromComposer` picks the failure text of a send that became a request. */
  requestControl: (message: string, fromComposer: boolean) => boolean;
  decide: (requestId: string, decision: "approve" | "reject") => void;
  toggle: (frame: ToggleFrame) => void;
}

const FAILED_KEY: Record<ToggleFrame["type"], string> = {
  set_controller: "agent.control.failed.assign",
  release_presenter: "agent.control.failed.release",
  transfer_presenter: "agent.control.failed.transfer",
};

/** The presenter state of one chat (spec 02 §2.6, §4 "Agent control") and the frames that change it. */
export function useAgentControl(chat: ChatListItem, me: SessionUser, sendFrame: (frame: ClientFrame) => boolean): AgentControl {
  const { t } = useTranslation();
  const [control, setControl] = useState<ControlState>(() => initialControl(chat));
  const controlRef = useRef(control);
  controlRef.current = control;
  /** Which failure text an error frame gets: the room's *_error frames do not say what they answer. */
  const lastDecision = useRef<"approve" | "reject">("approve");
  const requestFromComposer = useRef(false);

  const ready = useCallback((next: ControlState | null) => {
    if (next) setControl(next);
  }, []);

  const fail = useCallback((key: string, error: string | undefined) => {
    const description = serverText(t, error);
    toast.error(t(key), { id: `agent-control:${key}`, ...(description ? { description } : {}) });
  }, [t]);

  const handle = useCallback(
    (frame: AgentServerFrame): boolean => {
      switch (frame.type) {
        case "control_state":
          setControl(frame.control);
          return true;
        case "presenter_changed": {
          const wasMine = controlRef.current.presenterId === me.id;
          const isMine = frame.presenterId === me.id;
          if (isMine && !wasMine) toast.success(t("agent.control.nowPresenter"), { id: "agent-presenter" });
          else if (wasMine && !isMine && frame.action !== "release") toast.info(t("agent.control.lostPresenter"), { id: "agent-presenter" });
          setControl((current) => ({ ...current, presenterId: frame.presenterId, presenterName: frame.presenterName }));
          // The member panel shows the Controller badge from the chat's participants.
          void revalidateChat(chat.id);
          return true;
        }
        case "presenter_request":
          setControl((current) => ({ ...current, requests: withRequest(current.requests, frame.request) }));
          toast.info(t("agent.control.newRequest", { name: frame.request.requesterName }), { id: `agent-request:${frame.request.requestId}` });
          return true;
        case "request_rejected":
          toast.error(t("agent.control.rejected"), { id: `agent-rejected:${frame.requestId}` });
          return true;
        case "request_success":
          toast.success(t("agent.control.requestSent"), { id: "agent-request-sent" });
          return true;
        case "transfer_success":
          toast.success(t("agent.control.transferSent"), { id: "agent-transfer-sent" });
          return true;
        case "release_success":
          toast.success(t("agent.control.released"), { id: "agent-released" });
          return true;
        case "assign_success":
          toast.success(t("agent.control.assigned"), { id: "agent-assigned" });
          return true;
        case "request_error":
          fail(requestFromComposer.current ? "agent.control.failed.sendRequest" : "agent.control.failed.request", frame.error);
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
          fail(lastDecision.current === "approve" ? "agent.control.failed.approve" : "agent.control.failed.reject", frame.error);
          return true;
        default:
          return false;
      }
    },
    [chat.id, me.id, t, fail],
  );

  const requestControl = useCallback(
    (message: string, fromComposer: boolean) => {
      requestFromComposer.current = fromComposer;
      const ok = sendFrame({ type: "request_presenter", message });
      if (!ok) fail(fromComposer ? "agent.control.failed.sendRequest" : "agent.control.failed.request", undefined);
      return ok;
    },
    [sendFrame, fail],
  );

  const decide = useCallback(
    (requestId: string, decision: "approve" | "reject") => {
      lastDecision.current = decision;
      if (!sendFrame({ type: "handle_presenter_request", requestId, decision })) {
        fail(decision === "approve" ? "agent.control.failed.approve" : "agent.control.failed.reject", undefined);
        return;
      }
      // The room confirms with control_state; the entry leaves the list at once meanwhile.
      setControl((current) => ({ ...current, requests: current.requests.filter((r) => r.requestId !== requestId) }));
    },
    [sendFrame, fail],
  );

  const toggle = useCallback(
    (frame: ToggleFrame) => {
      if (!sendFrame(frame)) fail(FAILED_KEY[frame.type], undefined);
    },
    [sendFrame, fail],
  );

  return { control, ready, handle, requestControl, decide, toggle };
}
