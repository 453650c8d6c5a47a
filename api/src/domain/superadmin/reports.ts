// Super-admin reports (spec 000 §7 GET /reports/count, GET /reports, GET /reports/unit; §9: fetched
// 3 items per page, filters view, year and search, and a 24-hour view). The spec does not show the
// items: docs/superadmin.md designs them. One item per organisation:
// - view "responsesToQuestions": per calendar month (UTC) of the year, the responses received and
//   the answers given to questions;
// - view "comments" (open feedback): per month, the open-text answers;
// - view "24h": per hour of the last 24 hours, the responses received.
// They are computed from the roll-up tables (docs/analytics.md "Roll-ups"), so a page stays fast with
// 10 M responses; a response counts once the roll-up applier has added it (milliseconds after it is
// stored). The answer roll-ups are daily ("Daily answer roll-ups only"): the 24-hour view's answers
// and open-text answers come from the raw rows of its 24 hours, counted as the roll-ups count them
// but at once (pending responses included). Hidden and over-limit responses are not in the
// roll-ups, so not here.
import { answersJoin } from "../answers/rows.js";
import { answerWindowWithin } from "../answers/answer-hours.js";
import { z } from "zod";
import type { DomainContext } from "../context.js";
import { notFound } from "../errors.js";
import { objectIdSchema, parseInput } from "../validation.js";
import { requireSystemAdmin, searchSchema } from "./guard.js";
import { noOrganizationMessage } from "./organizations.js";
import { organizationDb } from "../tenancy.js";
import { codeOf, codesOf, codeTables } from "../results-scope/codes.js";

export const reportViews = ["responsesToQuestions", "comments", "24h"] as const;
export type ReportView = (typeof reportViews)[number];
/** Spec 000 §9: reports are fetched 3 items per page. */
export const reportPageSize = 3;
export const maxReportPageSize = 50;

/** The download's file name: the view in words (responsesToQuestions → responses-to-questions, comments → open-feedback) and the organisation id. */
export const reportFileStem: Record<ReportView, string> = {
  responsesToQuestions: "responses-to-questions",
  comments: "open-feedback",
  "24h": "24-hours",
};
export const reportFileName = (view: ReportView, organizationId: string) => `${reportFileStem[view]}-${organizationId}.json`;

const yearSchema = z.coerce
  .number({ message: "year must be a year such as 2026" })
  .int("year must be a year such as 2026")
  .min(2000, "year must be a year such as 2026")
  .max(2100, "year must be a year such as 2026");
const viewSchema = z.enum(reportViews, { message: `view must be one of ${reportViews.join(", ")}` });

const filterSchema = z.object({
  view: viewSchema.default("responsesToQuestions"),
  year: yearSchema.optional(),
  search: searchSchema.optional(),
});
const pageSchema = filterSchema.extend({
  skip: z.coerce
    .number({ message: "skip must be a whole number of at least 0" })
    .int("skip must be a whole number of at least 0")
    .min(0, "skip must be a whole number of at least 0")
    .max(1_000_000, "skip is too large")
    .default(0),
  limit: z.coerce
    .number({ message: `limit must be a whole number from 1 to ${maxReportPageSize}` })
    .int(`limit must be a whole number from 1 to ${maxReportPageSize}`)
    .min(1, `limit must be a whole number from 1 to ${maxReportPageSize}`)
    .max(maxReportPageSize, `limit must be a whole number from 1 to ${maxReportPageSize}`)
    .default(reportPageSize),
});
const unitSchema = z.object({ view: viewSchema.default("responsesToQuestions"), year: yearSchema.optional(), organizationId: objectIdSchema });

/** One period of a report: a month (1–12) of the year, or an hour (its start, ISO) of the last 24. */
export type ReportPeriod = { period: string; responses: number; answers: number; comments: number };

export type ReportItem = {
  organizationId: string;
  name: string;
  view: ReportView;
  /** The year of a monthly view; null for the 24-hour view. */
  year: number | null;
  from: Date;
  to: Date;
  /** 12 months (period "2026-01" …) or 24 hours (period = the hour's start), oldest first, zeros included. */
  periods: ReportPeriod[];
  totals: { responses: number; answers: number; comments: number };
};

type Window = { from: Date; to: Date; year: number | null; hourly: boolean };

function windowOf(view: ReportView, year: number | undefined, now: Date): Window {
  if (view === "24h") {
    const to = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000 + 3_600_000);
    return { from: new Date(to.getTime() - 24 * 3_600_000), to, year: null, hourly: true };
  }
  const y = year ?? now.getUTCFullYear();
  return { from: new Date(Date.UTC(y, 0, 1)), to: new Date(Date.UTC(y + 1, 0, 1)), year: y, hourly: false };
}

