import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import useSWR from "swr";
import type { ChatListItem } from "../../../contract";
import { silentFetcher } from "../../app/api/swr";
import { Button } from "../../ui/Button";
import { LoadState } from "../../ui/LoadState";
import { Modal } from "../../ui/Modal";
import { ContactSection } from "./ContactSection";
import { availableContact, matchesContact, toggleContact, vireBlocked, type AvailableMember, type Contact } from "./contacts";
import { useGroupActions } from "./useGroupActions";
import { SearchInput } from "../../ui/SearchInput";
import { CloseIcon } from "../../ui/icons";

interface AvailableJoinMembers {
  success: boolean;
  chatInfo: { organizationId: string };
  availableMembers: { organizationMembers: AvailableMember[]; externalFriends: AvailableMember[]; virtualEmployees?: AvailableMember[] };
}

interface AddMembersModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  chat: ChatListItem;
  onInvite: () => void;
}

/** 'Add Members' (spec 02 §2.12): pick colleagues, friends or a VIRE; current members are ticked and locked. */
export function AddMembersModal({ open, onOpenChange, chat, onInvite }: AddMembersModalProps) {
  const { t } = useTranslation();
  const unknown = t("groups.unknownUser");
  const key = open ? `/api/chats/${encodeURIComponent(chat.id)}/availableJoinMember` : null;
  const { data, error, isLoading, mutate } = useSWR<AvailableJoinMembers>(key, silentFetcher, { revalidateOnFocus: false });
  const { addMembers } = useGroupActions();
  const [query, setQuery] = useState("");
  const [selected, setSelected] = useState<Contact[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const groups = useMemo(() => {
    const members = data?.availableMembers;
    const toContacts = (list: AvailableMember[] | undefined) => (list ?? []).map((member) => ({ member, contact: availableContact(member, unknown) }));
    return {
      vires: toContacts(members?.virtualEmployees),
      org: toContacts(members?.organizationMembers),
      external: toContacts(members?.externalFriends),
    };
  }, [data, unknown]);
  const locked = useMemo(
    () => new Set([...groups.vires, ...groups.org, ...groups.external].filter((e) => e.member.isParticipant).map((e) => e.contact.id)),
    [groups],
  );
  const existingVires = groups.vires.filter((entry) => entry.member.isParticipant).length;
  const visible = (entries: { contact: Contact }[]) => entries.map((entry) => entry.contact).filter((contact) => matchesContact(contact, query));
  const sections = { vires: visible(groups.vires), org: visible(groups.org), external: visible(groups.external) };
  const total = groups.vires.length + groups.org.length + groups.external.length;
  const shownTotal = sections.vires.length + sections.org.length + sections.external.length;

  const close = (next: boolean) => {
    if (busy) return;
    if (!next) {
      setQuery("");
      setSelected([]);
      setProblem(null);
    }
    onOpenChange(next);
  };

  const toggle = (contact: Contact) => {
    if (locked.has(contact.id)) return;
    const result = toggleContact(selected, contact, existingVires);
    if (result.refused) return setProblem(t("groups.create.vireLimit"));
    setProblem(null);
    setSelected(result.selected);
  };

  const confirm = async () => {
    if (selected.length === 0) return setProblem(t("groups.add.selectMembers"));
    setBusy(true);
    const ok = await addMembers(chat.id, {
      user: selected.filter((c) => c.type === "user").map((c) => c.id),
      virtual_employee: selected.filter((c) => c.type === "virtual_employee").map((c) => c.id),
    });
    setBusy(false);
    if (ok) close(false);
    else void mutate();
  };

  const isChecked = (contact: Contact) => selected.some((item) => item.id === contact.id);
  const isLocked = (contact: Contact) => locked.has(contact.id);
  return (
    <Modal
      open={open}
      onOpenChange={close}
      size="xl"
      title={t("groups.add.title")}
      testId="add-members-modal"
      footer={
        <>
          <Button variant="ghost" onClick={() => close(false)} disabled={busy}>
            {t("common.cancel")}
          </Button>
          <Button onClick={() => void confirm()} busy={busy} data-testid="add-members-confirm">
            {busy ? t("groups.add.processing") : t("groups.add.confirm")}
          </Button>
        </>
      }
    >
      <div className="add-members">
        <div className="add-members__left">
          <div className="row">
            <SearchInput label={t("groups.add.search")} value={query} onChange={setQuery} testId="add-members-search" />
            <Button variant="secondary" onClick={onInvite} data-testid="invite-group-button">
              {t("groups.add.inviteFriends")}
            </Button>
          </div>
          {problem && (
            <p className="field__error" role="alert" data-testid="add-members-error">
              {problem}
            </p>
          )}
          <LoadState loading={isLoading} failed={Boolean(error) && !data} failedText={t("groups.contactsLoadFailed")} onRetry={() => void mutate()} />
          {data && shownTotal === 0 ? (
            <p className="muted contact-section__empty" role="status">
              {total === 0 ? t("groups.noContactsAvailable") : t("groups.noContactsFound")}
            </p>
          ) : (
            data && (
              <div className="add-members__sections">
                {[
                  { id: "vires", title: t("groups.sections.vires"), contacts: sections.vires, empty: t("groups.sections.noVires") },
                  { id: "org", title: t("groups.sections.organization"), contacts: sections.org, empty: t("groups.sections.noOrgMembers") },
                  { id: "external", title: t("groups.sections.external"), contacts: sections.external, empty: t("groups.sections.noExternal") },
                ].map((section) => (
                  <ContactSection
                    key={section.id}
                    title={section.title}
                    contacts={section.contacts}
                    testIdPrefix="add-member-"
                    emptyText={section.empty}
                    isChecked={isChecked}
                    isLocked={isLocked}
                    isBlocked={(c) => vireBlocked(c, selected, existingVires)}
                    blockedHint={t("groups.create.vireLimit")}
                    onToggle={toggle}
                  />
                ))}
              </div>
            )
          )}
        </div>
        <div className="add-members__right" aria-live="polite">
          <p className="picked__title" data-testid="add-members-count">
            {t("groups.add.selectedCount", { count: selected.length })}
          </p>
          <ul className="picked__list">
            {selected.map((contact) => (
              <li key={contact.id} className="picked__item">
                <span className="picked__name">{contact.name}</span>
                <button
                  type="button"
                  className="icon-btn"
                  onClick={() => toggle(contact)}
                  aria-label={t("groups.create.removeSelected", { name: contact.name })}
                >
                  <CloseIcon />
                </button>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </Modal>
  );
}
