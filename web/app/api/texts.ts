import i18n from "i18next";

/**
 * The client runs outside React, so it reads translations from the global i18next instance. Before
 * i18next is initialised (unit tests, very early calls) the spec's English wording is used.
 */
export function clientText(key: "requestTimeout" | "networkAnomaly" | "serverError"): string {
  const fallback = {
    requestTimeout: "Request timeout",
    networkAnomaly: "Network anomaly",
    serverError: "Internal Server Error - Please check the server logs",
  }[key];
  return i18n.isInitialized ? i18n.t(`errors.${key}`, { defaultValue: fallback }) : fallback;
}
