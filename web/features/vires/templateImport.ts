import type { VireTemplate, VireTemplateGroup } from "../../../contract";

export interface ImportOutcome {
  template: VireTemplate;
  error: string | null;
}

/** Counts and failure reasons for the two toasts (spec 01 §8 "Template import"). */
export function summarizeImport(outcomes: ImportOutcome[]): { imported: number; failed: number; reasons: string[] } {
  const failures = outcomes.filter((outcome) => outcome.error !== null);
  return {
    imported: outcomes.length - failures.length,
    failed: failures.length,
    reasons: failures.map((outcome) => (outcome.error ? `${outcome.template.name}: ${outcome.error}` : outcome.template.name)),
  };
}

/** The selected templates in the order the groups show them. */
export function selectedTemplates(groups: VireTemplateGroup[], selected: ReadonlySet<string>): VireTemplate[] {
  return groups
    .flatMap((group) => group.templates)
    .filter((template, index, all) => selected.has(template.id) && all.findIndex((t) => t.id === template.id) === index);
}

export function toggleSelection(selected: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}
