import { toast } from "../../../ui/toast";
import { APPROVAL_HIDE_MS, CODING_TEXTS, TODO_AUTO_HIDE_MS, type ApprovalRequest, type ServerFrame } from "../../../../contract";
import { emitWorkspaceChanged } from "../../../app/realtime/workspaceEvents";
import i18n from "i18next";
import { isDecided, OPEN_CARD, typedAnswer, visibleApproval, type ApprovalCardState } from "../agent/model/approvals";
import { codingText } from "../agent/model/codingTexts";
import { awaitsAutoHide, receiveTodoList } from "../agent/model/todos";
import type { StoreCore } from "./core";

type CodingFrame = Extract<ServerFrame, { type: "todo_list" | "approval_request" | "workspace_changed" }>;

export interface CodingActions {
  handle(frame: CodingFrame): void;
  /** A room `error` frame: the refusals of an approval answer are shown; false for every other error. */
  handleError(text: string): boolean;
  /** Sends Yes or No for a request; false when the socket is not open (nothing changes then). */
  answerApproval(messageId: string, approved: boolean): boolean;
  /**
   * The agent tab's composer text while a card shows: yes/no answers the card (true: taken,
   * false: it could not be sent); null when the text is an ordinary message, which hides the card.
   */
  answerFromComposer(text: string): boolean | null;
  closeTodos(): void;
  stop(): void;
}

/** Refusals of an answer after which the card has nothing left to ask. */
const ANSWER_REFUSALS: ReadonlySet<string> = new Set([CODING_TEXTS.approvalNotYours, CODING_TEXTS.approvalDecided, CODING_TEXTS.approvalNotFound]);

/** The coding agent's side of the open chat: its todo list, approval cards and workspace refreshes. */
export function createCoding(core: StoreCore): CodingActions {
  const t = i18n.t.bind(i18n);
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let todoTimer: ReturnType<typeof setTimeout> | undefined;
  /** The card whose answer the room may still refuse (its error frames name no request). */
  let lastAnswered: string | null = null;

  const later = (ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timers.add(timer);
    return timer;
  };
  const setCard = (id: string, change: Partial<ApprovalCardState>) =>
    core.state.setState((s) => ({ approvalCards: { ...s.approvalCards, [id]: { ...(s.approvalCards[id] ?? OPEN_CARD), ...change } } }));

  const receiveTodos = (frame: Extract<CodingFrame, { type: "todo_list" }>) => {
    const before = core.state.getState().todos;
    const todos = receiveTodoList(before, frame.items, frame.updatedAt);
    if (todos === before) return;
    core.state.setState({ todos });
    if (todoTimer) {
      clearTimeout(todoTimer);
      timers.delete(todoTimer);
      todoTimer = undefined;
    }
    if (awaitsAutoHide(todos)) {
      todoTimer = later(TODO_AUTO_HIDE_MS, () => {
        todoTimer = undefined;
        core.state.setState((s) => (s.todos.updatedAt === todos.updatedAt ? { todos: { ...s.todos, hidden: true } } : s));
      });
    }
  };

  const receiveApproval = (request: ApprovalRequest) => {
    const { approvals, approvalCards } = core.state.getState();
    const id = request.messageId;
    const known = approvals[id];
    const card = approvalCards[id];
    core.state.setState({ approvals: { ...approvals, [id]: request } });
    if (!isDecided(request)) return;
    // The viewer who had the card open sees the outcome briefly; a request that was already
    // decided when it arrived (a reload, someone else's card) never shows.
    const wasOpenHere = known && !isDecided(known) && known.targetUserId === core.me.id && !card?.closed;
    if (wasOpenHere) later(APPROVAL_HIDE_MS, () => setCard(id, { closed: true }));
    else setCard(id, { closed: true });
  };

  const answerApproval = (messageId: string, approved: boolean): boolean => {
    const { approvals, approvalCards } = core.state.getState();
    const request = approvals[messageId];
    if (!request || isDecided(request) || approvalCards[messageId]?.answered != null) return true;
    if (!core.sendFrame({ type: "approval_decision", messageId, approved })) {
      toast.error(t("agent.coding.approval.sendFailed"), { id: `approval-send:${messageId}` });
      return false;
    }
    lastAnswered = messageId;
    setCard(messageId, { answered: approved });
    return true;
  };

  return {
    handle(frame) {
      if (frame.type === "todo_list") receiveTodos(frame);
      else if (frame.type === "approval_request") receiveApproval(frame.request);
      else emitWorkspaceChanged(frame);
    },
    handleError(text) {
      if (!ANSWER_REFUSALS.has(text)) return false;
      toast.error(codingText(t, text), { id: "approval-refused" });
      if (lastAnswered) setCard(lastAnswered, { closed: true });
      lastAnswered = null;
      return true;
    },
    answerApproval,
    answerFromComposer(text) {
      const { approvals, approvalCards } = core.state.getState();
      const shown = visibleApproval(approvals, approvalCards, core.me.id);
      if (!shown || isDecided(shown)) return null;
      const approved = typedAnswer(text);
      if (approved === null) {
        // Still pending on the room: it comes back with the next load of the chat.
        setCard(shown.messageId, { closed: true });
        return null;
      }
      return answerApproval(shown.messageId, approved);
    },
    closeTodos: () => core.state.setState((s) => ({ todos: { ...s.todos, hidden: true } })),
    stop() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      todoTimer = undefined;
    },
  };
}
