/**
 * The expiry is picked as a calendar day; it is stored as the end of that day in the
 * developer's time zone so "expires Jan 5" still grants Jan 5.
 */
export function dayToIso(day: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const date = new Date(`${day}T23:59:59.999`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** An ISO timestamp as the local calendar day for a date input ("" when absent). */
export function isoToDay(iso: string | null): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
