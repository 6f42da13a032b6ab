import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ChatListItem } from "../../../contract";
import { useInbox } from "../../app/realtime/InboxProvider";
import { useSession } from "../../app/session/useSession";
import { Avatar } from "../../ui/Avatar";
import { LazyBoundary, lazyComponent, lazyDialog } from "../../ui/lazy";
import { isGroupChat, isSystemChat, otherParty } from "./chatPeople";
import { GroupNameEditor } from "./GroupNameEditor";
import { useGroupActions } from "./useGroupActions";
import { AddPersonIcon, PeopleIcon } from "../../ui/icons";

// The members panel and the add/invite dialogs load when first opened.
const MembersPanel = lazyComponent(() => import("./MembersPanel").then((m) => m.MembersPanel));
const AddMembersModal = lazyDialog(() => import("./AddMembersModal").then((m) => m.AddMembersModal));
const InviteGroupModal = lazyDialog(() => import("./InviteGroupModal").then((m) => m.InviteGroupModal));

export interface ChatHeaderProps {
  chat: ChatListItem | null | undefined;
  /** The chat room socket is up; without it the header falls back to the inbox connection. */
  connected?: boolean;
}

/** The top of the chat area (spec 02 §2.5): name (inline rename for the owner), members, add, status. */
export function ChatHeader({ chat, connected }: ChatHeaderProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const inbox = useInbox();
  const { rename } = useGroupActions();
  // Panels belong to the chat they were opened for; switching chats closes them.
  const [membersFor, setMembersFor] = useState<string | null>(null);
  const [addFor, setAddFor] = useState<string | null>(null);
  const [inviteFor, setInviteFor] = useState<string | null>(null);
  const [panelTop, setPanelTop] = useState(0);
  const headerRef = useRef<HTMLElement>(null);
  const membersButton = useRef<HTMLButtonElement>(null);

  if (!chat) {
    return (
      <header className="chat-header" data-testid="chat-header">
        <h1 className="chat-header__name chat-header__name--empty" data-testid="chat-title">
          {t("groups.header.noChat")}
        </h1>
      </header>
    );
  }

  const membersOpen = membersFor === chat.id;
  const closeMembers = () => {
    setMembersFor(null);
    membersButton.current?.focus();
  };
  const online = connected ?? inbox.status === "connected";
  const group = isGroupChat(chat);
  const system = isSystemChat(chat.id);
  const isOwner = !!user && chat.chatOwnerId === user.id;
  const other = group ? null : otherParty(chat);
  const memberCount = chat.participants.length;
  const title = group ? chat.name : (other?.name ?? chat.name);

  let subtitle: string | null = null;
  if (group && chat.chatType === "single_group" && chat.chatOwnerName) subtitle = t("groups.header.byOwner", { name: chat.chatOwnerName });
  else if (!group && memberCount > 2) subtitle = t("groups.header.memberCount", { count: memberCount });
  else if (!group && other?.role) subtitle = other.role;

  return (
    <header className="chat-header" data-testid="chat-header" data-chat-id={chat.id} ref={headerRef}>
      <Avatar name={title} image={group ? null : (other?.avatarUrl ?? other?.image)} size={36} shape={group ? "square" : "circle"} />
      <div className="chat-header__titles">
        <div className="chat-header__title-row">
          <GroupNameEditor key={chat.id} name={title} editable={group && isOwner && !system} onSave={(name) => rename(chat, name)} />
          <span
            className={`status-dot status-dot--${online ? "connected" : "disconnected"}`}
            role="img"
            aria-label={online ? t("groups.header.online") : t("groups.header.offline")}
            title={online ? t("groups.header.online") : t("groups.header.offline")}
            data-testid="chat-status-dot"
            data-state={online ? "connected" : "disconnected"}
          />
        </div>
        {subtitle && (
          <p className="chat-header__subtitle" data-testid="chat-subtitle">
            {subtitle}
          </p>
        )}
      </div>
      {!system && (
        <div className="chat-header__actions">
          <button
            type="button"
            ref={membersButton}
            className="chat-header__members"
            onClick={() => {
              setPanelTop(Math.max(0, Math.round(headerRef.current?.getBoundingClientRect().bottom ?? 0)));
              setMembersFor(membersOpen ? null : chat.id);
            }}
            onPointerEnter={MembersPanel.preload}
            onFocus={MembersPanel.preload}
            aria-label={t("groups.header.viewMembers")}
            aria-expanded={membersOpen}
            title={t("groups.header.viewMembers")}
            data-testid="members-button"
          >
            <PeopleIcon /> {memberCount}
          </button>
          {group && isOwner && (
            <button
              type="button"
              className="icon-btn chat-header__add"
              onClick={() => setAddFor(chat.id)}
              onPointerEnter={AddMembersModal.preload}
              onFocus={AddMembersModal.preload}
              aria-label={t("groups.header.addCollaborator")}
              title={t("groups.header.addCollaborator")}
              data-testid="add-members-button"
            >
              <AddPersonIcon size={18} />
            </button>
          )}
        </div>
      )}
      {membersOpen && (
        <LazyBoundary variant="overlay" onClose={closeMembers}>
          <MembersPanel chat={chat} isOwner={isOwner} top={panelTop} onClose={closeMembers} />
        </LazyBoundary>
      )}
      {group && isOwner && (
        <>
          <AddMembersModal
            open={addFor === chat.id}
            onOpenChange={(open) => setAddFor(open ? chat.id : null)}
            chat={chat}
            onInvite={() => setInviteFor(chat.id)}
          />
          <InviteGroupModal open={inviteFor === chat.id} onOpenChange={(open) => setInviteFor(open ? chat.id : null)} chatId={chat.id} />
        </>
      )}
    </header>
  );
}
