import { useTranslation } from "react-i18next";
import { Button } from "../../ui/Button";
import { TextAreaField } from "../../ui/FormControls";
import { formatJsonText, isValidJsonText, type JsonField } from "./vireDraft";

interface JsonTabProps {
  field: JsonField;
  value: string;
  invalid: boolean;
  onChange: (value: string) => void;
}

/** Workflow, memory or knowledge as JSON text, checked as the user types ('Invalid JSON format'). */
export function JsonTab({ field, value, invalid, onChange }: JsonTabProps) {
  const { t } = useTranslation();
  return (
    <TextAreaField
      textareaClassName="vire-textarea"
      label={t(`vires.json.${field}`)}
      hint={t(`vires.json.${field}Hint`)}
      error={invalid ? t("vires.form.invalidJson") : null}
      value={value}
      rows={10}
      spellCheck={false}
      className="vire-json"
      maxLength={100_000}
      onChange={(event) => onChange(event.target.value)}
      data-testid={`vire-${field}-input`}
      aside={
        <Button
          size="sm"
          variant="ghost"
          disabled={!isValidJsonText(value)}
          onClick={() => onChange(formatJsonText(value))}
          data-testid={`vire-${field}-format`}
        >
          {t("vires.json.format")}
        </Button>
      }
    />
  );
}
