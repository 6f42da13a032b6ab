import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../ui/toast";
import { mutate } from "swr";
import type { VirtualEmployee } from "../../../contract";
import { errorText, isPlanLimitError, isServerRefusal } from "./planLimit";
import { canSave, draftFromVire, draftToBody, emptyDraft, JSON_FIELDS, validateDraft, type DraftErrors, type VireDraft } from "./vireDraft";
import { VIRE_KEYS, vireApi } from "./vireApi";
import type { VireTab } from "./VireTabs";

interface UseVireFormOptions {
  initial: VirtualEmployee | null;
  onSaved: (vire: VirtualEmployee) => void;
  /** A 403 on create: the plan is full (spec 01 §8 "Limit or count check fails"). */
  onPlanLimit: (message: string) => void;
}

/** Which tab shows a field, so a failed save can take the user to the problem. */
const TAB_OF: Record<keyof DraftErrors, VireTab> = { name: "basic", role: "basic", workflow: "workflow", memory: "memory", knowledge: "knowledge" };

/** State and saving of the create/edit form (spec 01 §4 "VIRE dialog"). */
export function useVireForm({ initial, onSaved, onPlanLimit }: UseVireFormOptions) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<VireDraft>(() => (initial ? draftFromVire(initial) : emptyDraft()));
  const [saved, setSaved] = useState<VirtualEmployee | null>(initial);
  const [tab, setTab] = useState<VireTab>("basic");
  const [touched, setTouched] = useState({ name: false, role: false });
  const [saving, setSaving] = useState(false);

  const errors = validateDraft(draft);
  // Required-field errors wait until the field was left or a save was tried; JSON errors show at once.
  const shownErrors: DraftErrors = {
    ...errors,
    name: touched.name ? errors.name : undefined,
    role: touched.role ? errors.role : undefined,
  };
  const invalidTabs = new Set<VireTab>((Object.keys(shownErrors) as (keyof DraftErrors)[]).filter((key) => shownErrors[key]).map((key) => TAB_OF[key]));

  const update = (patch: Partial<VireDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const touch = (field: "name" | "role") => setTouched((current) => (current[field] ? current : { ...current, [field]: true }));

  const save = async () => {
    if (saving) return;
    if (!canSave(draft)) {
      setTouched({ name: true, role: true });
      setTab("basic");
      return;
    }
    const badJson = JSON_FIELDS.find((field) => errors[field]);
    if (badJson) {
      setTab(TAB_OF[badJson]);
      toast.error(t("vires.toasts.fixErrors"));
      return;
    }
    setSaving(true);
    const creating = saved === null;
    try {
      const body = draftToBody(draft);
      const result = creating ? await vireApi.create(body) : await vireApi.update(saved.id, body);
      setSaved(result);
      toast.success(t(creating ? "vires.toasts.created" : "vires.toasts.updated"));
      // After the first save the form edits the new VIRE and moves on to its role prompt.
      if (creating) setTab("rolePrompt");
      onSaved(result);
      void mutate(VIRE_KEYS.list);
    } catch (error) {
      const message = errorText(error);
      if (creating && isPlanLimitError(error)) onPlanLimit(message);
      else if (isServerRefusal(error)) toast.error(t("vires.toasts.error", { message }));
      else toast.error(t("vires.toasts.saveFailed", { message: message || t("errors.networkAnomaly") }));
    } finally {
      setSaving(false);
    }
  };

  return {
    draft,
    update,
    saved,
    tab,
    setTab,
    errors: shownErrors,
    invalidTabs,
    touch,
    saving,
    canSave: canSave(draft),
    save,
  };
}

export type VireFormState = ReturnType<typeof useVireForm>;
