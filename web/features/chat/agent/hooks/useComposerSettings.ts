import { useCallback, useMemo, useState } from "react";
import useSWR from "swr";
import { DEFAULT_MODEL, type ExecutionMode, type ModelOption } from "../../../../../contract";
import { silentFetcher } from "../../../../app/api/swr";
import type { StreamKey } from "../../model/types";
import { agentConfig, DEFAULT_MODELS, defaultSettings, forcedMode, type TabSettings } from "../model/composerSettings";

/** `GET /api/llm/router/models` answers the list in the envelope's data. No toast: the defaults stay. */
const MODELS_KEY = ["/api/llm/router/models", { default_model: DEFAULT_MODEL }] as const;

/** Mode and model per composer tab (spec 02 §4 "Composer tabs"), and the model options. */
export function useComposerSettings() {
  const [byTab, setByTab] = useState<Partial<Record<StreamKey, TabSettings>>>({});
  const { data } = useSWR<ModelOption[]>(MODELS_KEY, silentFetcher, { revalidateOnFocus: false, shouldRetryOnError: false, dedupingInterval: 10 * 60_000 });
  const models = data?.length ? data : DEFAULT_MODELS;

  const settingsOf = useCallback(
    (stream: StreamKey): TabSettings => {
      const current = byTab[stream] ?? defaultSettings(stream);
      return { ...current, mode: forcedMode(stream, current.mode) };
    },
    [byTab],
  );

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
