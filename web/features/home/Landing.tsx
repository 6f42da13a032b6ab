import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useReturnTarget, withReturnTo } from "../../app/session/returnTo";
import { useLangPath } from "../../i18n/useLang";
import { LanguageSwitch } from "../../ui/LanguageSwitch";

/** Signed-out `/home`: what the product is, and the way in (back to the link the visitor followed, if any). */
export function Landing() {
  const { t } = useTranslation();
  const to = useLangPath();
  const back = useReturnTarget();
  const signIn = withReturnTo(to("/auth/signin"), back);
  return (
    <div className="landing" data-testid="landing">
      <header className="landing__bar">
        <span className="brand">{t("app.name")}</span>
        <nav className="row" aria-label={t("auth.signIn")}>
          <LanguageSwitch />
          <Link to={signIn} className="btn btn--ghost btn--md" data-testid="landing-signin">
            {t("auth.signIn")}
          </Link>
        </nav>
      </header>
      <main className="landing__hero">
        <h1 className="landing__title">{t("landing.title")}</h1>
        <p className="landing__body">{t("landing.body")}</p>
        <div className="row row--center">
          <Link to={signIn} className="btn btn--primary btn--lg">
            {t("auth.signIn")}
          </Link>
          <Link to={withReturnTo(to("/auth/signup"), back)} className="btn btn--secondary btn--lg" data-testid="landing-signup">
            {t("auth.signUp")}
          </Link>
        </div>
      </main>
    </div>
  );
}
