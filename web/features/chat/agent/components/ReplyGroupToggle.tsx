import { useTranslation } from "react-i18next";
import { ChevronDownIcon, ChevronRightIcon } from "../../../../ui/icons";

interface ReplyGroupToggleProps {
  messageId: string;
  count: number;
  collapsed: boolean;
  onToggle: () => void;
}

/** Under a request in the agent tab: hides or shows the agent's replies to it (spec 02 §2.13). */
export function ReplyGroupToggle({ messageId, count, collapsed, onToggle }: ReplyGroupToggleProps) {
  const { t } = useTranslation();
  return (
    <button type="button" className="reply-toggle" aria-expanded={!collapsed} data-testid={`reply-toggle-${messageId}`} onClick={onToggle}>
      {collapsed ? <ChevronRightIcon size={14} /> : <ChevronDownIcon size={14} />}{" "}
      {collapsed ? t("agent.replies.show", { count }) : t("agent.replies.hide", { count })}
    </button>
  );
}
