// Who asks and under which filters, for text analytics and root causes: a signed-in member with the
// results filters, or a share link's visitor (no session) whose filters are the link's with the
// changes its allowChanges permits (domain/sharing/scope.ts). Either way responses are selected
// through the one response scope (domain/analytics/scope.ts) and questions are looked up in the
// scope's organisation only.
import type { DomainContext } from "../context.js";
import { badInput, notFound, unauthenticated } from "../errors.js";
import { parseResultsFilters, type ResultsFilters } from "../results-scope/filters.js";
import { buildScope, callerVisibility, visibleSurveyIds, type AnalyticsCaller, type ResponseScope } from "../results-scope/response-scope.js";
import { resolveShareScope, type ShareOptions } from "../results-scope/share-link.js";
import { shareTokenOf } from "../sharing/caller.js";
import type { QuestionType } from "../../generated/prisma/client.js";

export type AnalyticsRequestInput = {
  /** the results filters in their wire shape (spec 001 §3) */
  filters?: unknown;
  /** a share link's token, for visitors without a session */
  shareToken?: string | null;
};

export type ResolvedRequest = {
  filters: ResultsFilters;
  scope: ResponseScope;
  /** the link's options for a share visitor, else null */
  share: ShareOptions | null;
  /** questions the filters hide (options.hiddenQuestions, and a link's hiddenFromToken) */
  hiddenQuestionIds: Set<string>;
  /** the units whose surveys the caller may open (null: all of the organisation's): analytics/scope.ts visibleSurveyIds */
  visibleUnitIds: string[] | null;
};

export async function resolveAnalyticsRequest(ctx: DomainContext, input: AnalyticsRequestInput): Promise<ResolvedRequest> {
  let filters: ResultsFilters;
  let caller: AnalyticsCaller;
  let share: ShareOptions | null = null;
  if (ctx.viewer) {
    filters = parseResultsFilters(input.filters);
    caller = ctx;
  } else {
    // The argument, else the GraphQL X-Share-Token header (ctx.shareToken), as every share-readable field.
    const shareToken = shareTokenOf(ctx, input.shareToken);
    if (!shareToken) throw unauthenticated();
    const visitor = input.filters === undefined || input.filters === null ? undefined : input.filters;
    if (visitor !== undefined && (typeof visitor !== "object" || Array.isArray(visitor))) throw badInput("The filters must be an object", "filters");
    const link = await resolveShareScope(ctx.prisma, shareToken, visitor as Record<string, unknown> | undefined);
    filters = parseResultsFilters(link.filters);
    // Bounded by what the link's creator may see, as every other share-link answer (analytics/caller.ts).
    caller = {
      prisma: ctx.prisma,
      share: { organizationId: link.organizationId, createdByUserId: link.createdByUserId, allowChanges: link.options.allowChanges },
    };
    share = link.options;
  }
  const visibility = await callerVisibility(caller, "results");
  const scope = buildScope(visibility, filters);
  return {
    filters,
    scope,
    share,
    visibleUnitIds: visibility.unitIds,
    hiddenQuestionIds: new Set([...filters.options.hiddenQuestions, ...filters.hiddenFromToken]),
  };
}

export type ScopedQuestion = { id: string; surveyId: string; type: QuestionType; title: unknown; choices: unknown; options: unknown; position: number };

/**
 * A question of the scope's organisation, else "Question not found" (an id of another
 * organisation, a malformed id, or one the share link hides).
 */
export async function findScopedQuestion(ctx: DomainContext, req: ResolvedRequest, questionId: string): Promise<ScopedQuestion> {
  const question = /^[0-9a-f]{24}$/.test(questionId)
    ? await ctx.prisma.question.findFirst({
        where: { id: questionId, organizationId: req.scope.organizationId },
        select: { id: true, surveyId: true, type: true, title: true, choices: true, options: true, position: true },
      })
    : null;
  if (!question || (req.share && req.hiddenQuestionIds.has(question.id))) throw notFound("Question not found");
  // Only questions of surveys the caller (or the link's creator) may open.
  if (!(await visibleSurveyIds(ctx.prisma, req.scope.organizationId, req.visibleUnitIds, [question.surveyId])).length) throw notFound("Question not found");
  return question;
}

/** A question's title in a language (its first one when that is missing). */
export function titleIn(title: unknown, locale: string): string {
  if (title && typeof title === "object" && !Array.isArray(title)) {
    const t = title as Record<string, unknown>;
    const text = t[locale] ?? t.en ?? Object.values(t).find((v) => typeof v === "string");
    if (typeof text === "string") return text;
  }
  return typeof title === "string" ? title : "";
}
