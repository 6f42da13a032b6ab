import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { useLangPath } from "../../i18n/useLang";
import { Button } from "../../ui/Button";
import { Field } from "../../ui/Field";
import { AuthLayout } from "./AuthLayout";
import { signInEmail } from "./authApi";
import { useAuthSubmit } from "./useAuthSubmit";

export function SignInPage() {
  const { t } = useTranslation();
  const to = useLangPath();
  const { search } = useLocation();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [fieldErrors, setFieldErrors] = useState<{ email?: string; password?: string }>({});
  const { busy, error, submit } = useAuthSubmit(() => signInEmail(email.trim(), password));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const errors = {
      email: email.trim() ? undefined : t("auth.errors.emailRequired"),
      password: password ? undefined : t("auth.errors.passwordRequired"),
    };
    setFieldErrors(errors);
    if (!errors.email && !errors.password) void submit();
  };

  return (
    <AuthLayout
      title={t("auth.signInTitle")}
      footer={
        <>
          {t("auth.noAccount")} <Link to={`${to("/auth/signup")}${search}`}>{t("auth.signUp")}</Link>
        </>
      }
    >
      <form className="auth__form" onSubmit={onSubmit} noValidate aria-busy={busy} data-testid="signin-form">
        <Field
          label={t("auth.email")}
          type="email"
          name="email"
          autoComplete="email"
          placeholder={t("auth.emailPlaceholder")}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={fieldErrors.email}
          data-testid="signin-email"
          autoFocus
        />
        <Field
          label={t("auth.password")}
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={fieldErrors.password}
          data-testid="signin-password"
        />
        {error && (
          <p className="form-error" role="alert" data-testid="auth-error">
            {error}
          </p>
        )}
        <Button type="submit" busy={busy} data-testid="signin-submit">
          {busy ? t("auth.signingIn") : t("auth.signIn")}
        </Button>
      </form>
    </AuthLayout>
  );
}
