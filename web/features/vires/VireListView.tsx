import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../ui/toast";
import type { VirtualEmployee } from "../../../contract";
import { Button } from "../../ui/Button";
import { LoadState } from "../../ui/LoadState";
import { ConfirmDelete } from "./ConfirmDelete";
import { errorText } from "./planLimit";
import { useVireList } from "./useVireList";
import { vireApi } from "./vireApi";
import { VireList } from "./VireList";

interface VireListViewProps {
  userId: string;
  checking: boolean;
  onCreate: () => void;
  onTemplates: () => void;
  onEdit: (vire: VirtualEmployee) => void;
}

/** The list view of the VIRE dialog: toolbar, my VIREs (seeded when empty), delete with confirmation. */
export function VireListView({ userId, checking, onCreate, onTemplates, onEdit }: VireListViewProps) {
  const { t } = useTranslation();
  const { vires, loaded, loading, seeding, failed, retry, mutate } = useVireList(userId);
  const [deleting, setDeleting] = useState<VirtualEmployee | null>(null);
  const [busy, setBusy] = useState(false);
  const [openingId, setOpeningId] = useState<string | null>(null);

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await vireApi.remove(deleting.id);
      const gone = deleting.id;
      await mutate((current) => current && { virtualEmployees: current.virtualEmployees.filter((vire) => vire.id !== gone) }, { revalidate: true });
      toast.success(t("vires.toasts.deleted"));
      setDeleting(null);
    } catch (error) {
      toast.error(t("vires.toasts.deleteFailed", { message: errorText(error) || t("errors.networkAnomaly") }));
    } finally {
      setBusy(false);
    }
  };

  /** The list may carry only summary fields; the form wants the whole record. */
  const edit = async (vire: VirtualEmployee) => {
    setOpeningId(vire.id);
    const full = await vireApi.get(vire.id).catch(() => vire);
    setOpeningId(null);
    onEdit(full);
  };

  return (
    <div className="vire-view" data-testid="vire-list-view">
      <div className="vire-toolbar">
        <Button onClick={onCreate} busy={checking} data-testid="vire-create">
          {checking ? t("vires.list.checking") : t("vires.list.create")}
        </Button>
        <Button variant="secondary" onClick={onTemplates} disabled={checking} data-testid="vire-from-templates">
          {t("vires.list.fromTemplates")}
        </Button>
      </div>
      {seeding ? (
        <p role="status" className="muted">
          {t("vires.list.seeding")}
        </p>
      ) : (
        <LoadState loading={loading && !loaded} failed={failed} failedText={t("vires.list.loadFailed")} onRetry={() => void retry()} />
      )}
      {loaded && !seeding && vires.length === 0 && (
        <div className="empty-state" data-testid="vire-list-empty">
          <p className="empty-state__title">{t("vires.list.empty")}</p>
          <p>{t("vires.list.emptyBody")}</p>
        </div>
      )}
      {vires.length > 0 && <VireList vires={vires} openingId={openingId} onEdit={(vire) => void edit(vire)} onDelete={setDeleting} />}
      <ConfirmDelete
        open={deleting !== null}
        title={t("vires.deleteConfirm.title")}
        body={t("vires.deleteConfirm.body", { name: deleting?.name ?? "" })}
        busy={busy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
