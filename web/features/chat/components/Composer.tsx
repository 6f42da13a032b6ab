import {
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
  type Ref,
  type ClipboardEvent,
  type DragEvent,
  type KeyboardEvent,
  type ReactNode,
} from "react";
import { useTranslation } from "react-i18next";
import { MESSAGE_TEXT_MAX } from "../../../../contract";
import { useComposerFiles, namePastedFile } from "../hooks/useComposerFiles";
import { ACCEPT_ATTRIBUTE } from "../model/attachments";
import { loadDraft, saveDraft } from "../model/drafts";
import { STREAM_CHAT_TYPE, type ComposedMessage, type ReplyTarget, type StreamKey } from "../model/types";
import { ComposerFiles } from "./ComposerFiles";
import type { ComposerExtension } from "../../../ui/composerExtension";
import { leaveViewedTab, setViewedTab } from "../../../app/session/viewing";
import { useMentionSuggestions, type MentionOption } from "../hooks/useMentionSuggestions";
import { MentionPopup } from "./MentionPopup";
import { AttachIcon, CloseIcon, SendIcon } from "../../../ui/icons";

/** Spec 02 §9: the textarea grows from 44 px to 120 px; the counter shows at 100 left. */
const MIN_HEIGHT = 44;
const MAX_HEIGHT = 120;
const COUNTER_FROM = 100;

interface ComposerProps {
  chatId: string;
  stream: StreamKey;
  streams: readonly StreamKey[];
  replyTo: ReplyTarget | null;
  onCancelReply: () => void;
  /** False (or a promise of it) when the message was not taken: text and files stay. */
  onSend: (message: ComposedMessage) => boolean | void | Promise<boolean | void>;
  /** Lets the chat focus the text field (after Reply). */
  focusRef?: Ref<ComposerFocus>;
  /** Above the text field: the agent tabs' mode and model selectors. */
  toolbar?: ReactNode;
  /** Next to the send button: the pause button while a reply runs. */
  trailing?: ReactNode;
  /** Added by the page around the chat (the coding workspace's file references). */
  extension?: ComposerExtension;
  /** Why this tab cannot send now (the coding agent's workspace is not ready): shown as the placeholder, sending is off. */
  unavailable?: string | null;
}

export interface ComposerFocus {
  focus(): void;
}

