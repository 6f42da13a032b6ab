import type { Language } from "../i18n/language";
import { enTime, zhTime } from "../i18n/time";

const LOCALES: Record<Language, string> = { en: "en-US", zh: "zh-CN" };

/** The locale of a language tag as i18next reports it ('zh', 'zh-CN', 'en-US'). */
function localeOf(language: string): string {
  return LOCALES[language.startsWith("zh") ? "zh" : "en"];
}

function toDate(value: Date | string | number): Date {
  return value instanceof Date ? value : new Date(value);
}

/** A calendar date as the spec shows it: 'Jan 5, 2025' in English, '2025年1月5日' in Chinese. */
export function formatDate(value: Date | string | number, lang: Language): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return "";
  return new Intl.DateTimeFormat(LOCALES[lang], { year: "numeric", month: "short", day: "numeric" }).format(date);
}

/** "2025-01" -> 'January 2025' / '2025年1月'; anything else is returned unchanged. */
export function formatMonth(month: string, lang: Language): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return month;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, 1);
  return new Intl.DateTimeFormat(LOCALES[lang], { year: "numeric", month: "long" }).format(date);
}

export function formatNumber(value: number, lang: Language): string {
  return new Intl.NumberFormat(LOCALES[lang]).format(value);
}

export function formatPrice(amount: number, currency: string, lang: Language): string {
  return new Intl.NumberFormat(LOCALES[lang], { style: "currency", currency, maximumFractionDigits: amount % 1 === 0 ? 0 : 2 }).format(amount);
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function plural(template: { one: string; other: string }, count: number): string {
  return (count === 1 ? template.one : template.other).replace("{{count}}", String(count));
}

/**
 * Relative time (spec 01 §9): under a minute 'Just now', then minutes, hours, and days up to 30,
 * then the date. Times in the future (clock skew between devices) count as 'Just now'.
 */
export function relativeTime(value: Date | string | number, lang: Language, now: Date = new Date()): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return "";
  const texts = lang === "zh" ? zhTime : enTime;
  const elapsed = now.getTime() - date.getTime();
  if (elapsed < MINUTE) return texts.justNow;
  if (elapsed < HOUR) return plural({ one: texts.minutesAgo_one, other: texts.minutesAgo_other }, Math.floor(elapsed / MINUTE));
  if (elapsed < DAY) return plural({ one: texts.hoursAgo_one, other: texts.hoursAgo_other }, Math.floor(elapsed / HOUR));
  const days = Math.floor(elapsed / DAY);
  if (days <= 30) return plural({ one: texts.daysAgo_one, other: texts.daysAgo_other }, days);
  return formatDate(date, lang);
}

function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/** A message's time: '14:05' today, 'Jan 5, 14:05' this year, 'Jan 5, 2024, 14:05' before; `full` always dates it. */
export function formatMessageTime(value: string, language: string, full = false, now: Date = new Date()): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  const time: Intl.DateTimeFormatOptions = { hour: "2-digit", minute: "2-digit", hour12: false };
  if (!full && sameDay(date, now)) return new Intl.DateTimeFormat(localeOf(language), time).format(date);
  const withYear = full || date.getFullYear() !== now.getFullYear();
  return new Intl.DateTimeFormat(localeOf(language), { ...time, month: "short", day: "numeric", ...(withYear ? { year: "numeric" } : {}) }).format(date);
}

/** The tooltip of a message time: the full date and time. */
export function fullTime(value: string, language: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: "full", timeStyle: "short" }).format(date);
}
