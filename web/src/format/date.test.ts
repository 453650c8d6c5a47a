import { describe, expect, it } from "vitest";
import { axisDay, datePattern, formatDate, formatDateTime, formatTime, usesUsDateStyle } from "./date";

const d = new Date(2024, 2, 5, 14, 7); // 5 March 2024, 14:07 local

describe("dates", () => {
  it("are day.month.year by default", () => {
    expect(formatDate(d)).toBe("05.03.2024");
    expect(formatDate(d, "FI")).toBe("05.03.2024");
    expect(formatDate(d, "ES")).toBe("05.03.2024");
    expect(formatDate(d, null)).toBe("05.03.2024");
  });
  it("are month/day/year for US and CA", () => {
    expect(formatDate(d, "US")).toBe("03/05/2024");
    expect(formatDate(d, "ca")).toBe("03/05/2024");
    expect(usesUsDateStyle("GB")).toBe(false);
  });
  it("read yyyy-MM-dd as a calendar day", () => {
    expect(formatDate("2024-12-31")).toBe("31.12.2024");
    expect(formatDate("2024-12-31", "US")).toBe("12/31/2024");
  });
  it("give an empty string for an invalid date", () => {
    expect(formatDate("not a date")).toBe("");
  });
  it("format times 24 h by default, 12 h in US and CA", () => {
    expect(formatTime(d)).toBe("14:07");
    expect(formatTime(d, "US")).toBe("2:07 PM");
    expect(formatTime(new Date(2024, 0, 1, 0, 5), "US")).toBe("12:05 AM");
    expect(formatDateTime(d, "FI")).toBe("05.03.2024 14:07");
    expect(formatDateTime(d, "US")).toBe("03/05/2024 2:07 PM");
  });
  it("give the input pattern", () => {
    expect(datePattern("US")).toBe("mm/dd/yyyy");
    expect(datePattern("FI")).toBe("dd.mm.yyyy");
  });
});

describe("axisDay", () => {
  it("writes the API's days short, in the reader's country's order, and leaves other labels alone", () => {
    expect(axisDay("2026/11/20", "FI")).toBe("20.11.");
    expect(axisDay("2026-11-20", null)).toBe("20.11.");
    expect(axisDay("2026/11/20", "US")).toBe("11/20");
    expect(axisDay("2026-W47", "FI")).toBe("2026-W47");
    expect(axisDay("14", "FI")).toBe("14");
    expect(axisDay("Helsinki entrance terminal", "US")).toBe("Helsinki entrance terminal");
  });
});
