import { useId, useMemo, useState, type KeyboardEvent } from "react";
import useSWR from "swr";
import type { FileListAnswer, Participant } from "../../../../contract";
import { silentFetcher } from "../../../app/api/swr";
import { participantsKey } from "../../../app/realtime/chatListCache";
import { insertMention, matchFiles, matchPeople, mentionAt, FILE_PREFIX, type MentionPerson, type MentionQuery } from "../model/mentionQuery";
import { useChat } from "./useChat";

/** `GET /api/coding-projects/{id}/file-list` without metadata: every file's path, which is all a name search needs. */
const fileListKey = (projectId: string) => [`/api/coding-projects/${encodeURIComponent(projectId)}/file-list`, { include_metadata: false }] as const;

export type MentionOption = { kind: "person"; id: string; token: string; person: MentionPerson } | { kind: "file"; id: string; token: string; path: string };

export interface MentionSuggestions {
  open: boolean;
  kind: MentionQuery["kind"] | null;
  people: MentionOption[];
  files: MentionOption[];
  /** People or files are still loading. */
  searching: boolean;
  /** The project's file list could not be read. */
  filesFailed: boolean;
  /** Index into `[...people, ...files]`. */
  active: number;
  listboxId: string;
  optionId: (index: number) => string;
  setActive: (index: number) => void;
  /** The composer's text after choosing an option, and the caret position. */
  choose: (option: MentionOption) => { text: string; caret: number } | null;
  /** Handles the popup's keys; returns the composer's new text when Enter or Tab chose an option, true for another handled key. */
  onKeyDown: (event: KeyboardEvent) => { text: string; caret: number } | boolean;
}

const toPerson = (p: Participant): MentionPerson => ({ id: p.id, name: p.name, agent: p.type === "virtual_employee" || p.isAI });

/**
 * The mention popup's state for a composer: which `@` the caret is in, the chat's members (the
 * member panel's SWR entry) and, after `@file:`, the project's files, filtered as the user types.
 */
export function useMentionSuggestions(chatId: string, text: string, caret: number | null): MentionSuggestions {
  const listboxId = `mention-list-${useId().replace(/:/g, "")}`;
  // The highlighted option, remembered for the query it was chosen in: typing on starts again at the top.
  const [highlight, setHighlight] = useState({ query: "", index: 0 });
  // The `@` (by position and text before it) the user closed with Escape: it stays closed until the caret leaves it.
  const [dismissed, setDismissed] = useState<string | null>(null);
  const query = caret === null ? null : mentionAt(text, caret);
  const queryKey = query ? `${query.start}:${text.slice(0, query.start)}` : null;
  const wanted = query !== null && queryKey !== dismissed;

  const { data: chat } = useChat(chatId);
  const members = useSWR<{ participants: Participant[] }>(wanted ? participantsKey(chatId) : null, silentFetcher);
  const projectId = chat?.project_id ?? null;
  const fileList = useSWR<FileListAnswer>(wanted && query?.kind === "file" && projectId ? fileListKey(projectId) : null, silentFetcher);

  const group = !!chat && (chat.is_group || chat.type === "group");
  const roster = members.data?.participants ?? chat?.participants;
  const kind = query?.kind ?? null;
  const typed = query?.query ?? "";
  const people = useMemo<MentionOption[]>(() => {
    if (kind !== "people" || !roster) return [];
    const candidates = roster.filter((p) => !p.isCurrentUser).map(toPerson);
    return matchPeople(candidates, typed, group).map((person) => ({ kind: "person", id: person.id, token: person.name, person }));
  }, [kind, typed, roster, group]);
  const files = useMemo<MentionOption[]>(() => {
    if (kind !== "file" || !fileList.data) return [];
    const paths = fileList.data.files.filter((f) => !f.isHidden).map((f) => f.path);
    return matchFiles(paths, typed).map((path) => ({ kind: "file", id: path, token: `${FILE_PREFIX}${path}`, path }));
  }, [kind, typed, fileList.data]);

  const options = [...people, ...files];
  const searching = kind === "file" ? !!projectId && !fileList.data && !fileList.error : !roster;
  // A query with a space that matches nobody is just text after a mention ('@Ann thanks'): no popup.
  const plainText = kind === "people" && typed.includes(" ") && people.length === 0 && !searching;
  const open = wanted && !plainText;
  const highlightFor = `${queryKey}|${kind}|${typed}`;
  const active = options.length && highlight.query === highlightFor ? Math.min(highlight.index, options.length - 1) : 0;
  const setActive = (index: number) => setHighlight({ query: highlightFor, index });

  const choose = (option: MentionOption) => (query ? insertMention(text, query, option.token) : null);

  const onKeyDown = (event: KeyboardEvent): { text: string; caret: number } | boolean => {
    if (!open || event.nativeEvent.isComposing) return false;
    const move = (step: number) => {
      event.preventDefault();
      if (options.length) setActive((active + step + options.length) % options.length);
      return true;
    };
    if (event.key === "ArrowDown") return move(1);
    if (event.key === "ArrowUp") return move(-1);
    if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      setDismissed(queryKey);
      return true;
    }
    if ((event.key === "Enter" && !event.shiftKey) || (event.key === "Tab" && !event.shiftKey)) {
      const option = options[active];
      if (!option) return false;
      event.preventDefault();
      return choose(option) ?? false;
    }
    return false;
  };

  return {
    open,
    kind,
    people,
    files,
    searching,
    filesFailed: kind === "file" && !!fileList.error,
    active,
    listboxId,
    optionId: (index) => `${listboxId}-${index}`,
    setActive,
    choose,
    onKeyDown,
  };
}
