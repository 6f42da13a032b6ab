import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useSearchParams } from "react-router";
import { RETURN_PARAM, safeRedirect } from "../../app/session/returnTo";
import { useSession } from "../../app/session/useSession";
import { useLangPath } from "../../i18n/useLang";
import { LanguageSwitch } from "../../ui/LanguageSwitch";
import { LoadingScreen } from "../../ui/Screens";

/** The target after a successful sign-in or sign-up. */
export function useAfterAuthPath(): string {
  const [params] = useSearchParams();
  const to = useLangPath();
  return safeRedirect(params.get(RETURN_PARAM), to("/home"));
}

/** The frame of both auth pages; a visitor who is already signed in goes straight on. */
export function AuthLayout({ title, children, footer }: { title: string; children: ReactNode; footer: ReactNode }) {
  const { t } = useTranslation();
  const to = useLangPath();
  const { status } = useSession();
  const after = useAfterAuthPath();
  if (status === "authenticated") return <Navigate to={after} replace />;
  if (status === "loading") return <LoadingScreen title={t("common.loading")} detail={t("screens.checkingAuth")} />;
  return (
    <div className="auth">
      <header className="auth__bar">
        <Link to={to("/home")} className="brand">
          {t("app.name")}
        </Link>
        <LanguageSwitch />
      </header>
      <main className="auth__main">
        <section className="auth__card" aria-labelledby="auth-title">
          <h1 id="auth-title" className="auth__title">
            {title}
          </h1>
          {children}
          <p className="auth__footer">{footer}</p>
        </section>
      </main>
    </div>
  );
}
