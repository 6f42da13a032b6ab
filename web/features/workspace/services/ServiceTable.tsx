import { useTranslation } from "react-i18next";
import type { ServiceDomain } from "../../../../contract";
import { Button } from "../../../ui/Button";
import { displayStatus, formatMemory, formatUptime, serviceUrl, type UnitLabels } from "./serviceModel";

interface ServiceTableProps {
  domains: ServiceDomain[];
  canKill: boolean;
  killingPort: number | null;
  onKill: (domain: ServiceDomain) => void;
}

/** Domain, Port, Status, Uptime, Memory, Action (spec 03 §2.5). */
export function ServiceTable({ domains, canKill, killingPort, onKill }: ServiceTableProps) {
  const { t } = useTranslation();
  const units = t("workspace.services.units", { returnObjects: true }) as UnitLabels;
  return (
    <table className="ws-table" data-testid="service-table">
      <thead>
        <tr>
          <th scope="col">{t("workspace.services.domain")}</th>
          <th scope="col">{t("workspace.services.port")}</th>
          <th scope="col">{t("workspace.services.status")}</th>
          <th scope="col">{t("workspace.services.uptime")}</th>
          <th scope="col">{t("workspace.services.memory")}</th>
          <th scope="col">{t("workspace.services.action")}</th>
        </tr>
      </thead>
      <tbody>
        {domains.map((domain) => {
          const status = displayStatus(domain.status);
          const url = serviceUrl(domain);
          return (
            <tr key={domain.port} data-testid={`service-row-${domain.port}`}>
              <td className="ws-table__domain">
                {status === "available" ? (
                  <a href={url} target="_blank" rel="noreferrer noopener" title={url}>
                    {domain.subdomain ?? domain.name}
                  </a>
                ) : (
                  <span title={domain.error ?? undefined}>{domain.subdomain ?? domain.name}</span>
                )}
              </td>
              <td>{domain.port}</td>
              <td>
                <span className={`ws-status ws-status--${status}`} data-testid={`service-status-${domain.port}`}>
                  {t(`workspace.services.${status}`)}
                </span>
              </td>
              <td>{formatUptime(domain.process_info?.uptime_seconds, units)}</td>
              <td>{formatMemory(domain.process_info?.memory_rss_kb)}</td>
              <td>
                {canKill && (
                  <Button
                    size="sm"
                    variant="danger"
                    busy={killingPort === domain.port}
                    disabled={killingPort !== null}
                    onClick={() => onKill(domain)}
                    data-testid={`service-kill-${domain.port}`}
                  >
                    {killingPort === domain.port ? t("workspace.services.killing") : t("workspace.services.kill")}
                  </Button>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
