import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { VireTemplateGroup } from "../../../contract";
import { Avatar } from "../../ui/Avatar";
import { truncateSkill } from "./skills";
import { CheckIcon, ChevronDownIcon, ChevronRightIcon } from "../../ui/icons";

interface TemplateGroupProps {
  group: VireTemplateGroup;
  selected: ReadonlySet<string>;
  onToggle: (templateId: string) => void;
}

const SKILLS_ON_CARD = 3;

/** A collapsible group of template cards; each card is a toggle button (aria-pressed). */
export function TemplateGroup({ group, selected, onToggle }: TemplateGroupProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  const listId = useId();
  const chosen = group.templates.filter((template) => selected.has(template.id)).length;
  return (
    <section className="template-group" data-testid={`template-group-${group.id}`}>
      <button type="button" className="contact-section__toggle" aria-expanded={open} aria-controls={listId} onClick={() => setOpen((value) => !value)}>
        {open ? <ChevronDownIcon className="contact-section__chevron" size={12} /> : <ChevronRightIcon className="contact-section__chevron" size={12} />}
        <span className="contact-section__title">
          {group.name} ({group.templates.length})
        </span>
        {chosen > 0 && <span className="contact-section__hint">{t("vires.templates.selected", { count: chosen })}</span>}
      </button>
      <ul id={listId} className="template-grid" hidden={!open}>
        {group.templates.map((template) => {
          const pressed = selected.has(template.id);
          return (
            <li key={template.id}>
              <button
                type="button"
                className={`template-card${pressed ? " template-card--selected" : ""}`}
                aria-pressed={pressed}
                onClick={() => onToggle(template.id)}
                data-testid={`template-card-${template.id}`}
              >
                <span className="template-card__head">
                  <Avatar name={template.name} image={template.avatar_url} size={32} />
                  <span className="template-card__names">
                    <span className="template-card__name">{template.name}</span>
                    <span className="template-card__role">{template.role}</span>
                  </span>
                  <span className="template-card__check">{pressed && <CheckIcon size={18} />}</span>
                </span>
                {template.description && <span className="template-card__description">{template.description}</span>}
                {template.skills.length > 0 && (
                  <span className="template-card__skills">
                    {template.skills.slice(0, SKILLS_ON_CARD).map((skill) => (
                      <span key={skill} className="skill-chip skill-chip--small" title={skill}>
                        {truncateSkill(skill)}
                      </span>
                    ))}
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
