import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ChatListItem, ControlState } from "../../../../../contract";
import { roleOf, type ToggleFrame } from "../model/control";
import { MembersPopover } from "./MembersPopover";
import { RequestsPopover } from "./RequestsPopover";

/** Spec 02 §4: the request-access button stays busy for about a second after a request. */
const REQUEST_BUSY_MS = 1_000;

interface ControlToolbarProps {
  chat: ChatListItem;
  meId: string;
  control: ControlState;
  onRequest: () => void;
  onDecide: (requestId: string, decision: "approve" | "reject") => void;
  onToggle: (frame: ToggleFrame) => void;
}

/**
 * The chat control panel's toolbar (spec 02 §2.6, §6): the current controller and the member
 * switches for everyone (usable by owner and presenter), the bell for the owner, request access
 * for the rest.
 */
export function ControlToolbar({ chat, meId, control, onRequest, onDecide, onToggle }: ControlToolbarProps) {
  const { t } = useTranslation();
  const role = roleOf(control, meId);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!busy) return;
    const timer = setTimeout(() => setBusy(false), REQUEST_BUSY_MS);
    return () => clearTimeout(timer);
  }, [busy]);

  const ownerName = chat.participants.find((p) => p.id === control.ownerId)?.name ?? chat.chatOwnerName ?? "";
  const holder = control.presenterId ? t("agent.control.presenter", { name: control.presenterName ?? "" }) : t("agent.control.ownerActs", { name: ownerName });

  return (
    <div className="control-bar" role="toolbar" aria-label={t("agent.control.label")} data-testid="control-bar">
      <span className="control-bar__presenter" data-testid="control-presenter" data-presenter-id={control.presenterId ?? ""}>
        {holder}
      </span>
      {control.ownerId === meId && <RequestsPopover requests={control.requests} onDecide={onDecide} />}
      {/* Everyone sees who holds the agent; only the owner and the presenter get switches they can use. */}
      <MembersPopover control={control} meId={meId} participants={chat.participants} onToggle={onToggle} />
      {control.ownerId !== meId && role !== "presenter" && (
        <button
          type="button"
          className="control-bar__btn control-bar__request"
          data-testid="control-request-access"
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={() => {
            setBusy(true);
            onRequest();
          }}
        >
          {t("agent.control.requestAccess")}
        </button>
      )}
    </div>
  );
}
