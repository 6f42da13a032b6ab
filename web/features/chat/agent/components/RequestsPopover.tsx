import { useTranslation } from "react-i18next";
import type { PresenterRequest } from "../../../../../contract";
import { formatMessageTime } from "../../../../ui/format";
import { bellBadge } from "../model/control";
import { Popover } from "./Popover";
import { BellIcon } from "../../../../ui/icons";

interface RequestsPopoverProps {
  requests: readonly PresenterRequest[];
  onDecide: (requestId: string, decision: "approve" | "reject") => void;
}

/** The owner's bell (spec 02 §2.6): count badge ('9+' above 9) and 'Permission Requests (N)'. */
export function RequestsPopover({ requests, onDecide }: RequestsPopoverProps) {
  const { t, i18n } = useTranslation();
  const badge = bellBadge(requests.length);
  return (
    <Popover
      label={t("agent.control.requestsTitle", { count: requests.length })}
      triggerLabel={requests.length ? t("agent.control.bellCount", { count: requests.length }) : t("agent.control.bell")}
      triggerClassName="control-bar__btn control-bar__bell"
      testId="control-bell"
      trigger={
        <>
          <BellIcon />
          {badge && (
            <span className="control-bar__badge" data-testid="control-bell-badge">
              {badge}
            </span>
          )}
        </>
      }
    >
      {() => (
        <>
          <p className="popover__title">{t("agent.control.requestsTitle", { count: requests.length })}</p>
          {requests.length === 0 ? (
            <p className="popover__empty">{t("agent.control.noRequests")}</p>
          ) : (
            <ul className="control-requests" data-testid="control-requests">
              {requests.map((request) => (
                <li key={request.requestId} className="control-requests__item" data-testid={`control-request-${request.requestId}`}>
                  <p className="control-requests__who">
                    {request.action === "transfer_presenter"
                      ? t("agent.control.asksTransfer", { name: request.requesterName, target: request.targetPresenterName ?? "" })
                      : t("agent.control.asksControl", { name: request.requesterName })}
                  </p>
                  {request.message && <p className="control-requests__message">{request.message}</p>}
                  <div className="control-requests__row">
                    <time className="control-requests__time" dateTime={request.timestamp}>
                      {formatMessageTime(request.timestamp, i18n.language)}
                    </time>
                    <button
                      type="button"
                      className="btn btn--ghost btn--sm"
                      data-testid={`control-request-reject-${request.requestId}`}
                      onClick={() => onDecide(request.requestId, "reject")}
                    >
                      {t("agent.control.reject")}
                    </button>
                    <button
                      type="button"
                      className="btn btn--primary btn--sm"
                      data-testid={`control-request-approve-${request.requestId}`}
                      onClick={() => onDecide(request.requestId, "approve")}
                    >
                      {t("agent.control.approve")}
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Popover>
  );
}
