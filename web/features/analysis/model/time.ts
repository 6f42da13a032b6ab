/** Seconds as the transcript shows a start time: m:ss below an hour ("3:07"), h:mm:ss above ("1:02:09"); padded minutes on request. */
export function formatClock(seconds: number, padMinutes = true): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, "0");
  if (h > 0) return `${h}:${String(m).padStart(2, "0")}:${ss}`;
  return `${padMinutes ? String(m).padStart(2, "0") : m}:${ss}`;
}

/** Spec §9: the podcast's duration arrives in milliseconds and shows as m:ss ("12:05", "75:00" past an hour). */
export function formatDurationMs(ms: number | null | undefined): string {
  const total = typeof ms === "number" && Number.isFinite(ms) && ms > 0 ? Math.round(ms / 1000) : 0;
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, "0")}`;
}
