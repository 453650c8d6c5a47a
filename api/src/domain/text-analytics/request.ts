// Text analytics and root causes read through the one results scope (results-scope/request.ts): a
// member with the results filters, or a share link's visitor whose filters are the link's with the
// changes its allowChanges permits, bounded by what the link's creator may see now. Questions are
// looked up in the scope's organisation only, and only of surveys the caller (or the creator) may open.
import type { DomainContext } from "../context.js";
import { badInput, notFound } from "../errors.js";
import { parseResultsFilters, type ResultsFilters } from "../results-scope/filters.js";
import { buildScope, callerVisibility, resultsDb, visibleSurveyIds, type ResponseScope } from "../results-scope/response-scope.js";
import { resultsRequest } from "../results-scope/request.js";
import type { ShareOptions } from "../results-scope/share-link.js";
import type { PrismaClient, QuestionType } from "../../generated/prisma/client.js";

export type AnalyticsRequestInput = {
  /** the results filters in their wire shape (spec 001 §3) */
  filters?: unknown;
  /** a share link's token, for visitors without a session (else the request's X-Share-Token) */
  shareToken?: string | null;
};

export type ResolvedRequest = {
  filters: ResultsFilters;
  scope: ResponseScope;
  /** the link's options for a share visitor, else null */
  share: ShareOptions | null;
  /** questions the filters hide (options.hiddenQuestions, and a link's hiddenFromToken) */
  hiddenQuestionIds: Set<string>;
  /** the units whose surveys the caller may open (null: all of the organisation's): response-scope.ts visibleSurveyIds */
  visibleUnitIds: string[] | null;
  /** the database of the scope's organisation (response-scope.ts resultsDb) */
  db: PrismaClient;
};

export async function resolveAnalyticsRequest(ctx: DomainContext, input: AnalyticsRequestInput): Promise<ResolvedRequest> {
  const visitor = input.filters ?? undefined;
  if (!ctx.viewer && visitor !== undefined && (typeof visitor !== "object" || Array.isArray(visitor)))
    throw badInput("The filters must be an object", "filters");
  const r = await resultsRequest(ctx, { shareToken: input.shareToken, filters: input.filters });
  // A member's filters as sent (parseResultsFilters refuses what is not an object).
  const filters = parseResultsFilters(r.share ? r.filters : input.filters);
  const visibility = await callerVisibility(r.reader, "results");
  const scope = buildScope(visibility, filters);
  return {
    filters,
    scope,
    share: r.share?.options ?? null,
    visibleUnitIds: visibility.unitIds,
    db: resultsDb(r.reader, visibility),
    hiddenQuestionIds: new Set([...filters.options.hiddenQuestions, ...filters.hiddenFromToken]),
  };
}

export type ScopedQuestion = { id: string; surveyId: string; type: QuestionType; title: unknown; choices: unknown; options: unknown; position: number };

/**
 * A question of the scope's organisation, else "Question not found" (an id of another
 * organisation, a malformed id, or one the share link hides).
 */
export async function findScopedQuestion(req: ResolvedRequest, questionId: string): Promise<ScopedQuestion> {
  const question = /^[0-9a-f]{24}$/.test(questionId)
    ? await req.db.question.findFirst({
        where: { id: questionId },
        select: { id: true, surveyId: true, type: true, title: true, choices: true, options: true, position: true },
      })
    : null;
  if (!question || (req.share && req.hiddenQuestionIds.has(question.id))) throw notFound("Question not found");
  // Only questions of surveys the caller (or the link's creator) may open.
  if (!(await visibleSurveyIds(req.db, { organizationId: req.scope.organizationId, unitIds: req.visibleUnitIds }, [question.surveyId])).length)
    throw notFound("Question not found");
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