function periodsOf(w: Window): string[] {
  if (w.hourly) return Array.from({ length: 24 }, (_, i) => new Date(w.from.getTime() + i * 3_600_000).toISOString());
  return Array.from({ length: 12 }, (_, i) => `${w.year}-${String(i + 1).padStart(2, "0")}`);
}

type SumRow = { key: string; period: string; responses: bigint | number; answers: bigint | number; comments: bigint | number };

/**
 * The sums per key (organisation or unit) and period: responses from the response roll-up; answers
 * ("*" = every answer) and open-text answers from the daily answer roll-up, or for the 24-hour view
 * from the raw rows. `keyColumn` is "organizationId" or "unitId"; `keys` the ids asked for.
 */
async function sums(ctx: DomainContext, w: Window, keyColumn: "organizationId" | "unitId", keys: string[], organizationId?: string): Promise<SumRow[]> {
  if (keys.length === 0) return [];
  const period = w.hourly ? `to_char(bucket AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:00:00.000"Z"')` : `to_char(bucket AT TIME ZONE 'UTC', 'YYYY-MM')`;
  const responseTable = w.hourly ? `"RollupResponseHour"` : `"RollupResponseDay"`;
  // The organisations' open-text questions first (a small indexed read), so the answers are summed
  // without a join to "Question".
  const textQuestions = await ctx.prisma.question.findMany({
    where: { type: "openText", organizationId: organizationId ? organizationId : { in: keys } },
    select: { id: true },
  });
  const params: unknown[] = [keys, w.from, w.to, textQuestions.map((q) => q.id)];
  if (organizationId) params.push(organizationId);
  const keyTable = keyColumn === "organizationId" ? "organization" : "unit";
  const keyCode = `${keyTable}Code`;
  const keyTableName = codeTables[keyTable];
  const ans = w.hourly
    ? // The hours from the raw rows: the window's responses by Response(organizationId, hour), their
      // answers by "Answer"("responseId"). As the roll-ups count: every answer of the responses not
      // hidden and not over the limit. The period's format drops the minutes (the UTC hour). A
      // response names its team by code (migration 20261130000000_response_unit_code): named once per sum.
      `ans_raw AS (
       SELECT ${keyColumn === "unitId" ? `r."unitCode"` : `r."organizationId"`} AS k, ${period.replaceAll("bucket", `r."createdAt"`)} AS period,
              count(*) AS answers, count(*) FILTER (WHERE a."questionId" = ANY($4::varchar[])) AS comments
         FROM "Response" r ${answersJoin("a", "r")}
        WHERE ${organizationId ? `r."unitCode" = ${codesOf("unit", "$1::varchar[]")} AND r."organizationId" = $5` : `r."organizationId" = ANY($1::varchar[])`}
              AND ${answerWindowWithin("r", w, "$2::timestamptz", "$3::timestamptz")} AND r."hidden" = false AND r."overLimit" = false
        GROUP BY 1, 2),
     ans AS (
       SELECT ${keyColumn === "unitId" ? `u."id"` : "c.k"} AS key, c.period, c.answers, c.comments
         FROM ans_raw c${keyColumn === "unitId" ? ` JOIN "Unit" u ON u."code" = c.k` : ""})`
    : // The roll-ups are keyed by codes (analytics/rollups.ts): the keys and questions are turned into
      // codes once, and the sums' codes back into ids (the response roll-up's too, below).
      `ans_codes AS (
       SELECT a."${keyCode}" AS code, ${period.replaceAll("bucket", `a."bucket"`)} AS period,
              sum(a."count") AS answers,
              sum(a."count") FILTER (WHERE a."questionCode" = ${codesOf("question", "$4::varchar[]")}) AS comments
         FROM "RollupAnswerDay" a
        WHERE a."${keyCode}" = ${codesOf(keyTable, "$1::varchar[]")} AND a."bucket" >= $2 AND a."bucket" < $3 AND a."value" = '*'
              ${organizationId ? `AND a."organizationCode" = ${codeOf("organization", "$5")}` : ""}
        GROUP BY 1, 2),
     ans AS (
       SELECT k."id" AS key, c.period, c.answers, c.comments FROM ans_codes c JOIN "${keyTableName}" k ON k."code" = c.code)`;
  return ctx.prisma.$queryRawUnsafe<SumRow[]>(
    `WITH resp_codes AS (
       SELECT r."${keyCode}" AS code, ${period.replaceAll("bucket", `r."bucket"`)} AS period, sum(r."responses") AS responses
         FROM ${responseTable} r
        WHERE r."${keyCode}" = ${codesOf(keyTable, "$1::varchar[]")} AND r."bucket" >= $2 AND r."bucket" < $3
              ${organizationId ? `AND r."organizationCode" = ${codeOf("organization", "$5")}` : ""}
        GROUP BY 1, 2),
     resp AS (
       SELECT k."id" AS key, c.period, c.responses FROM resp_codes c JOIN "${keyTableName}" k ON k."code" = c.code),
     ${ans}
     SELECT coalesce(resp.key, ans.key) AS key, coalesce(resp.period, ans.period) AS period,
            coalesce(resp.responses, 0)::bigint AS responses, coalesce(ans.answers, 0)::bigint AS answers, coalesce(ans.comments, 0)::bigint AS comments
       FROM resp FULL JOIN ans ON ans.key = resp.key AND ans.period = resp.period`,
    ...params,
  );
}

