import { useLayoutEffect } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation, useParams } from "react-router";
import { isLanguage, pathLanguage, resolveLanguage, saveLanguage } from "../../i18n/language";
import { NotFoundPage } from "./SimplePages";

/** Keeps i18next, `<html lang>` and the saved language in step with the URL. */
export function RootLayout() {
  const { i18n, t } = useTranslation();
  const { pathname } = useLocation();
  const lang = resolveLanguage(pathname);
  const explicit = pathLanguage(pathname);

  useLayoutEffect(() => {
    if (i18n.language !== lang) void i18n.changeLanguage(lang);
    document.documentElement.lang = lang === "zh" ? "zh-CN" : "en";
    if (explicit) saveLanguage(explicit);
  }, [i18n, lang, explicit]);

  useLayoutEffect(() => {
    document.title = t("app.name");
  }, [t, lang]);

  return <Outlet />;
}

/** `/:lang/...` only exists for supported languages; `/xx/home` is not a page. */
export function LanguageGuard() {
  const { lang } = useParams();
  return isLanguage(lang) ? <Outlet /> : <NotFoundPage />;
}
