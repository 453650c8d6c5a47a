// The response scope: which responses an analytics call may read. Every reader of responses for
// analytics (summary, results, feedback list, exports, text analytics, root causes, share links)
// selects them through `responseScope`, so visibility is decided in one place.
//
// Who sees what (spec 001 §2 "Users see only the touchpoints they have access to … Ranking and
// summary can be restricted to a team and its sub-teams"):
// - a signed-in member: responses of the units where they may view results (a role held in a unit
//   covers its sub-units; organisation admins see every unit), by the response's own unit (a
//   touchpoint moved to another team without its responses leaves them where they were);
// - with the organisation setting restrictSummaryToTeam, the summary (purpose "summary") shows only
//   the units under the viewer's own roles, organisation admins included;
// - `filters.unitId` narrows further to one team and its sub-teams (a team outside what the caller
//   may see gives no data, not an error);
// - a share link (no user): the link's organisation, bounded by what the link's creator may see
//   there now (their rights are loaded at every read), narrowed by the link's filters.
// Always: the caller's organisation, not hidden, not over the response limit (stored but never
// shown: respondent/response-limit.ts), inside [from, to). Ids of another organisation simply
// match nothing.
import { answersOfResponse, type AnswerWindow } from "../answers/rows.js";
import { answerWindowWithin } from "../answers/answer-hours.js";
import type { PrismaClient } from "../../generated/prisma/client.js";
import type { DomainContext } from "../context.js";
import { notFound } from "../errors.js";
import { loadAccess, subtreeOf, unitCodesAmong, unitsWithRight, type UnitRow } from "../../permissions/access.js";
import { rightsOfRole } from "../../permissions/rights.js";
import { loadViewer } from "../viewer.js";
import type { ResultsFilters } from "./filters.js";
import { codesOf } from "./codes.js";
import { memoSlot, perRequest, type RequestMemo } from "../request-memo.js";
import { organizationDb } from "../tenancy.js";

/**
 * A share link's reader: the organisation of the link, no user (contract item 3), seeing at most
 * what the link's creator may see in that organisation now. Made by ./request.ts (linkReader).
 */
export type LinkReader = {
  prisma: PrismaClient;
  share: { organizationId: string; createdByUserId: string; allowChanges?: readonly string[] };
  /** The request's memo (domain/request-memo.ts): the creator's visibility is read once per request. */
  memo?: RequestMemo;
};
/**
 * Whose rights responses are read with (not who asks: that is ./caller.ts Caller): a member's own
 * context, or a link read as its creator. ./request.ts resultsRequest makes it from the caller.
 */
export type ResultsReader = DomainContext | LinkReader;

const isLinkReader = (c: ResultsReader): c is LinkReader => "share" in c && !!(c as LinkReader).share;

/**
 * What the caller may change of the filters: null for members (everything); a share link's list for
 * its visitor, and nothing when a share caller carries none (fails closed).
 */
export const allowedChangesOf = (c: ResultsReader): readonly string[] | null => (isLinkReader(c) ? (c.share.allowChanges ?? []) : null);

export type ScopePurpose = "results" | "summary";

/** What the caller may see, before the filters: the organisation and its visible units. */
export type Visibility = {
  organizationId: string;
  /** null = every unit of the organisation (organisation admin, share link). */
  unitIds: string[] | null;
  units: UnitRow[];
  restrictSummaryToTeam: boolean;
};

export type ResponseScope = {
  /** A WHERE fragment over `"Response" <alias>` (default `r`), parameters numbered from `firstParam`. */
  sql: string;
  params: unknown[];
  organizationId: string;
  /** Units the scope admits after visibility and filters.unitId (null = all of the organisation's). */
  unitIds: string[] | null;
};

// A share link's creator's visibility, read once per request (every field of a shared view asks).
const linkVisibilitySlot = memoSlot("share link visibility", () => new Map<string, Promise<Visibility>>());

async function linkVisibility(caller: LinkReader): Promise<Visibility> {
  const org = await caller.prisma.organization.findUnique({ where: { id: caller.share.organizationId }, select: { id: true, restrictSummaryToTeam: true } });
  if (!org) throw notFound("No organization found");
  const viewer = await loadViewer(caller.prisma, caller.share.createdByUserId, "accessToken", { organizationId: org.id });
  // A creator who left the organisation shows nothing (sharing also refuses such links).
  if (!viewer) return { organizationId: org.id, unitIds: [], units: [], restrictSummaryToTeam: false };
  const m = await loadAccess({ prisma: caller.prisma, viewer } as unknown as DomainContext);
  return {
    organizationId: org.id,
    unitIds: m.organizationAdmin ? null : [...unitsWithRight(m, "viewResults")],
    units: m.units,
    restrictSummaryToTeam: false,
  };
}

