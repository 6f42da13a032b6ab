import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { GROUP_NAME_MAX } from "../../../contract";
import { renameTarget } from "./contacts";
import { CheckIcon, CloseIcon } from "../../ui/icons";

interface GroupNameEditorProps {
  name: string;
  /** Only the owner may rename; everyone else sees plain text. */
  editable: boolean;
  onSave: (name: string) => Promise<boolean>;
}

/** The chat name in the header; the owner clicks it to edit inline (Enter saves, Escape cancels). */
export function GroupNameEditor({ name, editable, onSave }: GroupNameEditorProps) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(name);
  const [saving, setSaving] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (editing) input.current?.select();
  }, [editing]);

  const stop = () => {
    setEditing(false);
    setDraft(name);
    requestAnimationFrame(() => trigger.current?.focus());
  };
  const save = async () => {
    const next = renameTarget(name, draft);
    if (!next) return stop();
    setSaving(true);
    const ok = await onSave(next);
    setSaving(false);
    if (ok) stop();
  };

  if (!editable) {
    return (
      <h1 className="chat-header__name" data-testid="chat-title">
        {name}
      </h1>
    );
  }
  if (!editing) {
    return (
      <h1 className="chat-header__name">
        <button
          ref={trigger}
          type="button"
          className="chat-header__name-button"
          onClick={() => {
            setDraft(name);
            setEditing(true);
          }}
          title={t("groups.header.renameHint")}
          aria-label={t("groups.header.renameLabel", { name })}
          data-testid="chat-title"
        >
          {name}
        </button>
      </h1>
    );
  }
  return (
    <div className="chat-header__rename" role="group" aria-label={t("groups.header.renameTitle")}>
      <input
        ref={input}
        className="field__input chat-header__rename-input"
        value={draft}
        maxLength={GROUP_NAME_MAX}
        disabled={saving}
        aria-label={t("groups.header.nameLabel")}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter" && !event.nativeEvent.isComposing) {
            event.preventDefault();
            void save();
          } else if (event.key === "Escape") {
            event.preventDefault();
            event.stopPropagation();
            stop();
          }
        }}
        data-testid="chat-title-input"
      />
      <button type="button" className="icon-btn" onClick={() => void save()} disabled={saving} aria-label={t("common.save")} data-testid="chat-title-save">
        <CheckIcon />
      </button>
      <button type="button" className="icon-btn" onClick={stop} disabled={saving} aria-label={t("common.cancel")} data-testid="chat-title-cancel">
        <CloseIcon />
      </button>
    </div>
  );
}
