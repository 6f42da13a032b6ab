import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { en } from "./en";
import type { Language } from "./language";
import { zh } from "./zh";

/**
 * Both languages bundled and initialised synchronously, for tests and tools. The app itself starts
 * with load.ts, which downloads only the language a page shows.
 */
export function initI18n(lang: Language) {
  void i18n.use(initReactI18next).init({
    resources: { en: { translation: en }, zh: { translation: zh } },
    lng: lang,
    fallbackLng: "en",
    supportedLngs: ["en", "zh"],
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes what it renders
    returnNull: false,
  });
  return i18n;
}

export { i18n };