/** The organisation and units the caller may read results of. */
export async function callerVisibility(caller: ResultsReader, purpose: ScopePurpose = "results"): Promise<Visibility> {
  if (isLinkReader(caller)) {
    const memo = perRequest(caller, linkVisibilitySlot);
    const key = `${caller.share.organizationId}:${caller.share.createdByUserId}`;
    let visibility = memo.get(key);
    if (!visibility) {
      memo.set(key, (visibility = linkVisibility(caller)));
      visibility.catch(() => memo.delete(key));
    }
    return visibility;
  }
  const m = await loadAccess(caller);
  const org = await caller.prisma.organization.findUnique({ where: { id: m.organizationId }, select: { restrictSummaryToTeam: true } });
  const restrict = org?.restrictSummaryToTeam ?? false;
  let unitIds: string[] | null;
  if (purpose === "summary" && restrict && !m.viewer.systemAdmin) {
    // The viewer's own teams and their sub-teams, whatever the organisation-admin flag says.
    const own = new Set<string>();
    for (const g of m.grants) if (rightsOfRole[g.role].has("viewResults")) for (const id of subtreeOf(m.units, g.unitId)) own.add(id);
    unitIds = [...own];
  } else if (m.organizationAdmin) unitIds = null;
  else unitIds = [...unitsWithRight(m, "viewResults")];
  return { organizationId: m.organizationId, unitIds, units: m.units, restrictSummaryToTeam: restrict };
}

/**
 * The database of the organisation a results read works in: the caller's current one, or a share
 * link's (its visitor has no organisation of their own). Every Prisma read of the results area goes
 * through it; raw SQL takes the organisation from the scope (ResponseScope.organizationId).
 */
export function resultsDb(reader: ResultsReader, v: Pick<Visibility, "organizationId">): PrismaClient {
  return organizationDb(reader, v.organizationId);
}

/** Units admitted by the visibility and a filters.unitId (team and its sub-teams). */
export function admittedUnits(v: Visibility, unitId: string | null): string[] | null {
  if (!unitId) return v.unitIds;
  const team = v.units.some((u) => u.id === unitId) ? [...subtreeOf(v.units, unitId)] : [];
  return v.unitIds === null ? team : team.filter((id) => v.unitIds!.includes(id));
}

export type ScopeOptions = {
  alias?: string;
  /** Number of the first placeholder ($n), so the fragment can follow the caller's own parameters. */
  firstParam?: number;
  purpose?: ScopePurpose;
  /** Use the earlier window ([earlierFrom, earlierTo)) instead of [from, to). */
  period?: "now" | "earlier" | "both";
  /** Leave out the date range (e.g. used-metadata lists over all time). */
  noDates?: boolean;
  /** Apply restrictByAnswer and metaDataMatch (default true). */
  responseFilters?: boolean;
  /** Hidden responses are left out, except in these units (where the caller manages responses). */
  hiddenAlsoInUnits?: string[];
};

/** Builds the WHERE fragment for the caller and filters. */
export async function responseScope(caller: ResultsReader, filters: ResultsFilters, opts: ScopeOptions = {}): Promise<ResponseScope> {
  const v = await callerVisibility(caller, opts.purpose ?? "results");
  return buildScope(v, filters, opts);
}

/**
 * A response's metadata as an object for jsonb_object_keys / jsonb_each_text: `{}` when it is not an
 * object (an array, a scalar, SQL NULL), which those functions would refuse.
 */
export const metadataObjectSql = (metadata: string) => `(CASE WHEN jsonb_typeof(${metadata}) = 'object' THEN ${metadata} ELSE '{}'::jsonb END)`;

/**
 * The codes of the teams `unitIds` names, from the visibility's teams (every team of the organisation),
 * as constants the planner knows; null when one of them is not among those teams (a visibility built
 * without its teams), so the SQL looks them up instead.
 */
function unitCodesIn(v: Visibility, unitIds: readonly string[]): number[] | null {
  const codes = unitCodesAmong(v.units, unitIds);
  return codes.length === new Set(unitIds).size ? codes : null;
}

