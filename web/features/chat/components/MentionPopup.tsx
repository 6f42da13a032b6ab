import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Avatar } from "../../../ui/Avatar";
import type { MentionOption, MentionSuggestions } from "../hooks/useMentionSuggestions";
import "../mentionPopup.css";
import { MentionIcon } from "../../../ui/icons";
import { FileTypeIcon } from "../../../ui/FileTypeIcon";

interface MentionPopupProps {
  state: MentionSuggestions;
  onChoose: (option: MentionOption) => void;
}

/**
 * The suggestion list above the composer (spec 02 §2.8). Focus stays in the text field, which
 * points at the highlighted option through aria-activedescendant; a pointer picks with a click.
 */
export function MentionPopup({ state, onChoose }: MentionPopupProps) {
  const { t } = useTranslation();
  const list = useRef<HTMLDivElement>(null);
  const { people, files, active, kind } = state;

  useEffect(() => {
    const option = list.current?.querySelector<HTMLElement>('[aria-selected="true"]');
    option?.scrollIntoView?.({ block: "nearest" });
  }, [active, people, files]);

  if (!state.open) return null;
  const count = people.length + files.length;

  const row = (option: MentionOption, index: number) => (
    <div
      key={`${option.kind}:${option.id}`}
      id={state.optionId(index)}
      role="option"
      aria-selected={index === active}
      className={`mention-popup__option${index === active ? " is-active" : ""}`}
      data-testid={option.kind === "person" ? `mention-option-${option.id}` : `mention-file-${option.id}`}
      // Keeps focus (and the caret) in the text field.
      onMouseDown={(e) => e.preventDefault()}
      onMouseMove={() => index !== active && state.setActive(index)}
      onClick={() => onChoose(option)}
    >
      {option.kind === "person" ? (
        <>
          {option.person.everyone ? (
            <span className="mention-popup__icon">
              <MentionIcon size={14} />
            </span>
          ) : (
            <Avatar name={option.person.name} size={24} />
          )}
          <span className="mention-popup__name">{option.person.everyone ? "@all" : option.person.name}</span>
          {option.person.everyone && <span className="mention-popup__note">{t("mentions.popup.everyone")}</span>}
          {option.person.agent && <span className="mention-popup__badge">{t("mentions.popup.agent")}</span>}
        </>
      ) : (
        <>
          <span className="mention-popup__icon">
            <FileTypeIcon fileName={option.path} size={14} />
          </span>
          <span className="mention-popup__name">{option.path.slice(option.path.lastIndexOf("/") + 1)}</span>
          <span className="mention-popup__note" title={option.path}>
            {option.path}
          </span>
        </>
      )}
    </div>
  );

  return (
    <div className="mention-popup" data-testid="mention-popup">
      <p className="mention-popup__header">{t("mentions.popup.header")}</p>
      <div ref={list} id={state.listboxId} role="listbox" aria-label={t("mentions.popup.label")} className="mention-popup__list">
        {kind === "people" && people.length > 0 && (
          <div role="group" aria-labelledby={`${state.listboxId}-people`}>
            <p id={`${state.listboxId}-people`} className="mention-popup__section" role="presentation">
              {t("mentions.popup.people", { count: people.length })}
            </p>
            {people.map((option, i) => row(option, i))}
          </div>
        )}
        {kind === "file" && files.length > 0 && (
          <div role="group" aria-labelledby={`${state.listboxId}-files`}>
            <p id={`${state.listboxId}-files`} className="mention-popup__section" role="presentation">
              {t("mentions.popup.files", { count: files.length })}
            </p>
            {files.map((option, i) => row(option, people.length + i))}
          </div>
        )}
      </div>
      {count === 0 && (
        <p className="mention-popup__state" role="status" data-testid="mention-popup-state">
          {state.searching ? t("mentions.popup.searching") : state.filesFailed ? t("mentions.popup.filesFailed") : t("mentions.popup.noResults")}
        </p>
      )}
      <p className="mention-popup__hint" aria-hidden>
        {t("mentions.popup.hint")}
      </p>
    </div>
  );
}
