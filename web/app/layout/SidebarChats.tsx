import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import type { SessionUser } from "../../../contract";
import { ChatList } from "../../features/chat-list/ChatList";
import { ContactPicker } from "../../features/groups/ContactPicker";
import { CreateGroupModal } from "../../features/groups/CreateGroupModal";
import { InviteDialog } from "../../features/organizations/InviteDialog";
import { InboxStatusDot } from "../realtime/InboxStatus";

interface SidebarChatsProps {
  user: SessionUser;
  collapsed: boolean;
  onExpand: () => void;
}

/** The sidebar body: the chat list and the dialogs it opens (create group, contact picker, invite). */
export function SidebarChats({ user, collapsed, onExpand }: SidebarChatsProps) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<"group" | "chat" | "invite" | null>(null);
  const organizationName = user.organizationDisplayName ?? user.organizationName ?? t("groups.sections.organization");
  const close = (open: boolean) => !open && setDialog(null);

  const inviteFriend = () => {
    if (user.organizationId && user.isOrgAdmin) setDialog("invite");
    else toast.info(t("chatList.inviteAskAdmin"));
  };

  return (
    <>
      <ChatList
        collapsed={collapsed}
        onExpand={onExpand}
        onNewGroup={() => setDialog("group")}
        onNewChat={() => setDialog("chat")}
        onInviteFriend={inviteFriend}
      />
      <div className="sidebar__footer">
        <InboxStatusDot showLabel={!collapsed} />
      </div>
      <CreateGroupModal open={dialog === "group"} onOpenChange={close} organizationName={organizationName} />
      <ContactPicker open={dialog === "chat"} onOpenChange={close} organizationId={user.organizationId} />
      {user.organizationId && user.isOrgAdmin && (
        <InviteDialog open={dialog === "invite"} onOpenChange={close} organizationId={user.organizationId} organizationName={organizationName} />
      )}
    </>
  );
}