/** The fragment for a known visibility (no database access). */
export function buildScope(v: Visibility, filters: ResultsFilters, opts: ScopeOptions = {}): ResponseScope {
  const a = opts.alias ?? "r";
  const params: unknown[] = [];
  const first = opts.firstParam ?? 1;
  const p = (value: unknown, cast = "") => {
    params.push(value);
    return `$${first + params.length - 1}${cast}`;
  };
  // A response names its team by code (migration 20261130000000_response_unit_code): the visibility's
  // teams give the codes as constants, so the planner knows them (else an initplan looks them up).
  const unitIn = (unitIds: readonly string[]) => {
    const codes = unitCodesIn(v, unitIds);
    return `${a}."unitCode" = ${codes ? `ANY(${p(codes, "::int[]")})` : codesOf("unit", p(unitIds, "::text[]"))}`;
  };
  const hiddenUnits = opts.hiddenAlsoInUnits ?? [];
  const notHidden = hiddenUnits.length ? `(${a}."hidden" = false OR ${unitIn(hiddenUnits)})` : `${a}."hidden" = false`;
  // Over-limit responses are left out for everyone, whatever hiddenAlsoInUnits says.
  const where: string[] = [`${a}."organizationId" = ${p(v.organizationId)}`, notHidden, `${a}."overLimit" = false`];
  const unitIds = admittedUnits(v, filters.unitId);
  if (unitIds !== null) where.push(unitIn(unitIds));
  if (filters.touchpointIds.length) where.push(`${a}."touchpointCode" = ${codesOf("touchpoint", p(filters.touchpointIds, "::text[]"))}`);
  if (filters.surveyIds.length) where.push(`${a}."surveyId" = ANY(${p(filters.surveyIds, "::text[]")})`);
  // An answer carries its response's createdAt (schema.prisma), so the restriction below reads only
  // the window's answers of its question (the index by question and hour: answers/answer-hours.ts)
  // instead of all of them (docs/analytics.md "Filters at speed").
  let answerWindow: AnswerWindow | undefined;
  if (!opts.noDates) {
    const period = opts.period ?? "now";
    const from = period === "now" ? filters.from : filters.earlierFrom;
    const to = period === "earlier" ? filters.earlierTo : filters.to;
    const fromP = p(from, "::timestamptz");
    const toP = p(to, "::timestamptz");
    answerWindow = { from, to, fromSql: fromP, toSql: toP };
    // Through the organisation's or the survey's index by hour (answers/answer-hours.ts).
    where.push(answerWindowWithin(a, answerWindow, fromP, toP));
  }
  if (opts.responseFilters !== false) {
    for (const r of filters.restrictByAnswer) {
      const alts: string[] = [];
      if (r.choiceIds.length) alts.push(`ra."choiceIds" && ${p(r.choiceIds, "::text[]")}`);
      if (r.numbers.length) alts.push(`EXISTS (SELECT 1 FROM unnest(${p(r.numbers, "::float8[]")}) rn(v) WHERE abs(ra."numericValue" - rn.v) < 1e-6)`);
      const range: string[] = [];
      if (r.gte !== null) range.push(`ra."numericValue" >= ${p(r.gte, "::float8")}`);
      if (r.lt !== null) range.push(`ra."numericValue" < ${p(r.lt, "::float8")}`);
      if (range.length) alts.push(`(${range.join(" AND ")})`);
      where.push(
        `EXISTS (SELECT 1 FROM ${answersOfResponse(`${a}."id"`, { questions: { eq: p(r.questionId) }, window: answerWindow, fence: false })} ra WHERE ${alts.join(" OR ")})`,
      );
    }
    const meta = filters.metaDataMatch;
    if (meta) {
      if (meta.strict) {
        // Strict: every key named must match (one of its listed values).
        const byKey = new Map<string, string[]>();
        for (const it of meta.items) byKey.set(it.key, [...(byKey.get(it.key) ?? []), it.value]);
        for (const [key, values] of byKey) where.push(`(${a}."metadata" ->> ${p(key)}) = ANY(${p(values, "::text[]")})`);
      } else {
        // Not strict: any one pair matches.
        where.push(`(${meta.items.map((it) => `(${a}."metadata" ->> ${p(it.key)}) = ${p(it.value)}`).join(" OR ")})`);
      }
    }
  }
  return { sql: where.join(" AND "), params, organizationId: v.organizationId, unitIds };
}

/** The surveys with responses in the scope, most answered first (at most 100): the results' and the filter bar's questions when no survey is chosen. */
export async function surveysWithResponses(prisma: PrismaClient, v: Visibility, f: ResultsFilters): Promise<string[]> {
  const scope = buildScope(v, f, { alias: "r" });
  const rows = await prisma.$queryRawUnsafe<{ surveyId: string }[]>(
    `SELECT r."surveyId", count(*) AS n FROM "Response" r WHERE ${scope.sql} GROUP BY 1 ORDER BY n DESC LIMIT 100`,
    ...scope.params,
  );
  return rows.map((r) => r.surveyId);
}

/**
 * Of `surveyIds`, those the caller may open, in the given order: surveys of the organisation owned
 * by one of `unitIds` or with responses from one of them (spec 000 §6 "Surveys of other teams are
 * visible when the user has responses from them"; the survey list's rule, domain/surveys), every
 * survey of the organisation when `unitIds` is null. Analytics answers that carry question texts
 * (results, the feedback list's columns, root causes, text analytics) read questions only of these,
 * so an id of a survey the caller may not open reveals nothing.
 */
export async function visibleSurveyIds(
  db: Pick<PrismaClient, "$queryRawUnsafe">,
  { organizationId, unitIds }: { organizationId: string; unitIds: readonly string[] | null },
  surveyIds: readonly string[],
): Promise<string[]> {
  if (!surveyIds.length) return [];
  const rows = await db.$queryRawUnsafe<{ id: string }[]>(
    `SELECT s.id FROM "Survey" s
      WHERE s."organizationId" = $1 AND s.id = ANY($2::text[])
        AND ($3::text[] IS NULL OR s."unitId" = ANY($3::text[])
             OR EXISTS (SELECT 1 FROM "Response" r WHERE r."surveyId" = s.id AND r."unitCode" = ${codesOf("unit", "$3::text[]")}))`,
    organizationId,
    [...surveyIds],
    unitIds === null ? null : [...unitIds],
  );
  const visible = new Set(rows.map((r) => r.id));
  return surveyIds.filter((id) => visible.has(id));
}
