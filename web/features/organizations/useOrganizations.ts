import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { toast } from "../../ui/toast";
import useSWR, { mutate } from "swr";
import type { AllOrganizationsData, JoinOrganizationData, Organization } from "../../../contract";
import { api } from "../../app/api/client";
import { API_KEYS, silentFetcher } from "../../app/api/swr";
import { clearSelection } from "../../app/session/selection";
import { pathLanguage } from "../../i18n/language";

/** The organizations of the signed-in user; the switcher shows its own error state, so no toast. */
export function useOrganizations(enabled = true) {
  const { data, error, isLoading, mutate: reload } = useSWR<AllOrganizationsData>(enabled ? API_KEYS.organizations : null, silentFetcher);
  // `success: false` with an error text is a failure too, even when the envelope said 200.
  const failed = !!error || (data !== undefined && !data.success);
  return {
    organizations: data?.organizations ?? [],
    loading: isLoading,
    failed,
    retry: () => reload(),
  };
}

/** For the realtime 'refresh_organizations' message (spec 01 §7): reload the list wherever it is shown. */
export function refreshOrganizations(): Promise<unknown> {
  return mutate(API_KEYS.organizations);
}

/** Everything cached may depend on the current organization (session, lists, usage), so all of it reloads. */
async function refreshAfterOrganizationChange(): Promise<void> {
  await mutate(() => true);
}

/**
 * Switching organization (spec 01 §4): clear the open chat and project, go to the (language)
 * root, save the choice on the server, then reload the session and the organization list.
 */
export function useSwitchOrganization() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [switchingTo, setSwitchingTo] = useState<string | null>(null);

  const switchOrganization = async (organization: Pick<Organization, "id" | "displayName">) => {
    setSwitchingTo(organization.id);
    clearSelection();
    const lang = pathLanguage(pathname);
    navigate(lang ? `/${lang}` : "/");
    try {
      await api.post<{ organizationId: string }>("/api/user/update-organization", { organizationId: organization.id });
      await refreshAfterOrganizationChange();
      toast.success(t("orgs.switched", { name: organization.displayName }));
      return true;
    } catch {
      return false; // the client already showed the server's message
    } finally {
      setSwitchingTo(null);
    }
  };
  return { switchOrganization, switchingTo };
}

/** Joins by invite code; errors stay inline (the dialog or the invite page shows them). */
export async function joinOrganization(inviteCode: string): Promise<JoinOrganizationData> {
  const joined = await api.post<JoinOrganizationData>("/api/organizations/join", { inviteCode }, { silent: true });
  await mutate(API_KEYS.organizations);
  return joined;
}
