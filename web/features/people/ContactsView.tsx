import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../ui/toast";
import type { SessionUser } from "../../../contract";
import { ApiError } from "../../app/api/client";
import { revalidateChatList } from "../../app/realtime/chatListCache";
import { getSelection, selectChat } from "../../app/session/selection";
import { Button } from "../../ui/Button";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { LoadState } from "../../ui/LoadState";
import { SearchInput } from "../../ui/SearchInput";
import { ContactsNav } from "./ContactsNav";
import { InviteFriendsDialog } from "./InviteFriendsDialog";
import { useContactRows } from "./contactRows";
import { ContactRow } from "./ContactRow";
import type { ContactsFilter, PersonContact } from "./people";
import { openPrivateChat, removeContact, useCurrentOrganization, useOrganizationMembers, usePersonContacts } from "./usePeople";
import "./people.css";

interface ContactsViewProps {
  user: SessionUser;
  onClose: () => void;
  /** Opens the app's Join Organization dialog; without it the organization view has no join button. */
  onJoinOrganization?: () => void;
}

/** An error's own text, or null when there is none worth showing (network failures, cancels). */
function detailOf(error: unknown): string | null {
  return error instanceof ApiError && error.kind !== "cancel" && error.message ? error.message : null;
}

/** The Contacts screen (spec 01 §2): Agent, Human and Organization views, search, start chat, delete. */
export function ContactsView({ user, onClose, onJoinOrganization }: ContactsViewProps) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<ContactsFilter>("all");
  const [query, setQuery] = useState("");
  const [inviteOpen, setInviteOpen] = useState(false);
  const [startingId, setStartingId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<PersonContact | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const organization = useCurrentOrganization(user.organizationId);
  const { contacts, loading, failed, retry } = usePersonContacts(user.id);
  const members = useOrganizationMembers(user.organizationId, filter === "organization");
  const { rows, empty } = useContactRows({ contacts, members: members.members, filter, query, me: user.id });
  const organizationName = organization?.displayName ?? user.organizationDisplayName ?? user.organizationName ?? t("people.contacts.views.organization");
  const agentCount = contacts.filter((contact) => contact.type === "virtual_employee").length;
  const title =
    filter === "organization"
      ? organizationName
      : filter === "agent"
        ? t("people.contacts.views.agent", { count: agentCount })
        : t(`people.contacts.views.${filter}`);

  const startChat = async (row: { id: string; name: string; type: PersonContact["type"] }) => {
    setStartingId(row.id);
    try {
      const chat = await openPrivateChat(row, user.organizationId);
      if (chat.existing) toast.info(t("people.contacts.openedExisting", { name: chat.name || row.name }));
      await revalidateChatList();
      const alreadyOpen = getSelection().chatId === chat.chatId;
      selectChat(chat.chatId);
      // Selecting a new chat leaves this screen through the URL; the same chat needs an explicit close.
      if (alreadyOpen) onClose();
    } catch (error) {
      const detail = detailOf(error);
      toast.error(detail ? t("people.contacts.chatFailed", { error: detail }) : t("people.contacts.chatFailedRetry"));
    } finally {
      setStartingId(null);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteBusy(true);
    try {
      await removeContact(user.id, deleting.id);
      toast.success(t("people.contacts.removed", { name: deleting.name }));
      setDeleting(null);
    } catch (error) {
      const detail = detailOf(error);
      toast.error(detail ? t("people.contacts.deleteFailed", { error: detail }) : t("people.contacts.deleteFailedRetry"));
    } finally {
      setDeleteBusy(false);
    }
  };

  const listLoading = filter === "organization" ? members.loading : loading;
  const listFailed = filter === "organization" ? members.failed : failed;
  return (
    <section className="contacts-view people" data-testid="contacts-view" aria-labelledby="contacts-title">
      <header className="contacts-view__header people__header">
        <h1 id="contacts-title" className="contacts-view__title" data-testid="contacts-title">
          {title}
        </h1>
        <Button variant="ghost" size="sm" onClick={onClose} data-testid="contacts-close">
          {t("people.contacts.back")}
        </Button>
      </header>
      <div className="people__body">
        <ContactsNav filter={filter} onFilter={setFilter} agentCount={agentCount} organization={organization} organizationName={organizationName} />
        <div className="people__main">
          <div className="people__toolbar">
            <SearchInput label={t("people.contacts.searchLabel")} value={query} onChange={setQuery} testId="contacts-search" />
            {filter === "organization"
              ? onJoinOrganization && (
                  <Button size="sm" variant="secondary" onClick={onJoinOrganization} data-testid="contacts-join-org">
                    {t("people.contacts.joinOrganization")}
                  </Button>
                )
              : filter !== "agent" && (
                  <Button size="sm" onClick={() => setInviteOpen(true)} data-testid="contacts-invite">
                    {t("people.contacts.invite")}
                  </Button>
                )}
          </div>
          <LoadState
            loading={listLoading}
            failed={listFailed}
            failedText={t("people.contacts.loadFailed")}
            onRetry={() => void (filter === "organization" ? members.retry() : retry())}
          />
          {!listLoading && !listFailed && rows.length === 0 && (
            <p className="muted people__empty" role="status" data-testid="contacts-empty">
              {t(`people.contacts.${empty}`)}
            </p>
          )}
          <ul className="people__list" aria-labelledby="contacts-title">
            {rows.map(({ item, contact }) => (
              <ContactRow
                key={item.id}
                item={item}
                starting={startingId === item.id}
                onStartChat={item.id === user.id ? undefined : () => void startChat({ id: item.id, name: item.name, type: contact?.type ?? "human" })}
                onDelete={contact?.type === "human" ? () => setDeleting(contact) : undefined}
              />
            ))}
          </ul>
        </div>
      </div>
      <InviteFriendsDialog open={inviteOpen} onOpenChange={setInviteOpen} />
      <ConfirmDialog
        open={deleting !== null}
        title={t("people.contacts.deleteTitle")}
        body={t("people.contacts.deleteBody", { name: deleting?.name ?? "" })}
        confirmText={t("people.contacts.delete")}
        workingText={t("people.contacts.deleting")}
        busy={deleteBusy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
        testIdPrefix="contact-delete"
      />
    </section>
  );
}
