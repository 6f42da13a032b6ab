import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { SKILL_MAX_CHARS, SKILLS_MAX } from "../../../contract";
import { Button } from "../../ui/Button";
import { errorText } from "./planLimit";
import { addSkill, mergeRecommendedSkills, removeSkill, truncateSkill, type SkillRefusal } from "./skills";
import { vireApi } from "./vireApi";
import type { VireDraft } from "./vireDraft";
import { CloseIcon, SparkleIcon } from "../../ui/icons";

interface SkillsTabProps {
  draft: VireDraft;
  onChange: (skills: string[]) => void;
}

type Note = { kind: "info" | "warning" | "error"; text: string } | null;

/** Skill chips (cut after 18 characters), manual add and the AI recommendation (spec 01 §2, §5). */
export function SkillsTab({ draft, onChange }: SkillsTabProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const [text, setText] = useState("");
  const [refusal, setRefusal] = useState<SkillRefusal | null>(null);
  const [recommending, setRecommending] = useState(false);
  const [note, setNote] = useState<Note>(null);
  const [fallback, setFallback] = useState(false);
  const skills = draft.skills;

  const add = () => {
    const result = addSkill(skills, text);
    setRefusal(result.refused === "empty" ? null : result.refused);
    if (result.refused) return;
    onChange(result.skills);
    setText("");
  };

  const recommend = async () => {
    setRecommending(true);
    setNote(null);
    try {
      const answer = await vireApi.recommendSkills({
        name: draft.name.trim(),
        role: draft.role.trim(),
        description: draft.description.trim(),
        existingSkills: skills,
      });
      const merged = mergeRecommendedSkills(skills, answer.skills ?? []);
      if (merged.added.length > 0) onChange(merged.skills);
      setFallback(Boolean(answer.fallback));
      if (merged.added.length > 0) setNote({ kind: "info", text: t("vires.skills.added", { count: merged.added.length }) });
      else if (answer.error) setNote({ kind: "error", text: t("vires.skills.failed", { message: answer.error }) });
      else setNote({ kind: "info", text: t("vires.skills.noneNew") });
    } catch (error) {
      setNote({ kind: "error", text: t("vires.skills.failed", { message: errorText(error) || t("errors.networkAnomaly") }) });
    } finally {
      setRecommending(false);
    }
  };

  const refusalText =
    refusal &&
    {
      duplicate: t("vires.skills.duplicate"),
      tooLong: t("vires.skills.tooLong", { max: SKILL_MAX_CHARS }),
      tooMany: t("vires.skills.tooMany", { max: SKILLS_MAX }),
      empty: "",
    }[refusal];
  const noBasics = !draft.name.trim() && !draft.role.trim();

  return (
    <div className="vire-panel-grid">
      {skills.length === 0 ? (
        <p className="muted">{t("vires.skills.none")}</p>
      ) : (
        <ul className="skill-chips" aria-label={t("vires.skills.listLabel")} data-testid="vire-skill-list">
          {skills.map((skill) => (
            <li key={skill} className="skill-chip" title={skill} data-testid="vire-skill">
              <span className="skill-chip__text">{truncateSkill(skill)}</span>
              <button
                type="button"
                className="skill-chip__remove"
                onClick={() => onChange(removeSkill(skills, skill))}
                aria-label={t("vires.skills.remove", { skill })}
              >
                <CloseIcon />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="field">
        <label className="field__label" htmlFor={inputId}>
          {t("vires.skills.inputLabel")}
        </label>
        <div className="skill-add">
          <input
            id={inputId}
            className="field__input"
            value={text}
            placeholder={t("vires.skills.inputPlaceholder")}
            maxLength={SKILL_MAX_CHARS * 2}
            aria-invalid={refusalText ? true : undefined}
            aria-describedby={refusalText ? `${inputId}-error` : undefined}
            onChange={(event) => {
              setText(event.target.value);
              setRefusal(null);
            }}
            onKeyDown={(event) => {
              if (event.key === "Enter") {
                event.preventDefault(); // Enter adds a skill here instead of submitting the form
                add();
              }
            }}
            data-testid="vire-skill-input"
          />
          <Button variant="secondary" onClick={add} disabled={!text.trim()} data-testid="vire-skill-add">
            {t("vires.skills.add")}
          </Button>
        </div>
        {refusalText && (
          <p id={`${inputId}-error`} className="field__error" role="alert">
            {refusalText}
          </p>
        )}
      </div>
      <div className="skill-recommend">
        <Button variant="secondary" busy={recommending} disabled={noBasics} onClick={() => void recommend()} data-testid="vire-skill-recommend">
          <SparkleIcon /> {recommending ? t("vires.skills.recommending") : t("vires.skills.recommend")}
        </Button>
        {noBasics && <span className="muted small">{t("vires.skills.recommendNeedsRole")}</span>}
      </div>
      <div aria-live="polite">
        {note && (
          <p className={`vire-message vire-message--${note.kind}`} data-testid="vire-skill-note">
            {note.text}
          </p>
        )}
        {fallback && (
          <p className="vire-message vire-message--warning" data-testid="vire-skill-fallback">
            {t("vires.skills.fallback")}
          </p>
        )}
      </div>
    </div>
  );
}
