import { useTranslation } from "react-i18next";
import type { Organization } from "../../../contract";

/** 'Owner' or 'Work' next to an organization's name. */
export function OrgTag({ organization }: { organization: Organization }) {
  const { t } = useTranslation();
  const own = (organization.organizationType ?? organization.orgType) === "own";
  return <span className={`tag tag--${own ? "owner" : "work"}`}>{own ? t("orgs.owner") : t("orgs.work")}</span>;
}
