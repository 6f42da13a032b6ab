import { useState } from "react";
import { useTranslation } from "react-i18next";
import { GITHUB_RETURN_PARAM, type GithubAccountStatus } from "../../../../contract";
import { Button } from "../../../ui/Button";
import { toast } from "../../../ui/toast";
import { workspaceApi } from "../api";

/** This page's address without the callback's `?github=` result, where GitHub sends the browser back. */
export function returnAddress(): string {
  const url = new URL(window.location.href);
  url.searchParams.delete(GITHUB_RETURN_PARAM);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Sends the browser to GitHub's authorize page; the callback brings it back here with the dialog open. */
async function authorize(failed: string): Promise<void> {
  try {
    const { url } = await workspaceApi.githubAuthorize(returnAddress());
    window.location.assign(url);
  } catch {
    toast.error(failed);
  }
}

interface GitHubAccountProps {
  status: GithubAccountStatus;
  onChange: (status: GithubAccountStatus) => void;
}

/**
 * The import dialog's account line: connected as @login with Disconnect, or the prompt to
 * authorize (also offered when only the server's shared token lists).
 */
export function GitHubAccount({ status, onChange }: GitHubAccountProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

  const disconnect = async () => {
    setBusy(true);
    try {
      onChange(await workspaceApi.githubDisconnect());
      toast.success(t("workspace.github.disconnected"));
    } catch {
      toast.error(t("workspace.github.disconnectFailed"));
    } finally {
      setBusy(false);
    }
  };

  if (status.source === "user") {
    return (
      <div className="ws-note ws-authorize" data-testid="github-connected">
        <span>{status.login ? t("workspace.github.connectedAs", { login: status.login }) : t("workspace.github.connected")}</span>
        <Button size="sm" variant="ghost" onClick={() => void disconnect()} disabled={busy} data-testid="github-disconnect">
          {t("workspace.github.disconnect")}
        </Button>
      </div>
    );
  }
  if (status.authorized && !status.canAuthorize) return null;
  return (
    <div className="ws-note ws-authorize" data-testid="github-unauthorized">
      <span>
        {status.authorized
          ? t("workspace.github.sharedAccount")
          : status.canAuthorize
            ? t("workspace.github.unauthorized")
            : t("workspace.github.notConfigured")}
      </span>
      {status.canAuthorize && (
        <Button size="sm" variant="secondary" onClick={() => void authorize(t("workspace.github.redirectFailed"))} data-testid="github-authorize">
          {t("workspace.github.authorize")}
        </Button>
      )}
    </div>
  );
}