/** The message composer (spec 02 §2.7): text, reply preview, attachments, per-tab drafts. */
export function Composer({
  chatId,
  stream,
  streams,
  replyTo,
  onCancelReply,
  onSend,
  focusRef,
  toolbar,
  trailing,
  extension,
  unavailable = null,
}: ComposerProps) {
  const { t } = useTranslation();
  const [texts, setTexts] = useState<Partial<Record<StreamKey, string>>>(() => Object.fromEntries(streams.map((s) => [s, loadDraft(chatId, s)])));
  const text = texts[stream] ?? "";
  const latestTexts = useRef(texts);
  latestTexts.current = texts;
  const [sending, setSending] = useState(false);
  const { files, add, remove, clear, uploadAll, uploading } = useComposerFiles(chatId, stream);
  const input = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  // The caret while the text field has focus: the mention popup follows the `@` it is in.
  const [caret, setCaret] = useState<number | null>(null);
  const pendingCaret = useRef<number | null>(null);
  const mentions = useMentionSuggestions(chatId, text, caret);

  // This tab is on screen while its composer is: app-wide alerts about it stay quiet.
  useEffect(() => {
    const tab = { chatId, chatType: STREAM_CHAT_TYPE[stream] };
    setViewedTab(tab);
    return () => leaveViewedTab(tab);
  }, [chatId, stream]);

  useLayoutEffect(() => {
    const el = input.current;
    if (!el) return;
    el.style.height = "auto";
    el.style.height = `${Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, el.scrollHeight))}px`;
    if (pendingCaret.current !== null) {
      el.setSelectionRange(pendingCaret.current, pendingCaret.current);
      pendingCaret.current = null;
    }
  }, [text, stream]);

  useImperativeHandle(focusRef, () => ({ focus: () => input.current?.focus() }), []);

  const remaining = MESSAGE_TEXT_MAX - text.length;
  // Spec 02 §5: sending needs text, attachments or file references.
  const empty = text.trim() === "" && files.length === 0 && !extension?.hasContent;
  const blocked = empty || uploading || sending || remaining < 0 || unavailable !== null;

  // Drafts persist per chat and tab on every change (a small synchronous write).
  const setText = (value: string) => {
    setTexts((all) => ({ ...all, [stream]: value }));
    saveDraft(chatId, stream, value);
  };

  const submit = async () => {
    if (blocked) return;
    const target = stream;
    const staged = files;
    const body = extension ? extension.decorate(text.trim()) : text.trim();
    const reply = replyTo;
    setSending(true);
    try {
      const attachments = staged.length ? await uploadAll(target, staged) : [];
      if (!attachments) return; // an upload failed and said so; text and files stay
      if ((await onSend({ stream: target, text: body, attachments, replyTo: reply })) === false) return;
      // Text typed while files were uploading is kept for the next message.
      if ((latestTexts.current[target] ?? "") === text) {
        setTexts((all) => ({ ...all, [target]: "" }));
        saveDraft(chatId, target, "");
      }
      clear(target);
      extension?.sent();
    } finally {
      setSending(false);
    }
  };

  const chooseMention = (option: MentionOption) => applyMention(mentions.choose(option));
  const applyMention = (next: { text: string; caret: number } | null) => {
    if (!next) return;
    pendingCaret.current = next.caret;
    setCaret(next.caret);
    setText(next.text);
    input.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // While the mention popup is open, arrows, Enter, Tab and Escape belong to it.
    const mentionKey = mentions.onKeyDown(event);
    if (typeof mentionKey === "object") return applyMention(mentionKey);
    if (mentionKey) return;
    // Enter sends, Shift+Enter is a newline, and Enter that confirms an IME composition does nothing.
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing || event.keyCode === 229) return;
    event.preventDefault();
    void submit();
  };

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const pasted = Array.from(event.clipboardData.files);
    if (pasted.length === 0) return;
    if (!event.clipboardData.getData("text/plain")) event.preventDefault();
    add(pasted.map((file) => namePastedFile(file)));
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    const reference = extension?.dropType ? event.dataTransfer.getData(extension.dropType) : "";
    if (reference) {
      event.preventDefault();
      return extension?.drop?.(reference);
    }
    if (event.dataTransfer.files.length === 0) return;
    event.preventDefault();
    add(Array.from(event.dataTransfer.files));
  };

  return (
    <div
      className="composer"
      onDragOver={(e) =>
        (e.dataTransfer.types.includes("Files") || (extension?.dropType && e.dataTransfer.types.includes(extension.dropType))) && e.preventDefault()
      }
      onDrop={onDrop}
    >
      {replyTo && (
        <div className="composer__reply" data-testid="reply-preview">
          <span className="composer__reply-text">
            <span className="composer__reply-name">{t("chat.composer.replyingTo", { name: replyTo.senderName })}</span>
            <span className="composer__reply-snippet">{replyTo.content}</span>
          </span>
          <button type="button" className="icon-btn" data-testid="reply-cancel" aria-label={t("chat.composer.cancelReply")} onClick={onCancelReply}>
            <CloseIcon />
          </button>
        </div>
      )}
      <ComposerFiles files={files} onRemove={remove} />
      {extension?.chips}
      {toolbar}
      <div className="composer__row">
        <MentionPopup state={mentions} onChoose={chooseMention} />
        <button
          type="button"
          className="composer__attach"
          data-testid="composer-attach"
          aria-label={t("chat.composer.attach")}
          title={t("chat.composer.attach")}
          onClick={() => picker.current?.click()}
          disabled={sending}
        >
          <AttachIcon size={18} />
        </button>
        <input
          ref={picker}
          type="file"
          multiple
          hidden
          accept={ACCEPT_ATTRIBUTE}
          data-testid="composer-file-input"
          onChange={(e) => {
            add(Array.from(e.target.files ?? []));
            e.target.value = "";
          }}
        />
        <textarea
          ref={input}
          className="composer__input"
          data-testid="composer-input"
          aria-label={t("chat.composer.label")}
          placeholder={unavailable ?? t("chat.composer.placeholder")}
          rows={1}
          value={text}
          aria-autocomplete="list"
          aria-haspopup="listbox"
          aria-controls={mentions.open ? mentions.listboxId : undefined}
          aria-activedescendant={mentions.open && mentions.people.length + mentions.files.length > 0 ? mentions.optionId(mentions.active) : undefined}
          onChange={(e) => {
            setText(e.target.value);
            setCaret(e.target.selectionStart);
          }}
          onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
          onBlur={() => setCaret(null)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
        />
        <button
          type="button"
          className="composer__send"
          data-testid="composer-send"
          aria-label={t("chat.composer.send")}
          title={t("chat.composer.send")}
          disabled={blocked}
          aria-busy={sending || undefined}
          onClick={() => void submit()}
        >
          <SendIcon size={18} />
        </button>
        {trailing}
      </div>
      {remaining <= COUNTER_FROM && (
        <p className={`composer__counter${remaining < 0 ? " composer__counter--over" : ""}`} data-testid="char-counter" aria-live="polite">
          {t("chat.composer.remaining", { count: remaining })}
        </p>
      )}
    </div>
  );
}
