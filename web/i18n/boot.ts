import type { Language } from "./language";

/** Shown when the page's texts themselves could not be downloaded, so they cannot come from the language files. */
export const BOOT_FAILED: Record<Language, { title: string; body: string; reload: string }> = {
  en: { title: "TeamChat could not load", body: "Check your connection and reload the page.", reload: "Reload page" },
  zh: { title: "TeamChat 加载失败", body: "请检查网络连接后刷新页面。", reload: "刷新页面" },
};
