import { useTranslation } from "react-i18next";
import type { KnowledgeFile } from "../../../contract";
import { formatBytes } from "./knowledgeFiles";
import { EyeIcon, FileTextIcon, TrashIcon } from "../../ui/icons";

interface KnowledgeFileRowProps {
  file: KnowledgeFile;
  onPreview: () => void;
  onDelete: () => void;
}

/** A stored document with the server's indexing status (indexed, processing, or failed with its error). */
export function KnowledgeFileRow({ file, onPreview, onDelete }: KnowledgeFileRowProps) {
  const { t } = useTranslation();
  return (
    <li className="knowledge-file" data-testid={`knowledge-file-${file.id}`} data-file-name={file.name} data-status={file.status}>
      <span className="knowledge-file__icon">
        <FileTextIcon size={18} />
      </span>
      <div className="knowledge-file__text">
        <span className="knowledge-file__name">{file.name}</span>
        <span className="knowledge-file__meta">
          {formatBytes(file.size)}
          {file.status === "indexed" && ` · ${t("vires.knowledge.chunks", { count: file.chunkCount })}`}
        </span>
        {file.status === "failed" && file.error && <span className="field__error">{file.error}</span>}
      </div>
      <span className={`badge knowledge-status knowledge-status--${file.status}`} data-testid="knowledge-file-status">
        {t(`vires.knowledge.status.${file.status}`, { defaultValue: file.status })}
      </span>
      <button
        type="button"
        className="icon-btn"
        onClick={onPreview}
        aria-label={t("vires.knowledge.preview", { name: file.name })}
        title={t("vires.knowledge.preview", { name: file.name })}
        data-testid="knowledge-file-preview"
      >
        <EyeIcon />
      </button>
      <button
        type="button"
        className="icon-btn"
        onClick={onDelete}
        aria-label={t("vires.knowledge.delete", { name: file.name })}
        title={t("vires.knowledge.delete", { name: file.name })}
        data-testid="knowledge-file-delete"
      >
        <TrashIcon />
      </button>
    </li>
  );
}
