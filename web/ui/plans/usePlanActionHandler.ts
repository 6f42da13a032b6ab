import { useTranslation } from "react-i18next";
import { toast } from "../toast";
import { PLAN_CATALOGUE, type Tier } from "../../../contract";
import { useLang } from "../../i18n/useLang";
import type { PlanAction } from "./planActions";

/**
 * What pressing a plan button does. Payment is out of scope for now: plan changes are made by an
 * administrator in the developer settings, so the buttons explain that instead of charging.
 */
export function usePlanActionHandler(): (tier: Tier, action: PlanAction) => void {
  const { t } = useTranslation();
  const lang = useLang();
  return (tier, action) => {
    if (action === "current") return;
    if (action === "contactSales") {
      window.alert(t("plans.contactSalesAlert"));
      return;
    }
    toast.info(t("plans.changeNotice", { plan: PLAN_CATALOGUE[tier].displayName[lang] }));
  };
}
