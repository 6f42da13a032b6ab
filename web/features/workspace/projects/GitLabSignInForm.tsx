import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../app/api/client";
import { Button } from "../../../ui/Button";
import { Field } from "../../../ui/Field";
import { workspaceApi } from "../api";
import { DEFAULT_GITLAB_URL, gitlabErrorKey, readSavedLogin, saveLogin, signInProblem, type GitLabSession } from "./gitlabModel";
import { EyeIcon, EyeOffIcon } from "../../../ui/icons";

/** The self-hosted git sign-in (spec 03 §2.8, §5): server URL, username, password, remember me. */
export function GitLabSignInForm({ onSignedIn }: { onSignedIn: (session: GitLabSession) => void }) {
  const { t } = useTranslation();
  const passwordId = useId();
  const [saved] = useState(readSavedLogin);
  const [serverUrl, setServerUrl] = useState(saved?.serverUrl ?? DEFAULT_GITLAB_URL);
  const [username, setUsername] = useState(saved?.username ?? "");
  const [password, setPassword] = useState("");
  const [showPassword, setShowPassword] = useState(false);
  const [remember, setRemember] = useState(saved !== null);
  const [signingIn, setSigningIn] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const problem = signInProblem(serverUrl, username, password);

  const submit = async () => {
    if (problem) {
      setError(t(`workspace.gitlab.${problem}`));
      return;
    }
    setSigningIn(true);
    setError(null);
    const url = serverUrl.trim().replace(/\/+$/, "");
    try {
      const auth = await workspaceApi.gitlabAuth({ serverUrl: url, username: username.trim(), password });
      saveLogin(remember ? { username: username.trim(), serverUrl: url } : null);
      onSignedIn({
        token: auth.access_token,
        auth: auth.access_token,
        authType: auth.authType,
        refreshToken: auth.refresh_token,
        username: username.trim(),
        email: auth.user.email,
        serverUrl: url,
      });
    } catch (failure) {
      // A conflicting sign-in and other server refusals carry their own words (spec 03 §2.8).
      if (failure instanceof ApiError && failure.kind === "network") setError(t("workspace.gitlab.network"));
      else if (failure instanceof ApiError && failure.message) {
        const key = gitlabErrorKey(failure.message);
        setError(key ? t(`workspace.gitlab.${key}`) : failure.message);
      } else setError(t("workspace.gitlab.authFailed"));
    } finally {
      setSigningIn(false);
    }
  };

  return (
    <form
      className="ws-form"
      data-testid="gitlab-signin"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <p className="muted">{t("workspace.gitlab.signInPrompt")}</p>
      {error && (
        <p className="form-error" role="alert" data-testid="gitlab-signin-error">
          {error}
        </p>
      )}
      <Field
        label={t("workspace.gitlab.serverUrl")}
        type="url"
        value={serverUrl}
        onChange={(e) => setServerUrl(e.target.value)}
        required
        data-testid="gitlab-server-url"
      />
      <Field
        label={t("workspace.gitlab.username")}
        value={username}
        onChange={(e) => setUsername(e.target.value)}
        autoComplete="username"
        required
        autoFocus
        data-testid="gitlab-username"
      />
      <div className="field">
        <label className="field__label" htmlFor={passwordId}>
          {t("workspace.gitlab.password")}
        </label>
        <div className="ws-password">
          <input
            id={passwordId}
            className="field__input"
            type={showPassword ? "text" : "password"}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete="current-password"
            required
            data-testid="gitlab-password"
          />
          <button
            type="button"
            className="icon-btn ws-password__toggle"
            onClick={() => setShowPassword((shown) => !shown)}
            aria-label={showPassword ? t("workspace.gitlab.hidePassword") : t("workspace.gitlab.showPassword")}
            aria-pressed={showPassword}
            data-testid="gitlab-password-toggle"
          >
            {showPassword ? <EyeOffIcon /> : <EyeIcon />}
          </button>
        </div>
      </div>
      <label className="ws-check">
        <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} data-testid="gitlab-remember" />
        {t("workspace.gitlab.remember")}
      </label>
      <Button type="submit" disabled={signingIn || problem !== null} busy={signingIn} data-testid="gitlab-signin-submit">
        {signingIn ? t("workspace.gitlab.signingIn") : t("workspace.gitlab.signIn")}
      </Button>
      {problem && (username || password) && !error && <p className="field__hint">{t(`workspace.gitlab.${problem}`)}</p>}
    </form>
  );
}
