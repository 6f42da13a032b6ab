import { describe, expect, it } from "vitest";
import { formatDate, formatMessageTime, formatMonth, fullTime, relativeTime } from "../../../web/ui/format";

const now = new Date("2025-03-10T12:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms);
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe("relativeTime", () => {
  it("says 'Just now' under a minute, and for times slightly in the future", () => {
    expect(relativeTime(ago(0), "en", now)).toBe("Just now");
    expect(relativeTime(ago(59_999), "en", now)).toBe("Just now");
    expect(relativeTime(new Date(now.getTime() + 5_000), "en", now)).toBe("Just now");
    expect(relativeTime(ago(10_000), "zh", now)).toBe("刚刚");
  });

  it("counts minutes, then hours, then days", () => {
    expect(relativeTime(ago(MIN), "en", now)).toBe("1 minute ago");
    expect(relativeTime(ago(59 * MIN), "en", now)).toBe("59 minutes ago");
    expect(relativeTime(ago(HOUR), "en", now)).toBe("1 hour ago");
    expect(relativeTime(ago(23 * HOUR + 59 * MIN), "en", now)).toBe("23 hours ago");
    expect(relativeTime(ago(DAY), "en", now)).toBe("1 day ago");
    expect(relativeTime(ago(30 * DAY), "en", now)).toBe("30 days ago");
  });

  it("speaks Chinese", () => {
    expect(relativeTime(ago(5 * MIN), "zh", now)).toBe("5 分钟前");
    expect(relativeTime(ago(3 * HOUR), "zh", now)).toBe("3 小时前");
    expect(relativeTime(ago(2 * DAY), "zh", now)).toBe("2 天前");
  });

  it("shows the date after 30 days", () => {
    const old = ago(31 * DAY);
    expect(relativeTime(old, "en", now)).toBe(formatDate(old, "en"));
    expect(relativeTime(old, "zh", now)).toBe(formatDate(old, "zh"));
  });

  it("accepts ISO strings and returns nothing for junk", () => {
    expect(relativeTime(ago(2 * HOUR).toISOString(), "en", now)).toBe("2 hours ago");
    expect(relativeTime("not a date", "en", now)).toBe("");
  });
});

describe("formatDate", () => {
  it("formats like 'Jan 5, 2025' in English and as a Chinese date in zh", () => {
    const date = new Date(2025, 0, 5, 12);
    expect(formatDate(date, "en")).toBe("Jan 5, 2025");
    expect(formatDate(date, "zh")).toBe("2025年1月5日");
  });
});

describe("formatMonth", () => {
  it("names the month", () => {
    expect(formatMonth("2025-01", "en")).toBe("January 2025");
    expect(formatMonth("2025-01", "zh")).toBe("2025年1月");
    expect(formatMonth("whenever", "en")).toBe("whenever");
  });
});

describe("formatMessageTime", () => {
  const today = new Date(2025, 2, 10, 18, 0);
  const at = (year: number, month: number, day: number, hour: number, minute: number) => new Date(year, month, day, hour, minute).toISOString();

  it("shows only the time for a message of today, the date this year, and the year before", () => {
    expect(formatMessageTime(at(2025, 2, 10, 14, 5), "en", false, today)).toBe("14:05");
    expect(formatMessageTime(at(2025, 0, 5, 14, 5), "en", false, today)).toBe("Jan 5, 14:05");
    expect(formatMessageTime(at(2024, 0, 5, 14, 5), "en", false, today)).toBe("Jan 5, 2024, 14:05");
  });

  it("always dates it when asked for the full form, in the language of the page", () => {
    expect(formatMessageTime(at(2025, 2, 10, 14, 5), "en-US", true, today)).toBe("Mar 10, 2025, 14:05");
    expect(formatMessageTime(at(2025, 2, 10, 14, 5), "zh-CN", true, today)).toBe("2025年3月10日 14:05");
    expect(fullTime(at(2025, 2, 10, 14, 5), "zh")).toContain("2025年3月10日");
  });

  it("shows nothing for a broken time", () => {
    expect(formatMessageTime("not a date", "en")).toBe("");
    expect(fullTime("not a date", "en")).toBe("");
  });
});
