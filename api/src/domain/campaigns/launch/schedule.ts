// When a launch fires (spec 001 §2 "schedule step", §4 "Launch"): now, once later, or recurring
// weekly or monthly, in the organisation's time zone. Pure functions: "now" is always given.
//
// - A later time is a local date-time in the time zone ("2026-12-01T09:00"); a time that carries an
//   offset ("…Z", "…+02:00") is taken as that instant. It must be after now.
// - Weekly: a weekday (1 Monday … 7 Sunday) and a local time. Monthly: a day of the month (1–31) and
//   a local time; in a month without that day (the 29th–31st in short months) the launch fires on
//   the month's last day, and returns to the chosen day in the next month that has it.
// - Local times follow the time zone's clock across daylight-saving changes (09:00 stays 09:00). A
//   local time that does not exist on a spring-forward day fires at the first valid time after the
//   gap (02:30 becomes 03:30 in Helsinki); an ambiguous autumn time fires at its first occurrence.
import { DateTime, IANAZone } from "luxon";
import { z } from "zod";
import { badInput } from "../../errors.js";

export const scheduleMessages = {
  inThePast: "The launch time must be in the future",
  invalidTime: "The launch time must be a date and time such as 2026-12-01T09:00",
  unknownTimeZone: (tz: string) => `Unknown time zone: ${tz}. Use an IANA name such as Europe/Helsinki`,
  invalidPlan: "The schedule must be now, later or recurring",
  invalidEvery: "A recurring launch repeats weekly or monthly",
  invalidWeekday: "A weekly launch needs a weekday from 1 (Monday) to 7 (Sunday)",
  invalidDayOfMonth: "A monthly launch needs a day of the month from 1 to 31",
  invalidClock: "The time of day must be HH:MM (00:00–23:59)",
  startsInThePast: "A recurring launch cannot start in the past",
} as const;

export type Recurrence = {
  every: "week" | "month";
  /** weekly: 1 Monday … 7 Sunday */
  weekday?: number;
  /** monthly: 1–31 (clamped to the month's last day) */
  dayOfMonth?: number;
  /** local time of day, HH:MM */
  time: string;
  timeZone: string;
};

/** The schedule as the wizard and the REST payload send it. */
export type ScheduleInput =
  | { plan: "now" }
  | { plan: "later"; at: string; timeZone?: string | null }
  | {
      plan: "recurring";
      every: "week" | "month";
      weekday?: number | null;
      dayOfMonth?: number | null;
      time: string;
      /** first day it may fire (local date, YYYY-MM-DD); today when absent */
      startDate?: string | null;
      timeZone?: string | null;
    };

/** The parsed schedule: when it fires first and, for recurring ones, the rule. */
export type Schedule =
  | { kind: "immediate"; firstRunAt: Date }
  | { kind: "scheduled"; firstRunAt: Date; timeZone: string }
  | { kind: "recurring"; firstRunAt: Date; recurrence: Recurrence };

const clock = /^([01]\d|2[0-3]):([0-5]\d)$/;

export function requireTimeZone(tz: string | null | undefined, fallback: string): string {
  const zone = tz?.trim() || fallback;
  if (!IANAZone.isValidZone(zone)) throw badInput(scheduleMessages.unknownTimeZone(zone), "schedule.timeZone");
  return zone;
}

const recurrenceSchema = z.object({
  every: z.enum(["week", "month"], { message: scheduleMessages.invalidEvery }),
  weekday: z.number().int().min(1).max(7).nullish(),
  dayOfMonth: z.number().int().min(1).max(31).nullish(),
  time: z.string({ message: scheduleMessages.invalidClock }).regex(clock, scheduleMessages.invalidClock),
});

/** The recurrence stored on a launch (Launch.recurrence); null when it is not one. */
export function storedRecurrence(value: unknown): Recurrence | null {
  const parsed = recurrenceSchema.extend({ timeZone: z.string() }).safeParse(value);
  if (!parsed.success || !IANAZone.isValidZone(parsed.data.timeZone)) return null;
  const r = parsed.data;
  return { every: r.every, time: r.time, timeZone: r.timeZone, ...(r.every === "week" ? { weekday: r.weekday ?? 1 } : { dayOfMonth: r.dayOfMonth ?? 1 }) };
}

function atClock(day: DateTime, time: string): DateTime {
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  // luxon moves a time inside a spring-forward gap forwards; an ambiguous one takes the earlier offset
  return day.set({ hour, minute, second: 0, millisecond: 0 });
}

