// GET /surveys with a share link's token (spec 001 §7 "GET /surveys: … token when shared"): the
// surveys the link may show its visitor, without a session.
// - The link's organisation, within what its creator may see and the link's own team (filters.unitId).
// - A link that lets the visitor change the survey (allowChanges surveyId): every survey they may
//   pick, as the filter bar offers them (analytics/filter-options.ts).
// - Otherwise the link's own surveys (filters.surveyId), or, with none, the surveys with responses
//   in the link's scope and window: the ones its results show.
// The REST answer gives a visitor only fields about the survey itself (no creator, settings,
// touchpoints or counters: rest/v5/surveys.ts).
import { unitCodesAmong } from "../../permissions/access.js";
import type { Prisma } from "../../generated/prisma/client.js";
import type { DomainContext } from "../context.js";
import { resultsRequest } from "../results-scope/request.js";
import { parseResultsFilters } from "../results-scope/filters.js";
import { mayChangeFilter } from "../analytics/filter-options.js";
import { admittedUnits, allowedChangesOf, callerVisibility, surveysWithResponses } from "../results-scope/response-scope.js";
import { listSelect, type SurveyRow } from "./surveys.js";

export async function listSharedSurveys(ctx: DomainContext, token: string, scope: "all" | "active" = "all", opts: { now?: Date } = {}): Promise<SurveyRow[]> {
  const resolved = await resultsRequest(ctx, { shareToken: token });
  const caller = resolved.reader;
  const f = parseResultsFilters(resolved.filters, { now: opts.now });
  const v = await callerVisibility(caller, "results");
  const units = admittedUnits(v, f.unitId);
  if (units !== null && units.length === 0) return [];
  const inUnits: Prisma.SurveyWhereInput =
    units === null ? {} : { OR: [{ unitId: { in: units } }, { responses: { some: { unitCode: { in: unitCodesAmong(v.units, units) } } } }] };
  let only: string[] | null = null;
  if (!mayChangeFilter(allowedChangesOf(caller), "surveyId")) only = f.surveyIds.length ? f.surveyIds : await surveysWithResponses(caller.prisma, v, f);
  const rows = await ctx.prisma.survey.findMany({
    where: {
      AND: [{ organizationId: v.organizationId, isTemplate: false }, inUnits, only ? { id: { in: only } } : {}, scope === "active" ? { archived: false } : {}],
    },
    select: listSelect,
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
  });
  return rows.map((r) => ({ ...r, hidden: false }));
}
