import type { ServiceDomain } from "../../../../contract";

export interface UnitLabels {
  d: string;
  h: string;
  m: string;
  s: string;
}
export const EN_UNITS: UnitLabels = { d: "d", h: "h", m: "m", s: "s" };

/** Uptime as days/hours, hours/minutes, minutes/seconds or seconds (spec 03 §9). */
export function formatUptime(seconds: number | null | undefined, units: UnitLabels = EN_UNITS): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return "-";
  const total = Math.floor(seconds);
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const secs = total % 60;
  if (days > 0) return `${days}${units.d} ${hours}${units.h}`;
  if (hours > 0) return `${hours}${units.h} ${minutes}${units.m}`;
  if (minutes > 0) return `${minutes}${units.m} ${secs}${units.s}`;
  return `${secs}${units.s}`;
}

/** Resident memory from kilobytes, in KB, MB or GB (spec 03 §9). */
export function formatMemory(kb: number | null | undefined): string {
  if (kb === null || kb === undefined || !Number.isFinite(kb) || kb < 0) return "-";
  if (kb < 1024) return `${Math.round(kb)} KB`;
  if (kb < 1024 * 1024) return `${(kb / 1024).toFixed(1)} MB`;
  return `${(kb / (1024 * 1024)).toFixed(2)} GB`;
}

/** 'error' is displayed as 'unavailable' (spec 03 §3). */
export type DisplayStatus = "available" | "binding" | "unavailable";
export function displayStatus(status: ServiceDomain["status"]): DisplayStatus {
  return status === "error" ? "unavailable" : status;
}

export interface ServiceSummary {
  running: number;
  available: number;
  unavailable: number;
}

export function summarize(domains: readonly ServiceDomain[]): ServiceSummary {
  return {
    running: domains.length,
    available: domains.filter((d) => d.status === "available").length,
    unavailable: domains.filter((d) => d.status === "error").length,
  };
}

/** Errors about an upgrade or a restart are transient: shown in yellow with a spinner (spec 03 §8). */
export function errorTone(message: string): "transient" | "error" {
  return /upgrading|restarting/i.test(message) ? "transient" : "error";
}

/**
 * Where a service is reached. A subdomain (or full URL) from the host wins; without one the
 * sandbox host runs next to the browser (local development), so the port is on localhost.
 */
export function serviceUrl(domain: Pick<ServiceDomain, "subdomain" | "port">): string {
  const sub = domain.subdomain?.trim();
  if (sub) return /^https?:\/\//i.test(sub) ? sub : `https://${sub}`;
  return `http://localhost:${domain.port}`;
}

/** The Preview button opens the first available service (spec 03 §8). */
export function firstAvailable(domains: readonly ServiceDomain[]): ServiceDomain | null {
  return domains.find((d) => d.status === "available") ?? null;
}

/** The timeout text's minutes and seconds: 120 s -> {m: 2, s: 0}. */
export function minutesSeconds(ms: number): { m: number; s: number } {
  const total = Math.round(ms / 1000);
  return { m: Math.floor(total / 60), s: total % 60 };
}
