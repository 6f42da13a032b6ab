import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../ui/toast";
import { api } from "../../app/api/client";
import { revalidateChatList } from "../../app/realtime/chatListCache";
import { selectChat } from "../../app/session/selection";
import { Avatar } from "../../ui/Avatar";
import { LoadState } from "../../ui/LoadState";
import { Modal } from "../../ui/Modal";
import { Spinner } from "../../ui/Spinner";
import { matchesContact, userContact, vireContact, type Contact } from "./contacts";
import { useOrganizationUsers, useVirtualEmployees } from "./useContacts";

interface ContactPickerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  organizationId: string | null;
}

/** 'select contact' (spec 01 §2): pick a colleague or one of my VIREs to open a private chat with. */
export function ContactPicker({ open, onOpenChange, organizationId }: ContactPickerProps) {
  const { t } = useTranslation();
  const unknown = t("groups.unknownUser");
  const { vires, loading: viresLoading, failed: viresFailed, retry: retryVires } = useVirtualEmployees(open);
  const { users, loading: usersLoading, failed: usersFailed, retry: retryUsers } = useOrganizationUsers(open);
  const [query, setQuery] = useState("");
  const [startingId, setStartingId] = useState<string | null>(null);

  const contacts = useMemo(
    () =>
      [
        ...vires.map((vire) => vireContact(vire, unknown)),
        ...users.map((user) => userContact(user, unknown, user.isOrgMember === false ? "external" : "organization")),
      ].filter((c) => matchesContact(c, query)),
    [vires, users, query, unknown],
  );
  const loading = viresLoading || usersLoading;

  const close = (next: boolean) => {
    if (startingId) return;
    if (!next) setQuery("");
    onOpenChange(next);
  };

  const start = async (contact: Contact) => {
    setStartingId(contact.id);
    try {
      const data = await api.post<{ chatId: string; existing: boolean; name: string }>(
        "/api/private-chats",
        { participantId: contact.id, participantType: contact.type, ...(organizationId ? { organizationId } : {}) },
        { silent: true },
      );
      if (data.existing) toast.info(t("groups.picker.openedExisting", { name: data.name || contact.name }));
      await revalidateChatList();
      selectChat(data.chatId);
      setStartingId(null);
      setQuery("");
      onOpenChange(false);
    } catch {
      toast.error(t("groups.picker.failed"));
      setStartingId(null);
    }
  };

  return (
    <Modal open={open} onOpenChange={close} size="sm" title={t("groups.picker.title")} testId="contact-picker">
      <input
        type="search"
        className="field__input"
        placeholder={t("groups.picker.searchPlaceholder")}
        aria-label={t("groups.picker.searchPlaceholder")}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        autoFocus
        data-testid="contact-picker-search"
      />
      <LoadState
        loading={loading}
        failed={viresFailed || usersFailed}
        failedText={t("groups.contactsLoadFailed")}
        onRetry={() => {
          void retryVires();
          void retryUsers();
        }}
      />
      {!loading && contacts.length === 0 && (
        <p className="muted contact-section__empty" role="status">
          {query.trim() ? t("groups.noContactsFound") : t("groups.noContactsAvailable")}
        </p>
      )}
      <ul className="picker-list">
        {contacts.map((contact) => (
          <li key={`${contact.type}:${contact.id}`}>
            <button
              type="button"
              className="picker-row"
              onClick={() => void start(contact)}
              disabled={startingId !== null}
              aria-busy={startingId === contact.id || undefined}
              data-testid={`contact-${contact.id}`}
            >
              <Avatar name={contact.name} image={contact.image} size={32} />
              <span className="picker-row__text">
                <span className="picker-row__name">{contact.name}</span>
                <span className="picker-row__sub">{contact.type === "virtual_employee" ? contact.role : contact.email}</span>
              </span>
              <span className={`badge badge--${contact.kind}`}>{t(`groups.badges.${contact.kind}`)}</span>
              {startingId === contact.id && <Spinner size={14} />}
            </button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
