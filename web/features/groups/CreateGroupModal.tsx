import { useMemo, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../ui/toast";
import type { ChatListItem } from "../../../contract";
import { api } from "../../app/api/client";
import { addChatToList } from "../../app/realtime/chatListCache";
import { selectChat } from "../../app/session/selection";
import { Button } from "../../ui/Button";
import { Field } from "../../ui/Field";
import { LoadState } from "../../ui/LoadState";
import { Modal } from "../../ui/Modal";
import { PlanLimitModal } from "../../ui/plans";
import { ContactSection } from "./ContactSection";
import { groupNameError, groupParticipants, matchesContact, toggleContact, userContact, vireBlocked, vireContact, type Contact } from "./contacts";
import { errorMessage, isGroupLimitError, isVireLimitError } from "./groupErrors";
import { SelectedMembersPanel } from "./SelectedMembersPanel";
import { useOrganizationUsers, useVirtualEmployees } from "./useContacts";
import { usePlanTier } from "./usePlanTier";
import { SearchInput } from "../../ui/SearchInput";

interface CreateGroupModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  organizationName: string;
}

type Alert = { kind: "limit" | "vire" | "failed"; text: string } | null;

/** 'Create New Group' (spec 02 §2.2): name, members from three sections, at most one VIRE. */
export function CreateGroupModal({ open, onOpenChange, organizationName }: CreateGroupModalProps) {
  const { t } = useTranslation();
  const unknown = t("groups.unknownUser");
  const { vires, loading: viresLoading, failed: viresFailed, retry: retryVires } = useVirtualEmployees(open);
  const { users, loading: usersLoading, failed: usersFailed, retry: retryUsers } = useOrganizationUsers(open);
  const tier = usePlanTier(open);
  const [name, setName] = useState("");
  const [query, setQuery] = useState("");
  const [selected, setSelected] = useState<Contact[]>([]);
  const [nameError, setNameError] = useState<string | null>(null);
  const [membersError, setMembersError] = useState<string | null>(null);
  const [alert, setAlert] = useState<Alert>(null);
  const [busy, setBusy] = useState(false);
  const [limitOpen, setLimitOpen] = useState(false);

  const vireContacts = useMemo(() => vires.map((vire) => vireContact(vire, unknown)).filter((c) => matchesContact(c, query)), [vires, query, unknown]);
  // The users answer lists my organization's members, then my friends from elsewhere (isOrgMember false).
  const orgContacts = useMemo(
    () =>
      users
        .filter((user) => user.isOrgMember !== false)
        .map((user) => userContact(user, unknown))
        .filter((c) => matchesContact(c, query)),
    [users, query, unknown],
  );
  const externalContacts = useMemo(
    () =>
      users
        .filter((user) => user.isOrgMember === false)
        .map((user) => userContact(user, unknown, "external"))
        .filter((c) => matchesContact(c, query)),
    [users, query, unknown],
  );
  const nothingFound = query.trim() !== "" && vireContacts.length === 0 && orgContacts.length === 0 && externalContacts.length === 0;

  const reset = () => {
    setName("");
    setQuery("");
    setSelected([]);
    setNameError(null);
    setMembersError(null);
    setAlert(null);
  };
  const close = (next: boolean) => {
    if (busy) return;
    if (!next) reset();
    onOpenChange(next);
  };

  const toggle = (contact: Contact) => {
    const result = toggleContact(selected, contact);
    if (result.refused) {
      setAlert({ kind: "vire", text: t("groups.create.vireLimit") });
      return;
    }
    setAlert((current) => (current?.kind === "vire" ? null : current));
    setMembersError(null);
    setSelected(result.selected);
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const missingName = groupNameError(name) !== null;
    setNameError(missingName ? t("groups.create.nameRequired") : null);
    setMembersError(selected.length === 0 ? t("groups.create.membersRequired") : null);
    if (missingName || selected.length === 0) return;
    setBusy(true);
    setAlert(null);
    try {
      const data = await api.post<{ groupChat: ChatListItem }>(
        "/api/group-chats",
        { name: name.trim(), description: "", participants: groupParticipants(selected) },
        { silent: true },
      );
      await addChatToList(data.groupChat);
      selectChat(data.groupChat.id, data.groupChat.project_id);
      toast.success(t("groups.create.success"));
      setBusy(false);
      reset();
      onOpenChange(false);
    } catch (error) {
      setBusy(false);
      if (isGroupLimitError(error)) {
        setAlert({ kind: "limit", text: errorMessage(error) });
        setLimitOpen(true);
      } else if (isVireLimitError(error)) setAlert({ kind: "vire", text: t("groups.create.vireLimit") });
      else setAlert({ kind: "failed", text: `${t("groups.create.failed")} ${errorMessage(error) || t("errors.networkAnomaly")}` });
    }
  };

  const count = selected.length;
  return (
    <>
      <Modal
        open={open}
        onOpenChange={close}
        size="lg"
        title={t("groups.create.title")}
        testId="create-group-modal"
        footer={
          <>
            <span className="modal__footer-note" aria-live="polite">
              {t("groups.create.membersSelected", { count })}
            </span>
            <Button variant="ghost" onClick={() => close(false)} disabled={busy}>
              {t("common.cancel")}
            </Button>
            <Button
              busy={busy}
              onClick={() => void submit()}
              title={name.trim() ? undefined : t("groups.create.nameTooltip")}
              data-testid="create-group-submit"
            >
              {busy ? t("groups.create.creating") : t("groups.create.submit", { count })}
            </Button>
          </>
        }
      >
        <form className="create-group" onSubmit={(event) => void submit(event)} noValidate>
          {alert && (
            <div className={`inline-error create-group__alert create-group__alert--${alert.kind}`} role="alert" data-testid="create-group-error">
              {alert.kind === "limit" && <strong>{t("groups.create.limitTitle")}</strong>}
              {alert.text && <span>{alert.text}</span>}
              {alert.kind === "limit" && <span className="create-group__advice">{t("groups.create.limitBody")}</span>}
            </div>
          )}
          <Field
            label={t("groups.create.nameLabel")}
            placeholder={t("groups.create.namePlaceholder")}
            value={name}
            maxLength={100}
            onChange={(event) => {
              setName(event.target.value);
              if (nameError && event.target.value.trim()) setNameError(null);
            }}
            error={nameError}
            autoFocus
            data-testid="group-name-input"
          />
          <div className="create-group__columns">
            <div className="create-group__contacts">
              <SearchInput label={t("groups.create.searchPlaceholder")} value={query} onChange={setQuery} testId="group-contact-search" />
              {membersError && (
                <p className="field__error" role="alert">
                  {membersError}
                </p>
              )}
              <LoadState
                loading={viresLoading || usersLoading}
                failed={viresFailed || usersFailed}
                failedText={t("groups.contactsLoadFailed")}
                onRetry={() => {
                  void retryVires();
                  void retryUsers();
                }}
              />
              {nothingFound ? (
                <p className="muted contact-section__empty" role="status">
                  {t("groups.noContactsFound")}
                </p>
              ) : (
                <div className="create-group__sections">
                  <ContactSection
                    title={t("groups.sections.vires")}
                    hint={t("groups.create.selectUpTo")}
                    contacts={vireContacts}
                    testIdPrefix="group-member-"
                    emptyText={t("groups.sections.noVires")}
                    isChecked={(c) => selected.some((item) => item.id === c.id)}
                    isBlocked={(c) => vireBlocked(c, selected)}
                    blockedHint={t("groups.create.vireLimit")}
                    onToggle={toggle}
                  />
                  <ContactSection
                    title={organizationName}
                    contacts={orgContacts}
                    testIdPrefix="group-member-"
                    emptyText={t("groups.sections.noOrgMembers")}
                    isChecked={(c) => selected.some((item) => item.id === c.id)}
                    onToggle={toggle}
                  />
                  <ContactSection
                    title={t("groups.sections.external")}
                    contacts={externalContacts}
                    testIdPrefix="group-member-"
                    emptyText={t("groups.sections.noExternal")}
                    isChecked={(c) => selected.some((item) => item.id === c.id)}
                    onToggle={toggle}
                  />
                </div>
              )}
            </div>
            <SelectedMembersPanel selected={selected} onRemove={toggle} />
          </div>
        </form>
      </Modal>
      <PlanLimitModal open={limitOpen} onOpenChange={setLimitOpen} item="groupChats" currentTier={tier} />
    </>
  );
}
