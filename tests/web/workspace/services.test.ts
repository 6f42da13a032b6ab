import { describe, expect, it } from "vitest";
import type { ServiceDomain } from "../../../contract";
import { en } from "../../../web/i18n/en";
import { zh } from "../../../web/i18n/zh";
import {
  displayStatus,
  errorTone,
  firstAvailable,
  formatMemory,
  formatUptime,
  minutesSeconds,
  serviceUrl,
  summarize,
} from "../../../web/features/workspace/services/serviceModel";

const domain = (port: number, status: ServiceDomain["status"], subdomain: string | null = null): ServiceDomain => ({
  name: `svc-${port}`,
  subdomain,
  port,
  status,
  status_code: status === "available" ? 200 : null,
  error: null,
  process_info: { uptime_seconds: 10, memory_rss_kb: 2048 },
});

describe("uptime (spec 03 §9)", () => {
  it("uses days/hours, hours/minutes, minutes/seconds or seconds", () => {
    expect(formatUptime(42)).toBe("42s");
    expect(formatUptime(0)).toBe("0s");
    expect(formatUptime(125)).toBe("2m 5s");
    expect(formatUptime(3 * 3600 + 7 * 60 + 9)).toBe("3h 7m");
    expect(formatUptime(2 * 86_400 + 5 * 3600 + 30)).toBe("2d 5h");
    expect(formatUptime(-1)).toBe("-");
  });

  it("takes the language's units", () => {
    expect(formatUptime(125, zh.workspace.services.units)).toBe("2分 5秒");
    expect(formatUptime(125, en.workspace.services.units)).toBe("2m 5s");
  });
});

describe("memory (spec 03 §9)", () => {
  it("shows KB, MB or GB", () => {
    expect(formatMemory(512)).toBe("512 KB");
    expect(formatMemory(2048)).toBe("2.0 MB");
    expect(formatMemory(1536)).toBe("1.5 MB");
    expect(formatMemory(3 * 1024 * 1024)).toBe("3.00 GB");
    expect(formatMemory(undefined)).toBe("-");
  });
});

describe("services", () => {
  const list = [domain(3000, "error"), domain(5173, "available"), domain(8080, "binding"), domain(9000, "available", "app.example.dev")];

  it("displays error as unavailable", () => {
    expect(displayStatus("error")).toBe("unavailable");
    expect(displayStatus("available")).toBe("available");
    expect(en.workspace.services.unavailable).toBe("unavailable");
  });

  it("counts running, available and unavailable", () => {
    expect(summarize(list)).toEqual({ running: 4, available: 2, unavailable: 1 });
    expect(summarize([])).toEqual({ running: 0, available: 0, unavailable: 0 });
  });

  it("previews the first available service", () => {
    expect(firstAvailable(list)?.port).toBe(5173);
    expect(firstAvailable([domain(1, "error")])).toBeNull();
    expect(serviceUrl(domain(5173, "available"))).toBe("http://localhost:5173");
    expect(serviceUrl(domain(9000, "available", "app.example.dev"))).toBe("https://app.example.dev");
    expect(serviceUrl(domain(9000, "available", "http://x.test/"))).toBe("http://x.test/");
    expect(en.workspace.services.noPreview).toBe("No running web service found. Please start a service first.");
  });

  it("shows upgrade and restart errors as transient", () => {
    expect(errorTone("VM is restarting. Services are temporarily unavailable.")).toBe("transient");
    expect(errorTone("Sandbox is upgrading")).toBe("transient");
    expect(errorTone("Failed to fetch domain health status (500)")).toBe("error");
  });

  it("keeps the spec's kill and restart texts", () => {
    expect(en.workspace.services.killed.replace("{{port}}", "3000")).toBe("Successfully killed process on port 3000");
    expect(en.workspace.services.killFailed.replace("{{error}}", "x")).toBe("Failed to kill process: x");
    const { m, s } = minutesSeconds(120_000);
    expect(en.workspace.services.restartTimeout.replace("{{m}}", String(m)).replace("{{s}}", String(s))).toBe(
      "VM restart timeout after 2m 0s. Please check manually.",
    );
    expect(en.workspace.services.empty).toBe("No services found");
    expect(en.workspace.services.ownedBy.replace("{{name}}", "Ann")).toBe("(Owned by Ann)");
  });
});
