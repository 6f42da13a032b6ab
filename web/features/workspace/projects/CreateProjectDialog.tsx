import { useEffect, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { PROJECT_NAME_MAX } from "../../../../contract";
import { Button } from "../../../ui/Button";
import { Field } from "../../../ui/Field";
import { TextAreaField } from "../../../ui/FormControls";
import { Modal } from "../../../ui/Modal";
import { Spinner } from "../../../ui/Spinner";
import { validateProjectName } from "./projectRules";
import { useOwnOrganization } from "./useOwnOrganization";

interface CreateProjectDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy: boolean;
  onCreate: (input: { name: string; description: string; organizationId: string }) => Promise<boolean>;
}

/** Create New Project (spec 03 §2.8, §5): name, description, and the user's own organization, locked. */
export function CreateProjectDialog({ open, onOpenChange, busy, onCreate }: CreateProjectDialogProps) {
  const { t } = useTranslation();
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [touched, setTouched] = useState(false);
  const orgs = useOwnOrganization(open);
  const { organization } = orgs;

  useEffect(() => {
    if (!open) return;
    setName("");
    setDescription("");
    setTouched(false);
  }, [open]);

  const nameError = validateProjectName(name);
  const shownError = touched && nameError ? t(`workspace.create.${nameError}`) : null;
  const canSubmit = name.trim() !== "" && !!organization && !busy;

  const submit = async () => {
    setTouched(true);
    if (nameError || !organization || busy) return;
    const created = await onCreate({ name: name.trim(), description: description.trim(), organizationId: organization.id });
    if (created) onOpenChange(false);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !busy && onOpenChange(next)}
      title={t("workspace.create.title")}
      size="sm"
      testId="create-project-dialog"
      footer={
        <>
          <Button variant="ghost" onClick={() => onOpenChange(false)} disabled={busy} data-testid="create-project-cancel">
            {t("common.cancel")}
          </Button>
          <Button
            type="submit"
            form="create-project-form"
            disabled={!canSubmit}
            busy={busy}
            title={t("workspace.create.shortcut")}
            data-testid="create-project-submit"
          >
            {t("workspace.create.submit")}
          </Button>
        </>
      }
    >
      <form
        id="create-project-form"
        className="ws-form"
        onKeyDown={onKeyDown}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Field
          label={t("workspace.create.name")}
          value={name}
          onChange={(event) => setName(event.target.value)}
          onBlur={() => name && setTouched(true)}
          placeholder={t("workspace.create.namePlaceholder")}
          maxLength={PROJECT_NAME_MAX + 10}
          error={shownError}
          autoFocus
          required
          data-testid="create-project-name"
        />
        <TextAreaField
          label={t("workspace.create.description")}
          textareaClassName="ws-form__textarea"
          rows={3}
          value={description}
          maxLength={1000}
          placeholder={t("workspace.create.descriptionPlaceholder")}
          onChange={(event) => setDescription(event.target.value)}
          data-testid="create-project-description"
        />
        <OrganizationField loading={orgs.loading} failed={orgs.failed} missing={orgs.missing} name={organization?.displayName ?? ""} onRetry={orgs.retry} />
      </form>
    </Modal>
  );
}

function OrganizationField({
  loading,
  failed,
  missing,
  name,
  onRetry,
}: {
  loading: boolean;
  failed: boolean;
  missing: boolean;
  name: string;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  if (loading) {
    return (
      <p className="muted" role="status">
        <Spinner size={14} /> {t("workspace.create.loadingOrgs")}
      </p>
    );
  }
  if (failed) {
    return (
      <div className="inline-error" role="alert" data-testid="create-project-org-error">
        {t("workspace.create.orgsFailed")}
        <Button size="sm" variant="secondary" onClick={onRetry}>
          {t("common.retry")}
        </Button>
      </div>
    );
  }
  if (missing) {
    return (
      <p className="form-error" role="alert" data-testid="create-project-org-error">
        {t("workspace.create.noOrganization")}
      </p>
    );
  }
  return (
    <Field
      label={t("workspace.create.organization")}
      value={name}
      readOnly
      aria-readonly
      hint={t("workspace.create.organizationLocked")}
      data-testid="create-project-organization"
    />
  );
}
