import i18next from "i18next";
import { en } from "../../../../web/i18n/en";
import { zh } from "../../../../web/i18n/zh";
import type { Translate } from "../../../../web/features/chat/model/attachments";

/** The app's real texts, through i18next like the components use them. */
export function translator(lng: "en" | "zh" = "en"): Translate {
  const instance = i18next.createInstance();
  void instance.init({ lng, resources: { en: { translation: en }, zh: { translation: zh } }, interpolation: { escapeValue: false }, initAsync: false });
  return (key, vars) => instance.t(key, vars);
}
