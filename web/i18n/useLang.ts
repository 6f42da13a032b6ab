import { useCallback } from "react";
import { useLocation } from "react-router";
import { resolveLanguage, withLanguage, type Language } from "./language";

/** The language of the current route (its segment, else the saved or browser language). */
export function useLang(): Language {
  return resolveLanguage(useLocation().pathname);
}

/** Builds language-prefixed paths: `to("/usage")` -> "/zh/usage". */
export function useLangPath(): (path: string) => string {
  const lang = useLang();
  return useCallback((path: string) => withLanguage(path, lang), [lang]);
}
