import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { SessionUser } from "../../../contract";
import { ChatList } from "../../features/chat-list/ChatList";
import { SystemChatRow } from "../../features/notifications/SystemChatRow";
import { lazyDialog } from "../../ui/lazy";
import { useSelection } from "../session/selection";
import { systemChatId } from "../../../contract";
import { InboxStatusDot } from "../realtime/InboxStatus";

const CreateGroupModal = lazyDialog(() => import("../../features/groups/CreateGroupModal").then((m) => m.CreateGroupModal));
const ContactPicker = lazyDialog(() => import("../../features/groups/ContactPicker").then((m) => m.ContactPicker));
const InviteFriendsDialog = lazyDialog(() => import("../../features/people/InviteFriendsDialog").then((m) => m.InviteFriendsDialog));

interface SidebarChatsProps {
  user: SessionUser;
  collapsed: boolean;
  onExpand: () => void;
}

/** The sidebar body: the chat list and the dialogs it opens (create group, contact picker, Invite Friends). */
export function SidebarChats({ user, collapsed, onExpand }: SidebarChatsProps) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<"group" | "chat" | "friend" | null>(null);
  const organizationName = user.organizationDisplayName ?? user.organizationName ?? t("groups.sections.organization");
  const close = (open: boolean) => !open && setDialog(null);
  const { chatId } = useSelection();

  return (
    <>
      <ChatList
        collapsed={collapsed}
        onExpand={onExpand}
        onNewGroup={() => setDialog("group")}
        onNewChat={() => setDialog("chat")}
        onInviteFriend={() => setDialog("friend")}
        pinned={<SystemChatRow userId={user.id} selected={chatId === systemChatId(user.id)} compact={collapsed} />}
      />
      <div className="sidebar__footer">
        <InboxStatusDot showLabel={!collapsed} />
      </div>
      <CreateGroupModal open={dialog === "group"} onOpenChange={close} organizationName={organizationName} />
      <ContactPicker open={dialog === "chat"} onOpenChange={close} organizationId={user.organizationId} />
      <InviteFriendsDialog open={dialog === "friend"} onOpenChange={close} />
    </>
  );
}