function assemble(w: Window, rows: SumRow[], key: string): { periods: ReportPeriod[]; totals: ReportItem["totals"] } {
  const byPeriod = new Map(rows.filter((r) => r.key === key).map((r) => [r.period, r]));
  const periods = periodsOf(w).map((period) => {
    const r = byPeriod.get(period);
    return { period, responses: Number(r?.responses ?? 0), answers: Number(r?.answers ?? 0), comments: Number(r?.comments ?? 0) };
  });
  const totals = periods.reduce((t, p) => ({ responses: t.responses + p.responses, answers: t.answers + p.answers, comments: t.comments + p.comments }), {
    responses: 0,
    answers: 0,
    comments: 0,
  });
  return { periods, totals };
}

const searchWhere = (search: string | undefined) => {
  const s = search?.trim();
  return s ? { name: { contains: s, mode: "insensitive" as const } } : {};
};

/** GET /reports/count: how many report items (organisations) the filters give. */
export async function reportCount(ctx: DomainContext, input: unknown): Promise<{ count: number }> {
  requireSystemAdmin(ctx);
  const q = parseInput(filterSchema, input);
  return { count: await ctx.prisma.organization.count({ where: searchWhere(q.search) }) };
}

/** GET /reports: one page of report items, organisations by name. */
export async function reportPage(ctx: DomainContext, input: unknown, now = new Date()): Promise<ReportItem[]> {
  requireSystemAdmin(ctx);
  const q = parseInput(pageSchema, input);
  const w = windowOf(q.view, q.year, now);
  const orgs = await ctx.prisma.organization.findMany({
    where: searchWhere(q.search),
    select: { id: true, name: true },
    orderBy: [{ name: "asc" }, { id: "asc" }],
    skip: q.skip,
    take: q.limit,
  });
  const rows = await sums(
    ctx,
    w,
    "organizationId",
    orgs.map((o) => o.id),
  );
  return orgs.map((o) => ({ organizationId: o.id, name: o.name, view: q.view, year: w.year, from: w.from, to: w.to, ...assemble(w, rows, o.id) }));
}

export type UnitReport = {
  organizationId: string;
  name: string;
  view: ReportView;
  year: number | null;
  from: Date;
  to: Date;
  generatedAt: Date;
  fileName: string;
  /** Every team of the organisation (parentId gives the tree), with its own responses (not its sub-teams'). */
  units: { unitId: string; name: string; parentId: string | null; periods: ReportPeriod[]; totals: ReportItem["totals"] }[];
  totals: ReportItem["totals"];
};

/** GET /reports/unit: one organisation's report per team, downloaded as a JSON file (reportFileName). */
export async function unitReport(ctx: DomainContext, input: unknown, now = new Date()): Promise<UnitReport> {
  requireSystemAdmin(ctx);
  const q = parseInput(unitSchema, input);
  const org = await ctx.prisma.organization.findUnique({ where: { id: q.organizationId }, select: { id: true, name: true } });
  if (!org) throw notFound(noOrganizationMessage);
  const w = windowOf(q.view, q.year, now);
  const units = await organizationDb(ctx, org.id).unit.findMany({
    select: { id: true, name: true, parentId: true },
    orderBy: [{ name: "asc" }, { id: "asc" }],
  });
  const rows = await sums(
    ctx,
    w,
    "unitId",
    units.map((u) => u.id),
    org.id,
  );
  const perUnit = units.map((u) => ({ unitId: u.id, name: u.name, parentId: u.parentId, ...assemble(w, rows, u.id) }));
  const totals = perUnit.reduce(
    (t, u) => ({ responses: t.responses + u.totals.responses, answers: t.answers + u.totals.answers, comments: t.comments + u.totals.comments }),
    {
      responses: 0,
      answers: 0,
      comments: 0,
    },
  );
  return {
    organizationId: org.id,
    name: org.name,
    view: q.view,
    year: w.year,
    from: w.from,
    to: w.to,
    generatedAt: now,
    fileName: reportFileName(q.view, org.id),
    units: perUnit,
    totals,
  };
}
