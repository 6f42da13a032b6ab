import { useTranslation } from "react-i18next";
import { AGENT_TYPES, VIRE_NAME_MAX, VIRE_ROLE_MAX } from "../../../contract";
import { Avatar } from "../../ui/Avatar";
import { Field } from "../../ui/Field";
import { SelectField, TextAreaField } from "../../ui/FormControls";
import type { DraftErrors, VireDraft } from "./vireDraft";

interface BasicInfoTabProps {
  draft: VireDraft;
  errors: DraftErrors;
  onChange: (patch: Partial<VireDraft>) => void;
  onBlur: (field: "name" | "role") => void;
}

/** Name, role, description, avatar and agent type. */
export function BasicInfoTab({ draft, errors, onChange, onBlur }: BasicInfoTabProps) {
  const { t } = useTranslation();
  const errorOf = (key: "name" | "role") => (errors[key] ? t(`vires.form.${errors[key]}`) : null);
  return (
    <div className="vire-panel-grid">
      <div className="vire-basic__identity">
        <Avatar name={draft.name || "?"} image={draft.avatarUrl.trim() || null} size={56} />
        <div className="vire-basic__names">
          <Field
            label={t("vires.basic.name")}
            placeholder={t("vires.basic.namePlaceholder")}
            value={draft.name}
            maxLength={VIRE_NAME_MAX}
            required
            onChange={(event) => onChange({ name: event.target.value })}
            onBlur={() => onBlur("name")}
            error={errorOf("name")}
            data-testid="vire-name-input"
          />
          <Field
            label={t("vires.basic.role")}
            placeholder={t("vires.basic.rolePlaceholder")}
            value={draft.role}
            maxLength={VIRE_ROLE_MAX}
            required
            onChange={(event) => onChange({ role: event.target.value })}
            onBlur={() => onBlur("role")}
            error={errorOf("role")}
            data-testid="vire-role-input"
          />
        </div>
      </div>
      <TextAreaField
        textareaClassName="vire-textarea"
        label={t("vires.basic.description")}
        placeholder={t("vires.basic.descriptionPlaceholder")}
        value={draft.description}
        maxLength={2000}
        rows={3}
        onChange={(event) => onChange({ description: event.target.value })}
        data-testid="vire-description-input"
      />
      <Field
        label={t("vires.basic.avatarUrl")}
        placeholder={t("vires.basic.avatarUrlPlaceholder")}
        type="url"
        value={draft.avatarUrl}
        maxLength={2048}
        onChange={(event) => onChange({ avatarUrl: event.target.value })}
        data-testid="vire-avatar-input"
      />
      <SelectField
        label={t("vires.basic.agentType")}
        value={draft.agentType}
        onChange={(event) => onChange({ agentType: event.target.value as VireDraft["agentType"] })}
        data-testid="vire-agent-type"
      >
        {AGENT_TYPES.map((type) => (
          <option key={type} value={type}>
            {t(`vires.agentTypes.${type}`)}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
