import i18n, { type BackendModule, type ResourceKey } from "i18next";
import { initReactI18next } from "react-i18next";
import { isLanguage, LANGUAGES, type Language } from "./language";

/** Each language is its own chunk: a page downloads the texts of the language it shows, and the other only on a switch. */
const TEXTS: Record<Language, () => Promise<ResourceKey>> = {
  en: () => import("./en").then((m) => m.en),
  zh: () => import("./zh").then((m) => m.zh),
};

/** Loads the other language when the user switches to it (i18next waits for it before switching). */
const languageLoader: BackendModule = {
  type: "backend",
  init() {},
  read(language, _namespace, callback) {
    if (!isLanguage(language)) return callback(null, {});
    TEXTS[language]().then(
      (texts) => callback(null, texts),
      (error: unknown) => callback(error instanceof Error ? error : String(error), null),
    );
  },
};

/**
 * The app's i18next: the page's language is loaded before the first render, so no text flashes in
 * the wrong language. Rejects when the texts cannot be downloaded (offline on first visit).
 */
export async function startI18n(lang: Language): Promise<void> {
  const texts = await TEXTS[lang]();
  await i18n
    .use(languageLoader)
    .use(initReactI18next)
    .init({
      resources: { [lang]: { translation: texts } },
      partialBundledLanguages: true,
      lng: lang,
      // Both languages have every key (zh's type is en's), so there is nothing to fall back to.
      fallbackLng: false,
      supportedLngs: [...LANGUAGES],
      load: "currentOnly",
      interpolation: { escapeValue: false }, // React escapes what it renders
      returnNull: false,
    });
}
