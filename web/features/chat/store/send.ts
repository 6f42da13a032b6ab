import { toast } from "../../../ui/toast";
import i18n from "i18next";
import { agentSendRule } from "../agent/model/control";
import { buildChatMessageFrame, newMessageId, optimisticMessage } from "../model/messageFrame";
import type { RoomSocket } from "../model/roomSocket";
import type { ComposedMessage, StreamKey } from "../model/types";
import type { ControlActions } from "./control";
import type { StoreCore } from "./core";
import type { RunActions } from "./runs";

export interface Sending {
  /** Resolves false when the message was not taken (the composer keeps the text). */
  send(composed: ComposedMessage): Promise<boolean>;
  /** The outbox's answers about one of our sends. */
  acked(id: string, timestamp: string, seq: number | null): void;
  sendFailed(id: string, error: string): void;
}

/** Sending with acks (spec 02 §4): optimistic row, the agent tab's control rule, the busy check. */
export function createSending(core: StoreCore, socket: () => RoomSocket | null, runs: RunActions, control: ControlActions, follow: () => void): Sending {
  const t = i18n.t.bind(i18n);
  /** The stream of each message this tab sent, for the failure rule (discuss and human drop it). */
  const sentStreams = new Map<string, StreamKey>();

  return {
    async send(composed) {
      if (composed.stream === "agent") {
        const rule = agentSendRule(core.state.getState().control, core.me.id);
        if (rule === "heldByOther") {
          toast.error(t("agent.server.heldByOther"), { id: "agent-held" });
          return false;
        }
        // A member's text in the agent tab asks the owner for control instead (docs/agent-api.md).
        if (rule === "request") return control.requestControl(composed.text, true);
      }
      if ((composed.stream === "agent" || composed.stream === "askOnly") && (await runs.isBusy(composed.stream))) {
        toast.error(t("agent.busy"), { id: "agent-busy" });
        return false;
      }
      const { chat, me } = core;
      const id = newMessageId();
      const outgoing = {
        id,
        stream: composed.stream,
        text: composed.text,
        attachments: composed.attachments,
        replyTo: composed.replyTo,
        createdAt: new Date().toISOString(),
        agentConfig: composed.agentConfig,
      };
      core.dispatch({ type: "incoming", stream: composed.stream, messages: [optimisticMessage(chat.id, me, outgoing)] });
      sentStreams.set(id, composed.stream);
      socket()?.send(id, JSON.stringify(buildChatMessageFrame(chat, me, outgoing)));
      core.signal({ type: "sent", stream: composed.stream });
      follow();
      return true;
    },
    acked(id, timestamp, seq) {
      sentStreams.delete(id);
      core.dispatch({ type: "acked", id, timestamp, seq });
    },
    sendFailed(id, error) {
      const stream = sentStreams.get(id);
      sentStreams.delete(id);
      // Spec 02 §4: discuss and human streams drop the message; agent and ask-only keep it, marked.
      core.dispatch({ type: "sendFailed", id, error, remove: stream === "discuss" || stream === "human" });
      if (stream) core.signal({ type: "sendFailed", stream });
      toast.error(t("chat.composer.sendFailed", { error: error || t("chat.composer.unknownError") }));
    },
  };
}
