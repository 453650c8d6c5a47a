// The schedule rules: times in the organisation's time zone across daylight-saving changes, the
// monthly rule for the 29th–31st, and the refusals (past time, unknown time zone, bad recurrence).
import { describe, expect, it } from "vitest";
import { DomainError } from "../../errors.js";
import { nextOccurrence, parseSchedule, scheduleMessages, type Recurrence } from "./schedule.js";

const helsinki = "Europe/Helsinki";
const now = new Date("2026-10-14T12:00:00Z"); // a Wednesday, summer time (UTC+3)

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  }
  throw new Error("expected a refusal");
};

describe("schedules", () => {
  it("now fires at once; later is a local time in the organisation's time zone, or an instant", () => {
    expect(parseSchedule({ plan: "now" }, now, helsinki)).toEqual({ kind: "immediate", firstRunAt: now });
    expect(parseSchedule(undefined, now, helsinki).kind).toBe("immediate");
    expect(parseSchedule({ plan: "later", at: "2026-12-01T09:00" }, now, helsinki)).toEqual({
      kind: "scheduled",
      firstRunAt: new Date("2026-12-01T07:00:00Z"), // winter time, UTC+2
      timeZone: helsinki,
    });
    expect(parseSchedule({ plan: "later", at: "2026-12-01T09:00", timeZone: "America/New_York" }, now, helsinki).firstRunAt).toEqual(
      new Date("2026-12-01T14:00:00Z"),
    );
    expect(parseSchedule({ plan: "later", at: "2026-12-01T09:00:00Z" }, now, helsinki).firstRunAt).toEqual(new Date("2026-12-01T09:00:00Z"));
  });

  it("refuses a time in the past, an unknown time zone and a malformed time, each with its own message", () => {
    expect(refusal(() => parseSchedule({ plan: "later", at: "2026-10-14T14:59" }, now, helsinki))).toMatchObject({
      message: scheduleMessages.inThePast,
      field: "schedule.at",
    });
    expect(refusal(() => parseSchedule({ plan: "later", at: "2026-12-01T09:00", timeZone: "Mars/Olympus" }, now, helsinki))).toMatchObject({
      message: scheduleMessages.unknownTimeZone("Mars/Olympus"),
      field: "schedule.timeZone",
    });
    expect(refusal(() => parseSchedule({ plan: "recurring", every: "week", weekday: 1, time: "09:00", timeZone: "Nowhere" }, now, helsinki)).message).toBe(
      scheduleMessages.unknownTimeZone("Nowhere"),
    );
    expect(refusal(() => parseSchedule({ plan: "later", at: "next tuesday" }, now, helsinki)).message).toBe(scheduleMessages.invalidTime);
    expect(refusal(() => parseSchedule({ plan: "sometime" }, now, helsinki)).message).toBe(scheduleMessages.invalidPlan);
  });

  it("refuses an invalid recurrence", () => {
    const bad = (r: Record<string, unknown>) => refusal(() => parseSchedule({ plan: "recurring", time: "09:00", ...r }, now, helsinki));
    expect(bad({ every: "day" }).message).toBe(scheduleMessages.invalidEvery);
    expect(bad({ every: "week", weekday: 8 })).toMatchObject({ message: scheduleMessages.invalidWeekday, field: "schedule.weekday" });
    expect(bad({ every: "week" }).message).toBe(scheduleMessages.invalidWeekday);
    expect(bad({ every: "month", dayOfMonth: 32 }).message).toBe(scheduleMessages.invalidDayOfMonth);
    expect(bad({ every: "month", dayOfMonth: 0 }).message).toBe(scheduleMessages.invalidDayOfMonth);
    expect(bad({ every: "week", weekday: 1, time: "25:00" }).message).toBe(scheduleMessages.invalidClock);
    expect(bad({ every: "week", weekday: 1, startDate: "2026-10-01" }).message).toBe(scheduleMessages.startsInThePast);
  });

  it("weekly: the same local time every week across the end of summer time", () => {
    const first = parseSchedule({ plan: "recurring", every: "week", weekday: 1, time: "09:00" }, now, helsinki);
    expect(first.kind).toBe("recurring");
    if (first.kind !== "recurring") return;
    expect(first.firstRunAt).toEqual(new Date("2026-10-19T06:00:00Z")); // Monday 09:00 UTC+3
    const second = nextOccurrence(first.recurrence, first.firstRunAt);
    expect(second).toEqual(new Date("2026-10-26T07:00:00Z")); // Monday 09:00 UTC+2 (summer time ended on the 25th)
    // the same day later on: next week's
    expect(nextOccurrence(first.recurrence, new Date("2026-10-26T07:00:01Z"))).toEqual(new Date("2026-11-02T07:00:00Z"));
    // a start date holds the first firing back
    const later = parseSchedule({ plan: "recurring", every: "week", weekday: 3, time: "15:00", startDate: "2026-11-01" }, now, helsinki);
    expect(later.firstRunAt).toEqual(new Date("2026-11-04T13:00:00Z"));
  });

  it("monthly: the 31st falls on the last day of shorter months and comes back when the month has it", () => {
    const r: Recurrence = { every: "month", dayOfMonth: 31, time: "08:30", timeZone: helsinki };
    const runs: string[] = [];
    let at = new Date("2027-01-01T00:00:00Z");
    for (let i = 0; i < 5; i++) {
      at = nextOccurrence(r, at);
      runs.push(at.toISOString());
    }
    expect(runs).toEqual([
      "2027-01-31T06:30:00.000Z",
      "2027-02-28T06:30:00.000Z",
      "2027-03-31T05:30:00.000Z", // summer time began on 28 March
      "2027-04-30T05:30:00.000Z",
      "2027-05-31T05:30:00.000Z",
    ]);
    // a leap year's February has the 29th
    expect(nextOccurrence({ ...r, dayOfMonth: 29 }, new Date("2028-02-01T00:00:00Z"))).toEqual(new Date("2028-02-29T06:30:00Z"));
    expect(nextOccurrence({ ...r, dayOfMonth: 30 }, new Date("2027-02-01T00:00:00Z"))).toEqual(new Date("2027-02-28T06:30:00Z"));
  });

  it("a local time that does not exist on the spring-forward day fires just after the gap", () => {
    // Helsinki moves 03:00 → 04:00 on 29 March 2026: 03:30 does not exist that day
    const r: Recurrence = { every: "month", dayOfMonth: 29, time: "03:30", timeZone: helsinki };
    expect(nextOccurrence(r, new Date("2026-03-01T00:00:00Z"))).toEqual(new Date("2026-03-29T01:30:00Z")); // 04:30 UTC+3
    expect(nextOccurrence(r, new Date("2026-03-29T02:00:00Z"))).toEqual(new Date("2026-04-29T00:30:00Z")); // 03:30 UTC+3
  });
});