/** The occurrence of a recurrence in the month of `month` (its day clamped to the month's length). */
function monthlyOccurrence(month: DateTime, r: Recurrence): DateTime {
  const day = Math.min(r.dayOfMonth ?? 1, month.daysInMonth ?? 28);
  return atClock(month.set({ day }), r.time);
}

/** The first firing of the recurrence strictly after `after` (and not before `notBefore`, a local day start). */
export function nextOccurrence(r: Recurrence, after: Date, notBefore?: Date): Date {
  const from = DateTime.fromJSDate(notBefore && notBefore > after ? notBefore : after, { zone: r.timeZone });
  const strictlyAfter = (d: DateTime) => d.toMillis() > after.getTime() && (!notBefore || d.toMillis() >= notBefore.getTime());
  if (r.every === "week") {
    const weekday = r.weekday ?? 1;
    for (let i = 0; i <= 14; i++) {
      const day = from.startOf("day").plus({ days: i });
      if (day.weekday !== weekday) continue;
      const at = atClock(day, r.time);
      if (strictlyAfter(at)) return at.toJSDate();
    }
  } else {
    for (let i = 0; i <= 13; i++) {
      const at = monthlyOccurrence(from.startOf("month").plus({ months: i }), r);
      if (strictlyAfter(at)) return at.toJSDate();
    }
  }
  throw new Error("no next occurrence found");
}

/**
 * Validates a schedule against now in the time zone (the organisation's unless the input names
 * one): a clear error for a past time, an unknown time zone or an invalid recurrence.
 */
export function parseSchedule(input: unknown, now: Date, organizationTimeZone: string): Schedule {
  const raw = (input ?? { plan: "now" }) as Record<string, unknown>;
  const plan = raw.plan;
  if (plan === "now") return { kind: "immediate", firstRunAt: now };
  if (plan === "later") {
    const timeZone = requireTimeZone(raw.timeZone as string | undefined, organizationTimeZone);
    if (typeof raw.at !== "string") throw badInput(scheduleMessages.invalidTime, "schedule.at");
    const at = DateTime.fromISO(raw.at, { zone: timeZone });
    if (!at.isValid) throw badInput(scheduleMessages.invalidTime, "schedule.at");
    const firstRunAt = at.set({ second: 0, millisecond: 0 }).toJSDate();
    if (firstRunAt.getTime() <= now.getTime()) throw badInput(scheduleMessages.inThePast, "schedule.at");
    return { kind: "scheduled", firstRunAt, timeZone };
  }
  if (plan === "recurring") {
    const timeZone = requireTimeZone(raw.timeZone as string | undefined, organizationTimeZone);
    const parsed = recurrenceSchema.safeParse(raw);
    if (!parsed.success) {
      const field = String(parsed.error.issues[0]?.path[0] ?? "every");
      const message =
        field === "weekday"
          ? scheduleMessages.invalidWeekday
          : field === "dayOfMonth"
            ? scheduleMessages.invalidDayOfMonth
            : field === "time"
              ? scheduleMessages.invalidClock
              : scheduleMessages.invalidEvery;
      throw badInput(message, `schedule.${field}`);
    }
    const r = parsed.data;
    if (r.every === "week" && !r.weekday) throw badInput(scheduleMessages.invalidWeekday, "schedule.weekday");
    if (r.every === "month" && !r.dayOfMonth) throw badInput(scheduleMessages.invalidDayOfMonth, "schedule.dayOfMonth");
    const recurrence: Recurrence =
      r.every === "week"
        ? { every: "week", weekday: r.weekday!, time: r.time, timeZone }
        : { every: "month", dayOfMonth: r.dayOfMonth!, time: r.time, timeZone };
    let notBefore: Date | undefined;
    if (raw.startDate !== undefined && raw.startDate !== null && raw.startDate !== "") {
      const start = typeof raw.startDate === "string" ? DateTime.fromISO(raw.startDate, { zone: timeZone }) : DateTime.invalid("not a text");
      if (!start.isValid || !/^\d{4}-\d{2}-\d{2}$/.test(String(raw.startDate))) throw badInput(scheduleMessages.invalidTime, "schedule.startDate");
      if (start.startOf("day") < DateTime.fromJSDate(now, { zone: timeZone }).startOf("day"))
        throw badInput(scheduleMessages.startsInThePast, "schedule.startDate");
      notBefore = start.startOf("day").toJSDate();
    }
    return { kind: "recurring", firstRunAt: nextOccurrence(recurrence, now, notBefore), recurrence };
  }
  throw badInput(scheduleMessages.invalidPlan, "schedule.plan");
}
