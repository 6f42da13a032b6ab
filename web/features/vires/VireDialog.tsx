import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { SessionUser, VirtualEmployee } from "../../../contract";
import { Modal } from "../../ui/Modal";
import { TemplateChooser } from "./TemplateChooser";
import { UpgradeRequiredDialog } from "./UpgradeRequiredDialog";
import { useCreateGate } from "./useCreateGate";
import { VireForm } from "./VireForm";
import { VireListView } from "./VireListView";
import "./vires.css";

interface VireDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Null for a visitor without a session: the dialog asks them to sign in. */
  user: SessionUser | null;
}

type View = { kind: "list" } | { kind: "form"; vire: VirtualEmployee | null; key: number } | { kind: "templates" };

let formKey = 0;

/** The virtual employee editor (spec 01 §2, §4): list, create/edit form, template chooser. */
export function VireDialog({ open, onOpenChange, user }: VireDialogProps) {
  const { t } = useTranslation();
  const [view, setView] = useState<View>({ kind: "list" });
  const gate = useCreateGate(open && user !== null);

  const close = (next: boolean) => {
    if (!next) setView({ kind: "list" });
    onOpenChange(next);
  };
  const openForm = (vire: VirtualEmployee | null) => setView({ kind: "form", vire, key: ++formKey });
  const create = async () => {
    if (await gate.check()) openForm(null);
  };
  const templates = async () => {
    if (await gate.check()) setView({ kind: "templates" });
  };
  const planLimit = (message: string) => gate.setPrompt({ countFailed: false, serverMessage: message || undefined });

  const title =
    view.kind === "form"
      ? view.vire
        ? t("vires.form.editTitle", { name: view.vire.name })
        : t("vires.form.createTitle")
      : view.kind === "templates"
        ? t("vires.templates.title")
        : t("vires.title");

  return (
    <>
      <Modal open={open} onOpenChange={close} size="xl" title={title} testId="vire-dialog">
        {!user ? (
          <p className="inline-error" role="alert" data-testid="vire-auth-required">
            {t("vires.authRequired")}
          </p>
        ) : view.kind === "list" ? (
          <VireListView userId={user.id} checking={gate.checking} onCreate={() => void create()} onTemplates={() => void templates()} onEdit={openForm} />
        ) : view.kind === "form" ? (
          <VireForm
            key={view.key}
            initial={view.vire}
            onBack={() => setView({ kind: "list" })}
            onSaved={(vire) => setView((current) => (current.kind === "form" ? { ...current, vire } : current))}
            onPlanLimit={planLimit}
          />
        ) : (
          <TemplateChooser user={user} onDone={() => setView({ kind: "list" })} onPlanLimit={planLimit} />
        )}
      </Modal>
      <UpgradeRequiredDialog prompt={gate.prompt} onClose={() => gate.setPrompt(null)} onNavigate={() => close(false)} />
    </>
  );
}
