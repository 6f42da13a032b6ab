import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { LANGUAGES, saveLanguage, withLanguage, type Language } from "../i18n/language";
import { useLang } from "../i18n/useLang";

/** Navigates to the same page in another language: swaps (or adds) the first path segment. */
export function useSwitchLanguage(): (lang: Language) => void {
  const location = useLocation();
  const navigate = useNavigate();
  return (lang: Language) => {
    saveLanguage(lang);
    navigate(`${withLanguage(location.pathname, lang)}${location.search}${location.hash}`);
  };
}

/** A two-button toggle for pages outside the app shell (auth pages, landing, standalone pages). */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const current = useLang();
  const switchTo = useSwitchLanguage();
  return (
    <div className="lang-switch" role="group" aria-label={t("common.language")} data-testid="language-switch">
      {LANGUAGES.map((lang) => (
        <button
          key={lang}
          type="button"
          lang={lang}
          className="lang-switch__option"
          aria-pressed={lang === current}
          data-testid={`language-option-${lang}`}
          onClick={() => lang !== current && switchTo(lang)}
        >
          {t(`common.languageNames.${lang}`)}
        </button>
      ))}
    </div>
  );
}
