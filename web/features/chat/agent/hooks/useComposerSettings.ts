import { useCallback, useMemo, useState } from "react";
import useSWR from "swr";
import { DEFAULT_MODEL, type ExecutionMode, type ModelOption } from "../../../../../contract";
import { apiHeaders, readJson } from "../../../../app/api/headers";
import type { StreamKey } from "../../model/types";
import { agentConfig, DEFAULT_MODELS, defaultSettings, forcedMode, parseModelList, type TabSettings } from "../model/composerSettings";

const MODELS_URL = `/api/llm/router/models?default_model=${encodeURIComponent(DEFAULT_MODEL)}`;

/**
 * The spec's model router may answer a bare list, a wrapped one or our envelope, so this call reads
 * the body itself instead of going through the envelope client. No toast: the defaults stay.
 */
async function fetchModels(url: string): Promise<ModelOption[]> {
  const response = await fetch(url, { headers: apiHeaders(false), credentials: "include" });
  if (!response.ok) throw new Error(`models: HTTP ${response.status}`);
  const list = parseModelList(await readJson(response));
  if (!list) throw new Error("models: no list in the answer");
  return list;
}

/** Mode and model per composer tab (spec 02 §4 "Composer tabs"), and the model options. */
export function useComposerSettings() {
  const [byTab, setByTab] = useState<Partial<Record<StreamKey, TabSettings>>>({});
  const { data } = useSWR(MODELS_URL, fetchModels, { revalidateOnFocus: false, shouldRetryOnError: false, dedupingInterval: 10 * 60_000 });
  const models = data ?? DEFAULT_MODELS;

  const settingsOf = useCallback((stream: StreamKey): TabSettings => {
    const current = byTab[stream] ?? defaultSettings(stream);
    return { ...current, mode: forcedMode(stream, current.mode) };
  }, [byTab]);

  const setMode = useCallback((stream: StreamKey, mode: ExecutionMode) => {
    setByTab((all) => ({ ...all, [stream]: { ...(all[stream] ?? defaultSettings(stream)), mode: forcedMode(stream, mode) } }));
  }, []);

  const setModel = useCallback((stream: StreamKey, model: string) => {
    setByTab((all) => ({ ...all, [stream]: { ...(all[stream] ?? defaultSettings(stream)), model } }));
  }, []);

  const configFor = useCallback((stream: StreamKey) => agentConfig(stream, settingsOf(stream)), [settingsOf]);

  return useMemo(() => ({ models, settingsOf, setMode, setModel, configFor }), [models, settingsOf, setMode, setModel, configFor]);
}

export type ComposerSettings = ReturnType<typeof useComposerSettings>;
