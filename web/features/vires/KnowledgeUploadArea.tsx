import { useId, useRef, useState, type DragEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../ui/Button";
import { KNOWLEDGE_ACCEPT } from "./knowledgeFiles";
import { FileTextIcon } from "../../ui/icons";

interface KnowledgeUploadAreaProps {
  /** Null while uploads are possible; otherwise the reason they are not. */
  disabledReason: string | null;
  onFiles: (files: File[]) => void;
}

/** The drop zone with a file button; both feed the same checks. */
export function KnowledgeUploadArea({ disabledReason, onFiles }: KnowledgeUploadAreaProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [over, setOver] = useState(false);
  const disabled = disabledReason !== null;

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!disabled && event.dataTransfer.files.length > 0) onFiles(Array.from(event.dataTransfer.files));
  };

  return (
    <div
      className={`knowledge-drop${over ? " knowledge-drop--over" : ""}${disabled ? " knowledge-drop--disabled" : ""}`}
      onDragOver={(event) => {
        event.preventDefault();
        event.dataTransfer.dropEffect = disabled ? "none" : "copy";
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      aria-disabled={disabled || undefined}
      data-testid="knowledge-drop"
    >
      {disabled ? (
        <p className="knowledge-drop__reason" role="status" data-testid="knowledge-disabled">
          {disabledReason}
        </p>
      ) : (
        <p className="knowledge-drop__prompt">
          <FileTextIcon size={18} />
          {t("vires.knowledge.dropHere")}{" "}
          <Button size="sm" variant="secondary" onClick={() => input.current?.click()} aria-describedby={hintId} data-testid="knowledge-choose">
            {t("vires.knowledge.choose")}
          </Button>
        </p>
      )}
      <p id={hintId} className="muted small">
        {t("vires.knowledge.accepted")}
      </p>
      <input
        ref={input}
        type="file"
        multiple
        accept={KNOWLEDGE_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        disabled={disabled}
        aria-label={t("vires.knowledge.inputLabel")}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = ""; // picking the same file again after a failure must fire again
          if (files.length > 0) onFiles(files);
        }}
        data-testid="knowledge-file-input"
      />
    </div>
  );
}
