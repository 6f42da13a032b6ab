function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

function locale(language: string): string {
  return language.startsWith("zh") ? "zh-CN" : "en-US";
}

/** '14:05' today, 'Jan 5, 14:05' this year, 'Jan 5, 2024, 14:05' before; `full` always dates it. */
export function formatMessageTime(value: string, language: string, full = false, now: Date = new Date()): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  const time: Intl.DateTimeFormatOptions = { hour: "2-digit", minute: "2-digit", hour12: false };
  if (!full && sameDay(date, now)) return new Intl.DateTimeFormat(locale(language), time).format(date);
  const withYear = full || date.getFullYear() !== now.getFullYear();
  return new Intl.DateTimeFormat(locale(language), { ...time, month: "short", day: "numeric", ...(withYear ? { year: "numeric" } : {}) }).format(date);
}

/** The tooltip of a message time: the full date and time. */
export function fullTime(value: string, language: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  return new Intl.DateTimeFormat(locale(language), { dateStyle: "full", timeStyle: "short" }).format(date);
}
