import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import useSWR from "swr";
import type { KnowledgeBase, KnowledgeFile } from "../../../contract";
import { silentFetcher } from "../../app/api/swr";
import { VIRE_KEYS, vireApi } from "./vireApi";

const PROCESSING_POLL_MS = 3_000;

/**
 * The VIRE's knowledge base, created with a default name when it has none yet, so the first upload
 * has somewhere to go. Null id while the VIRE is unsaved.
 */
export function useKnowledgeBase(vireId: string | null, vireName: string) {
  const { t } = useTranslation();
  const { data, error, mutate } = useSWR<KnowledgeBase[]>(vireId ? VIRE_KEYS.knowledgeBases(vireId) : null, silentFetcher);
  const [createFailed, setCreateFailed] = useState(false);
  const creatingFor = useRef<string | null>(null);

  useEffect(() => {
    if (!vireId || !data || data.length > 0 || creatingFor.current === vireId) return;
    creatingFor.current = vireId;
    setCreateFailed(false);
    vireApi
      .createKnowledgeBase(vireId, t("vires.knowledge.defaultBaseName", { name: vireName.trim() || "VIRE" }))
      .then((base) => mutate([base], { revalidate: false }))
      .catch(() => setCreateFailed(true));
  }, [vireId, vireName, data, mutate, t]);

  const retry = () => {
    creatingFor.current = null;
    setCreateFailed(false);
    void mutate();
  };

  return { baseId: data?.[0]?.id ?? null, failed: createFailed || (Boolean(error) && !data), retry };
}

/** The files of a knowledge base; re-read every few seconds while any is still being indexed. */
export function useKnowledgeFiles(baseId: string | null) {
  const { data, error, isLoading, mutate } = useSWR<KnowledgeFile[]>(baseId ? VIRE_KEYS.knowledgeFiles(baseId) : null, silentFetcher, {
    refreshInterval: (latest) => (latest?.some((file) => file.status === "processing") ? PROCESSING_POLL_MS : 0),
  });
  return { files: data ?? [], loaded: Boolean(data), loading: isLoading, failed: Boolean(error) && !data, mutate };
}
