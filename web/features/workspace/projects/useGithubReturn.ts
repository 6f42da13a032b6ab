import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { GITHUB_RETURN_PARAM, type GithubReturn } from "../../../../contract";
import { toast } from "../../../ui/toast";

const RESULTS: readonly GithubReturn[] = ["connected", "denied", "failed"];

/**
 * Coming back from "Authorize GitHub" (`?github=connected|denied|failed`): the result is told,
 * the parameter leaves the address bar, and the import dialog opens again with the list.
 */
export function useGithubReturn(openImport: () => void): void {
  const { t } = useTranslation();
  useEffect(() => {
    const url = new URL(window.location.href);
    const result = url.searchParams.get(GITHUB_RETURN_PARAM) as GithubReturn | null;
    if (!result || !RESULTS.includes(result)) return;
    url.searchParams.delete(GITHUB_RETURN_PARAM);
    window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
    if (result === "connected") toast.success(t("workspace.github.connectedToast"));
    else toast.error(t(result === "denied" ? "workspace.github.denied" : "workspace.github.authorizeFailed"));
    openImport();
    // Once per page load: the parameter is gone afterwards.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
