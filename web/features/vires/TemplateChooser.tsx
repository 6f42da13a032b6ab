import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../ui/toast";
import useSWR, { mutate } from "swr";
import type { SessionUser, VireTemplateGroup } from "../../../contract";
import { silentFetcher } from "../../app/api/swr";
import { Button } from "../../ui/Button";
import { LoadState } from "../../ui/LoadState";
import { errorText, isPlanLimitError } from "./planLimit";
import { selectedTemplates, summarizeImport, toggleSelection, type ImportOutcome } from "./templateImport";
import { TemplateGroup } from "./TemplateGroup";
import { VIRE_KEYS, vireApi } from "./vireApi";
import { BackIcon } from "../../ui/icons";

interface TemplateChooserProps {
  user: SessionUser;
  onDone: () => void;
  onPlanLimit: (message: string) => void;
}

/** 'Choose VIRE From Templates' (spec 01 §2): pick cards, then 'Add To Chat' imports them one by one. */
export function TemplateChooser({ user, onDone, onPlanLimit }: TemplateChooserProps) {
  const { t } = useTranslation();
  const { data, error, isLoading, mutate: reload } = useSWR<VireTemplateGroup[]>(VIRE_KEYS.templates, silentFetcher);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [importing, setImporting] = useState(false);
  const groups = data ?? [];

  const importSelected = async () => {
    const templates = selectedTemplates(groups, selected);
    if (templates.length === 0) return;
    setImporting(true);
    const outcomes: ImportOutcome[] = [];
    let limitMessage: string | null = null;
    // One call per template, in order, so the server's plan count stays exact between them.
    for (const template of templates) {
      try {
        await vireApi.importTemplate(template.id, user.id, user.organizationId);
        outcomes.push({ template, error: null });
      } catch (err) {
        if (isPlanLimitError(err)) limitMessage ??= errorText(err);
        outcomes.push({ template, error: errorText(err) || t("errors.networkAnomaly") });
      }
    }
    setImporting(false);
    const summary = summarizeImport(outcomes);
    if (summary.imported > 0) toast.success(t("vires.templates.imported", { count: summary.imported }));
    if (summary.failed > 0) toast.error(t("vires.templates.failed", { count: summary.failed }), { description: summary.reasons.join("\n") });
    void mutate(VIRE_KEYS.list);
    if (limitMessage !== null) onPlanLimit(limitMessage);
    else if (summary.failed === 0) onDone();
    else setSelected(new Set(outcomes.filter((o) => o.error !== null).map((o) => o.template.id)));
  };

  return (
    <div className="vire-view" data-testid="template-chooser">
      <LoadState loading={isLoading} failed={Boolean(error) && !data} failedText={t("vires.templates.loadFailed")} onRetry={() => void reload()} />
      {data && groups.length === 0 && <p className="empty-state">{t("vires.templates.empty")}</p>}
      <div className="template-groups">
        {groups.map((group) => (
          <TemplateGroup key={group.id} group={group} selected={selected} onToggle={(id) => setSelected((current) => toggleSelection(current, id))} />
        ))}
      </div>
      <footer className="vire-form__footer">
        <Button variant="ghost" onClick={onDone} disabled={importing} data-testid="template-back">
          <BackIcon /> {t("vires.templates.back")}
        </Button>
        <span className="vire-form__missing" aria-live="polite">
          {t("vires.templates.selected", { count: selected.size })}
        </span>
        <Button onClick={() => void importSelected()} busy={importing} disabled={selected.size === 0} data-testid="template-add-to-chat">
          {importing ? t("vires.templates.importing") : t("vires.templates.addToChat")}
        </Button>
      </footer>
    </div>
  );
}
