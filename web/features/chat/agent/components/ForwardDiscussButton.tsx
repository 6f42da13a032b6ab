import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../../../ui/toast";
import { ApiError, request } from "../../../../app/api/client";

interface Props {
  chatId: string;
  /** Only the controller may hand the discussion over (spec 02 §6). */
  mayForward: boolean;
  onForwarded: () => void;
}

/**
 * Hands the discussion messages the agent has not seen yet to it as one request (spec 02 §6:
 * the presenter forwards discuss messages to the agent), then shows the agent tab.
 */
export function ForwardDiscussButton({ chatId, mayForward, onForwarded }: Props) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const forward = async () => {
    if (!chatId) return void toast.error(t("agent.discuss.noChat"));
    if (!mayForward) return void toast.error(t("agent.discuss.needPresenter"));
    setBusy(true);
    try {
      await request(`/api/group-chats/${encodeURIComponent(chatId)}/discuss-to-agent`, { method: "POST", data: {}, silent: true });
      onForwarded();
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) toast.info(t("agent.discuss.nothingNew"));
      else if (err instanceof ApiError && err.status === 409) toast.error(t("agent.busy"));
      else toast.error(t("agent.discuss.failed"));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="composer__forward-agent"
      data-testid="discuss-to-agent"
      disabled={busy}
      aria-busy={busy}
      onClick={() => void forward()}
      title={t("agent.discuss.hint")}
    >
      {t("agent.discuss.forward")}
    </button>
  );
}
