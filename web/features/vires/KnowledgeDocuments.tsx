import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../ui/toast";
import type { KnowledgeFile } from "../../../contract";
import { LoadState } from "../../ui/LoadState";
import { ConfirmDelete } from "./ConfirmDelete";
import { FilePreview } from "./FilePreview";
import { KnowledgeFileRow } from "./KnowledgeFileRow";
import { previewsInline } from "./knowledgeFiles";
import { KnowledgeUploadArea } from "./KnowledgeUploadArea";
import { UploadRow } from "./UploadRow";
import { useKnowledgeBase, useKnowledgeFiles } from "./useKnowledge";
import { useKnowledgeUploads } from "./useKnowledgeUploads";
import { vireApi } from "./vireApi";

/** The documents of a VIRE: upload area, uploads in flight, stored files with preview and delete. */
export function KnowledgeDocuments({ vireId, vireName }: { vireId: string | null; vireName: string }) {
  const { t } = useTranslation();
  const base = useKnowledgeBase(vireId, vireName);
  const { files, loaded, loading, failed, mutate } = useKnowledgeFiles(base.baseId);
  const [previewing, setPreviewing] = useState<KnowledgeFile | null>(null);
  const [deleting, setDeleting] = useState<KnowledgeFile | null>(null);
  const [busy, setBusy] = useState(false);

  const onRecorded = useCallback(
    (file: KnowledgeFile) => void mutate((current) => [file, ...(current ?? []).filter((f) => f.id !== file.id)], { revalidate: true }),
    [mutate],
  );
  const uploads = useKnowledgeUploads(base.baseId, onRecorded);
  const pending = uploads.items;

  const disabledReason = !vireId ? t("vires.knowledge.saveFirst") : !base.baseId ? t("vires.knowledge.preparing") : null;

  const preview = (file: KnowledgeFile) => {
    if (previewsInline(file.name)) setPreviewing(file);
    else window.open(file.url, "_blank", "noopener,noreferrer");
  };

  const confirmDelete = async () => {
    if (!deleting || !base.baseId) return;
    setBusy(true);
    try {
      await vireApi.deleteFile(base.baseId, deleting.id);
      const gone = deleting.id;
      await mutate((current) => (current ?? []).filter((file) => file.id !== gone), { revalidate: true });
      setDeleting(null);
    } catch {
      toast.error(t("vires.knowledge.deleteFailed"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="knowledge" aria-labelledby="knowledge-documents-title" data-testid="knowledge-documents">
      <h4 id="knowledge-documents-title" className="vire-section-title">
        {t("vires.knowledge.documents")}
      </h4>
      {vireId && base.failed && <LoadState loading={false} failed failedText={t("vires.knowledge.prepareFailed")} onRetry={base.retry} />}
      <KnowledgeUploadArea disabledReason={disabledReason} onFiles={uploads.add} />
      {base.baseId && <LoadState loading={loading && !loaded} failed={failed} failedText={t("vires.knowledge.loadFailed")} onRetry={() => void mutate()} />}
      {(pending.length > 0 || files.length > 0) && (
        <ul className="knowledge-files" aria-label={t("vires.knowledge.filesLabel")} data-testid="knowledge-files">
          {pending.map((item) => (
            <UploadRow key={item.id} item={item} onRetry={() => uploads.retry(item.id)} onCancel={() => uploads.cancel(item.id)} />
          ))}
          {files.map((file) => (
            <KnowledgeFileRow key={file.id} file={file} onPreview={() => preview(file)} onDelete={() => setDeleting(file)} />
          ))}
        </ul>
      )}
      {loaded && files.length === 0 && pending.length === 0 && <p className="muted small">{t("vires.knowledge.empty")}</p>}
      <FilePreview file={previewing} onClose={() => setPreviewing(null)} />
      <ConfirmDelete
        open={deleting !== null}
        title={t("vires.knowledge.deleteTitle")}
        body={t("vires.knowledge.deleteBody", { name: deleting?.name ?? "" })}
        busy={busy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
