import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import * as v from "valibot";
import { PASSWORD_MIN, PASSWORD_TEXTS, SignUpBody } from "../../../contract";
import { useLangPath } from "../../i18n/useLang";
import { Button } from "../../ui/Button";
import { Field } from "../../ui/Field";
import { AuthLayout } from "./AuthLayout";
import { signUpEmail } from "./authApi";
import { translateAuthMessage } from "./authErrors";
import { useAuthSubmit } from "./useAuthSubmit";

type FieldName = "name" | "email" | "password";

export function SignUpPage() {
  const { t } = useTranslation();
  const to = useLangPath();
  const { search } = useLocation();
  const [values, setValues] = useState<Record<FieldName, string>>({ name: "", email: "", password: "" });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<FieldName, string>>>({});
  const { busy, error, submit } = useAuthSubmit(() => signUpEmail(values.name.trim(), values.email.trim(), values.password));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // The same schema the server validates with, so the form refuses exactly what the server would.
    const result = v.safeParse(SignUpBody, values);
    const errors: Partial<Record<FieldName, string>> = {};
    if (!result.success) {
      for (const issue of result.issues) {
        const field = issue.path?.[0]?.key as FieldName | undefined;
        if (field && !errors[field]) errors[field] = translateAuthMessage(issue.message, t);
      }
    }
    // The common-password list is large: loaded only now, the first time someone submits.
    if (result.success) {
      const { isCommonPassword } = await import("../../../contract/common-passwords");
      if (isCommonPassword(values.password)) errors.password = translateAuthMessage(PASSWORD_TEXTS.common, t);
    }
    setFieldErrors(errors);
    if (result.success && !errors.password) void submit();
  };

  const field = (name: FieldName) => ({
    name,
    value: values[name],
    onChange: (e: { target: { value: string } }) => setValues((prev) => ({ ...prev, [name]: e.target.value })),
    error: fieldErrors[name],
    "data-testid": `signup-${name}`,
  });

  return (
    <AuthLayout
      title={t("auth.signUpTitle")}
      footer={
        <>
          {t("auth.haveAccount")} <Link to={`${to("/auth/signin")}${search}`}>{t("auth.signIn")}</Link>
        </>
      }
    >
      <form className="auth__form" onSubmit={(e) => void onSubmit(e)} noValidate aria-busy={busy} data-testid="signup-form">
        <Field label={t("auth.name")} autoComplete="name" placeholder={t("auth.namePlaceholder")} autoFocus {...field("name")} />
        <Field label={t("auth.email")} type="email" autoComplete="email" placeholder={t("auth.emailPlaceholder")} {...field("email")} />
        <Field
          label={t("auth.password")}
          type="password"
          autoComplete="new-password"
          hint={t("auth.passwordHint", { min: PASSWORD_MIN })}
          {...field("password")}
        />
        {error && (
          <p className="form-error" role="alert" data-testid="auth-error">
            {error}
          </p>
        )}
        <Button type="submit" busy={busy} data-testid="signup-submit">
          {busy ? t("auth.signingUp") : t("auth.signUp")}
        </Button>
      </form>
    </AuthLayout>
  );
}
