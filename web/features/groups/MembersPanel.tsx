import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../ui/toast";
import useSWR from "swr";
import type { ChatListItem, Participant } from "../../../contract";
import { silentFetcher } from "../../app/api/swr";
import { participantsKey } from "../../app/realtime/chatListCache";
import { Button } from "../../ui/Button";
import { LoadState } from "../../ui/LoadState";
import { isGroupChat, matchesMember, sortMembers } from "./chatPeople";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { MemberRow } from "./MemberRow";
import { useGroupActions } from "./useGroupActions";
import { SearchInput } from "../../ui/SearchInput";
import { CloseIcon } from "../../ui/icons";

type Pending = { kind: "remove"; member: Participant } | { kind: "leave" } | { kind: "dissolve" } | null;

interface MembersPanelProps {
  chat: ChatListItem;
  isOwner: boolean;
  onClose: () => void;
  /** Pixels from the viewport top where the panel starts, so the chat header above stays usable. */
  top?: number;
}

/** The 360 px member list on the right (spec 02 §2.10), with remove, leave and dissolve. */
export function MembersPanel({ chat, isOwner, onClose, top = 0 }: MembersPanelProps) {
  const { t } = useTranslation();
  const { data, error, isLoading, mutate } = useSWR<{ participants: Participant[] }>(participantsKey(chat.id), silentFetcher);
  const { removeMembers, leave, dissolve } = useGroupActions();
  const [query, setQuery] = useState("");
  const [pending, setPending] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);
  const search = useRef<HTMLInputElement>(null);
  const group = isGroupChat(chat);

  useEffect(() => {
    search.current?.focus();
  }, []);

  // Escape closes the panel wherever focus is, unless a dialog on top of it takes the key.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented || pending) return;
      if (document.querySelector('[role="dialog"][aria-modal="true"], [role="alertdialog"]')) return;
      onClose();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [pending, onClose]);

  const members = useMemo(() => sortMembers(data?.participants ?? []), [data]);
  const shown = members.filter((member) => matchesMember(member, query));

  const askRemove = (member: Participant) => {
    if (!data) return void toast.error(t("groups.members.cannotVerify"));
    if (!isOwner) return void toast.error(t("groups.members.onlyOwner"));
    setPending({ kind: "remove", member });
  };

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    let ok = false;
    if (pending.kind === "remove") ok = await removeMembers(chat.id, [pending.member.id], "user");
    else if (pending.kind === "leave") ok = await leave(chat.id);
    else ok = await dissolve(chat.id);
    setBusy(false);
    if (ok) {
      setPending(null);
      if (pending.kind === "remove") void mutate();
      else onClose();
    }
  };

  const texts =
    pending?.kind === "remove"
      ? { title: t("groups.members.removeTitle"), body: t("groups.members.removeBody", { name: pending.member.name }), ok: t("groups.members.remove") }
      : pending?.kind === "leave"
        ? { title: t("groups.members.leaveTitle"), body: t("groups.members.leaveBody", { name: chat.name }), ok: t("groups.members.leave") }
        : { title: t("groups.members.dissolveTitle"), body: t("groups.members.dissolveBody", { name: chat.name }), ok: t("groups.members.dissolve") };

  return (
    <aside className="members-panel" role="dialog" aria-modal="false" aria-labelledby="members-panel-title" data-testid="members-panel" style={{ top }}>
      <header className="members-panel__header">
        <h2 id="members-panel-title" className="members-panel__title">
          {t("groups.members.title", { count: members.length || chat.participants.length })}
        </h2>
        <button type="button" className="icon-btn" onClick={onClose} aria-label={t("common.close")} data-testid="members-panel-close">
          <CloseIcon />
        </button>
      </header>
      <SearchInput ref={search} label={t("groups.members.search")} value={query} onChange={setQuery} testId="members-search" />
      <LoadState loading={isLoading} failed={Boolean(error) && !data} failedText={t("groups.members.loadFailed")} onRetry={() => void mutate()} />
      {data && shown.length === 0 && (
        <p className="muted members-panel__empty" role="status">
          {query.trim() ? t("groups.members.noneFound") : t("groups.members.none")}
        </p>
      )}
      <ul className="members-panel__list">
        {shown.map((member) => (
          <MemberRow key={`${member.type}:${member.id}`} member={member} viewerIsOwner={isOwner && !!data} onRemove={askRemove} />
        ))}
      </ul>
      {group && (
        <footer className="members-panel__footer">
          {isOwner ? (
            <Button variant="danger" onClick={() => setPending({ kind: "dissolve" })} data-testid="dissolve-group">
              {t("groups.members.dissolve")}
            </Button>
          ) : (
            <Button variant="danger" onClick={() => setPending({ kind: "leave" })} data-testid="leave-group">
              {t("groups.members.leave")}
            </Button>
          )}
        </footer>
      )}
      <ConfirmDialog
        open={pending !== null}
        title={texts.title}
        body={texts.body}
        confirmText={texts.ok}
        workingText={t("groups.members.working")}
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      />
    </aside>
  );
}
