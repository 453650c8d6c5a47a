// The feedback list service: the scope of responses the caller (a member, or a share link's visitor:
// results-scope/request.ts) may read, and the JSON page (REST `POST /results/list` format json, spec 001 §7) or
// the GraphQL connection page. Files (csv, xlsx) go through ./exports.ts and ./export-run.ts.
//
// Hidden responses: a member sees the hidden responses of the units where they may manage responses
// (flagged `hidden`, so they can show them again); everywhere else (other members, share links,
// files) hidden responses are left out, as in every other result. Hidden answers show, flagged, to
// members; share links and files blank them.
import { requireFeature, requireOrganizationFeature } from "../features/features.js";
import { z } from "zod";
import type { DomainContext } from "../context.js";
import { badInput } from "../errors.js";
import { parseInput } from "../validation.js";
import { parseResultsFilters, type ResultsFilters } from "../results-scope/filters.js";
import { buildScope, callerVisibility, responseScope, type ResultsReader, type Visibility } from "../results-scope/response-scope.js";
import { listMetaKeys, listOverview, listSampleIds, pageSinceOf, servedResponseCount, type ListOverview } from "../analytics/engine.js";
import { linkReader, resultsRequest } from "../results-scope/request.js";
import type { ShareOptions, ShareScope } from "../results-scope/share-link.js";
import { loadAccess, unitsWithRight } from "../../permissions/access.js";
import {
  countQuery,
  formatRow,
  maxMetaKeys,
  pageMetaKeySample,
  normaliseRow,
  planFeedbackList,
  rowsQuery,
  type Column,
  type FeedbackListPlan,
  type ScopeSql,
  type FormattedRow,
  type SatisfactionScale,
} from "./query.js";

export const feedbackListMessages = {
  badPage: "page is a whole number from 1",
  badPageSize: `pageSize is a whole number from 1 to 500`,
  badLocale: "locale is a language code such as en, es or fi",
  badCursor: "This cursor is not valid: start again from the first page",
  badFirst: "first is a whole number from 1 to 500",
} as const;

const defaultPageSize = 50;
export const maxPageSize = 500;

export const localeSchema = z.string({ message: feedbackListMessages.badLocale }).regex(/^[a-z]{2}(-[A-Z]{2})?$/, feedbackListMessages.badLocale);

/** The list's input; shareToken: a share link's token (else the request's X-Share-Token; ignored for members). */
export type ListInput = { filters?: unknown; locale?: unknown; shareToken?: string | null };

export type ResolvedList = {
  plan: FeedbackListPlan;
  filters: ResultsFilters;
  share: ShareOptions | null;
  /** Whose rights the responses are read with, and the units whose hidden responses show too (the total's count). */
  reader: ResultsReader;
  hiddenAlsoInUnits: string[];
  /**
   * The newest `pageMetaKeySample` matching responses, newest first, when the meta_ sample found them
   * through the response bit strings (metaSampleOf): a numbered page's ids are their first rows.
   */
  newestIds?: string[];
  /** Under response-level filters the bit strings serve: the total, and the matches per day the pages are bounded by (analytics/engine.ts listOverview). */
  overview?: ListOverview;
};

/**
 * Works out the scope and columns. Members: the results scope plus, where they may manage responses,
 * the hidden ones. Share links: the link's organisation and filters (with the visitor's allowed
 * changes), hidden responses and answers left out, the link's hide options applied.
 */
async function resolveFeedbackList(ctx: DomainContext, input: ListInput): Promise<ResolvedList> {
  const locale = input.locale === undefined || input.locale === null ? "en" : parseInput(localeSchema, input.locale);
  const request = await resultsRequest(ctx, { shareToken: input.shareToken, filters: input.filters });
  const share = request.share;
  if (share) {
    // The feedback list is the plan's feedbackInbox (features.ts), the link's organisation's here.
    await requireOrganizationFeature(ctx.prisma, share.organizationId, "feedbackInbox");
    const view = await shareListView(ctx, share);
    const reader = linkReader(ctx, share);
    const visibility = await callerVisibility(reader, "results");
    const { sample, surveyIds, overview } = await columnsOf(ctx, visibility, view.filters, []);
    const plan = await planFeedbackList(ctx.prisma, {
      scope: view.scope,
      filters: { ...view.filters, feedbackListHiddenColumns: view.hiddenColumns },
      locale,
      hideTimestamps: view.hideTimestamps,
      blankHiddenAnswers: view.blankHiddenAnswers,
      smileyScale: view.smileyScale,
      metaKeySample: pageMetaKeySample,
      ...sample,
      surveyIds,
    });
    return { plan, filters: view.filters, share: share.options, reader, hiddenAlsoInUnits: [], newestIds: sample.metaKeySampleIds, overview };
  }
  await requireFeature(ctx, "feedbackInbox");
  const filters = parseResultsFilters(input.filters);
  // The list also shows hidden responses in the units where the caller manages responses.
  const m = await loadAccess(ctx);
  const hiddenAlsoInUnits = [...unitsWithRight(m, "manageResponses")];
  const scope = await responseScope(request.reader, filters, { hiddenAlsoInUnits });
  const visibility = await callerVisibility(request.reader, "results");
  const { sample, surveyIds, overview } = await columnsOf(ctx, visibility, filters, hiddenAlsoInUnits);
  const plan = await planFeedbackList(ctx.prisma, { scope, filters, locale, metaKeySample: pageMetaKeySample, ...sample, surveyIds });
  return { plan, filters, share: null, reader: request.reader, hiddenAlsoInUnits, newestIds: sample.metaKeySampleIds, overview };
}

type MetaColumns = { metaKeys?: string[]; metaKeySampleIds?: string[]; metaKeyScope?: ScopeSql };

/**
 * The list's surveys and meta_ columns. Under response-level filters the bit strings serve: with the
 * total and the matches per day, from one statement (analytics/engine.ts listOverview). Otherwise
 * the surveys are probed from the raw rows (planFeedbackList), and the meta_ columns are the keys of
 * the window from the bit strings where they serve an unfiltered window (listMetaKeys), else a
 * sample of its newest responses (planFeedbackList).
 */
async function columnsOf(
  ctx: DomainContext,
  v: Visibility,
  filters: ResultsFilters,
  hiddenAlsoInUnits: string[],
): Promise<{ sample: MetaColumns; surveyIds: string[] | null; overview?: ListOverview }> {
  const overview = await listOverview(ctx.prisma, v, filters, hiddenAlsoInUnits, maxMetaKeys);
  if (overview) {
    const sample = overview.metaKeys ? { metaKeys: overview.metaKeys } : await metaSampleOf(ctx, v, filters, hiddenAlsoInUnits, overview);
    return { sample, surveyIds: overview.surveyIds, overview };
  }
  const metaKeys = await listMetaKeys(ctx.prisma, v, filters, hiddenAlsoInUnits, maxMetaKeys);
  return { sample: metaKeys ? { metaKeys } : {}, surveyIds: null };
}

/**
 * The list's total: under response-level filters the bit strings serve, the overview's (listOverview);
 * else from the roll-ups when they serve the filters (no response-level filter), or from the bit
 * strings at a half-hour offset (analytics/engine.ts servedResponseCount), else a count of the raw rows.
 */
async function listTotal(ctx: DomainContext, resolved: ResolvedList): Promise<number> {
  const { plan, filters, reader, hiddenAlsoInUnits, overview } = resolved;
  if (overview) return overview.total;
  const served = await servedResponseCount(ctx.prisma, await callerVisibility(reader, "results"), filters, hiddenAlsoInUnits);
  if (served !== null) return served;
  const count = countQuery(plan);
  const [row] = await ctx.prisma.$queryRawUnsafe<{ n: number }[]>(count.text, ...count.values);
  return Number(row!.n);
}

/**
 * What a share link shows of the feedback list, pages and files alike: its filters (with the
 * visitor's allowed changes), the responses its creator sees in the organisation, its hidden columns
 * and the token's, hidden answers blanked, its hideTimestamps and smileyScale.
 */
export async function shareListView(ctx: Pick<DomainContext, "prisma" | "memo">, share: ShareScope) {
  const filters = parseResultsFilters(share.filters);
  return {
    filters,
    // Bounded by what the link's creator sees in the organisation now, as every other result of a link.
    scope: await responseScope(linkReader(ctx, share), filters),
    hiddenColumns: [...filters.feedbackListHiddenColumns, ...filters.hiddenFromToken],
    hideTimestamps: share.options.hideTimestamps,
    blankHiddenAnswers: true,
    smileyScale: smileyScaleOf(share.options.smileyScale),
  };
}

/** A share link's smileyScale: a number of smileys n (shown 1…n) or { min, max }; anything else: none. */
export function smileyScaleOf(value: unknown): SatisfactionScale {
  if (typeof value === "number" && Number.isFinite(value) && value >= 2) return { min: 1, max: value };
  if (value && typeof value === "object") {
    const { min, max } = value as { min?: unknown; max?: unknown };
    if (typeof min === "number" && typeof max === "number" && min < max) return { min, max };
  }
  return null;
}

export type ListRowJson = Record<string, string | number | boolean | null | string[]>;

export type FeedbackListPage = {
  data: ListRowJson[];
  questions: { _id: string; surveyId: string; surveyName: string; type: string; title: string }[];
  columns: { key: string; title: string; kind: Column["kind"] }[];
  metaKeys: string[];
  currentPage: number;
  totalPages: number;
  total: number;
  pageSize: number;
};

/** One row as JSON: feedbackId, surveyId, touchpointId, hidden, hiddenAnswers and a key per visible column. */
function rowJson(plan: FeedbackListPlan, f: FormattedRow): ListRowJson {
  const out: ListRowJson = { feedbackId: f.row.id, surveyId: f.row.surveyId, touchpointId: f.row.touchpointId, hidden: f.row.hidden };
  plan.columns.forEach((c, i) => (out[c.key] = f.cells[i] ?? null));
  out.hiddenAnswers = plan.blankHiddenAnswers ? [] : f.hiddenAnswers;
  return out;
}

const pageSchema = z.preprocess(
  (v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v),
  z
    .number({ message: feedbackListMessages.badPage })
    .int(feedbackListMessages.badPage)
    .min(1, feedbackListMessages.badPage)
    .max(1_000_000, feedbackListMessages.badPage),
);
const pageSizeSchema = z.preprocess(
  (v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v),
  z
    .number({ message: feedbackListMessages.badPageSize })
    .int(feedbackListMessages.badPageSize)
    .min(1, feedbackListMessages.badPageSize)
    .max(maxPageSize, feedbackListMessages.badPageSize),
);

/** A page of the list (spec 001 §9: pages start at 1, the default). */
export async function feedbackListPage(ctx: DomainContext, input: ListInput & { page?: unknown; pageSize?: unknown }): Promise<FeedbackListPage> {
  const page = input.page === undefined || input.page === null ? 1 : parseField(pageSchema, input.page, "page");
  const pageSize = input.pageSize === undefined || input.pageSize === null ? defaultPageSize : parseField(pageSizeSchema, input.pageSize, "pageSize");
  const resolved = await resolveFeedbackList(ctx, input);
  const { plan, share } = resolved;
  // The count and the page together (the page is dropped when a share link hides too few).
  const [total, pageRows] = await Promise.all([
    listTotal(ctx, resolved),
    pageScope(ctx, resolved, page * pageSize).then((scope) => fetchRows(ctx, plan, { limit: pageSize, offset: (page - 1) * pageSize, scope })),
  ]);
  const tooFew = share?.hideResultsIfLessThan != null && total < share.hideResultsIfLessThan;
  const rows = tooFew ? [] : pageRows;
  return {
    data: rows.map((r) => rowJson(plan, formatRow(plan, r))),
    questions: plan.questions.map((q) => ({ _id: q.id, surveyId: q.surveyId, surveyName: q.surveyName, type: q.type, title: q.title })),
    columns: plan.columns.map((c) => ({ key: c.key, title: c.title, kind: c.kind })),
    metaKeys: plan.metaKeys,
    currentPage: page,
    totalPages: tooFew ? 0 : Math.ceil(total / pageSize),
    total: tooFew ? 0 : total,
    pageSize,
  };
}

function parseField<T extends z.ZodType>(schema: T, value: unknown, field: string): z.output<T> {
  const r = schema.safeParse(value);
  if (!r.success) throw badInput(r.error.issues[0]!.message, field);
  return r.data;
}

/** The list's scope from `since` (pageSinceOf), or undefined: the whole window's. */
function scopeSince(v: Visibility, filters: ResultsFilters, hiddenAlsoInUnits: string[], since: Date | null): ScopeSql | undefined {
  return since ? buildScope(v, { ...filters, from: since }, { hiddenAlsoInUnits }) : undefined;
}

/**
 * The meta_ columns where the bit strings do not keep the window's keys (a block marked "k#", or
 * "k" strings not all written yet): a sample of the newest `pageMetaKeySample` matching responses,
 * by id, found through the bit strings (listSampleIds), else the scope from the oldest day the
 * sample can reach, else nothing (the whole window's scope).
 */
async function metaSampleOf(
  ctx: DomainContext,
  v: Visibility,
  filters: ResultsFilters,
  hiddenAlsoInUnits: string[],
  overview: ListOverview,
): Promise<MetaColumns> {
  const since = pageSinceOf(overview.days, pageMetaKeySample);
  const ids = await listSampleIds(ctx.prisma, v, filters, hiddenAlsoInUnits, pageMetaKeySample, since);
  if (ids) return { metaKeySampleIds: ids };
  const metaKeyScope = scopeSince(v, filters, hiddenAlsoInUnits, since);
  return metaKeyScope ? { metaKeyScope } : {};
}

/** The deepest numbered page (page × pageSize) whose rows are looked up by id (pageScope). */
const pageByIdMax = 2000;

/**
 * The scope a page of `needed` rows reads. Without response-level filters the bit strings serve, the
 * window's (its creation-time index finds the newest rows). Under them, the scope from the oldest
 * UTC day the newest `needed` matching responses (before `before`, a keyset page's last row) can
 * reach (pageSinceOf), so the page's query, and its restriction's answers, read only those days. A
 * numbered page up to `pageByIdMax` rows deep under sparse filters reads the ids of the newest
 * `needed` matching responses (analytics/engine.ts listSampleIds, through the bit strings: the same
 * order as the page's, ties by id) instead of testing the filters on every response from the day
 * bound (~0.45 s for several answers at 10 M). The filters' scope is tested again on those rows: a
 * response hidden, or edited out of the filters, since the bit strings were written is left out.
 */
async function pageScope(ctx: DomainContext, resolved: ResolvedList, needed: number, before?: Date): Promise<ScopeSql | undefined> {
  const { filters, hiddenAlsoInUnits, overview } = resolved;
  if (!overview) return undefined;
  const v = await callerVisibility(resolved.reader, "results");
  const since = pageSinceOf(overview.days, needed, before);
  const scope = scopeSince(v, filters, hiddenAlsoInUnits, since);
  if (before || needed > pageByIdMax) return scope;
  // The meta_ sample holds the newest matches in the page's order already (pageMetaKeySample of them,
  // more than pageByIdMax): its first rows are the page's.
  const ids = resolved.newestIds ? resolved.newestIds.slice(0, needed) : await listSampleIds(ctx.prisma, v, filters, hiddenAlsoInUnits, needed, since);
  if (!ids) return scope;
  const base = scope ?? resolved.plan.scope;
  return { ...base, sql: `(${base.sql}) AND r."id" = ANY($${base.params.length + 1}::text[])`, params: [...base.params, ids] };
}

async function fetchRows(ctx: DomainContext, plan: FeedbackListPlan, page: Parameters<typeof rowsQuery>[1]) {
  const q = rowsQuery(plan, page);
  const raw = await ctx.prisma.$queryRawUnsafe<Record<string, unknown>[]>(q.text, ...q.values);
  return raw.map(normaliseRow);
}

// GraphQL: keyset cursors (createdAt and id of the last row), so pages hold still while responses arrive.
export const encodeCursor = (row: { createdAt: Date; id: string }) => Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString("base64url");
export function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const createdAt = new Date(at ?? "");
  if (!id || !/^[0-9a-f]{24}$/.test(id) || Number.isNaN(createdAt.getTime())) throw badInput(feedbackListMessages.badCursor, "after");
  return { createdAt, id };
}

export type FeedbackListNode = {
  json: ListRowJson;
  formatted: FormattedRow;
  plan: FeedbackListPlan;
  /**
   * Members: the response's whole metadata (every key, whatever columns are hidden or left out of
   * the meta_ columns), for editing it; values as text. Share links: null (they see the columns only).
   */
  metadata: Record<string, string> | null;
  /** Whether the caller may hide, show and delete the response and edit its metadata (manageResponses in its team; never a share link's visitor). */
  manageable: boolean;
};

/** A response's metadata as text values (what the metadata editor shows and sends back), keys in order. */
function metadataText(metadata: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(metadata).sort(([a], [b]) => a.localeCompare(b))) {
    if (value === undefined || value === null) continue;
    out[key] = typeof value === "string" ? value : JSON.stringify(value);
  }
  return out;
}

export type FeedbackListConnection = {
  plan: FeedbackListPlan;
  totalCount: number;
  edges: { cursor: string; node: FeedbackListNode }[];
  hasNextPage: boolean;
};

export async function feedbackListConnection(
  ctx: DomainContext,
  input: ListInput & { first?: number | null; after?: string | null },
): Promise<FeedbackListConnection> {
  const first = input.first ?? defaultPageSize;
  if (!Number.isInteger(first) || first < 1 || first > maxPageSize) throw badInput(feedbackListMessages.badFirst, "first");
  const after = input.after ? decodeCursor(input.after) : undefined;
  const resolved = await resolveFeedbackList(ctx, input);
  const { plan, share } = resolved;
  const [totalCount, rows] = await Promise.all([
    listTotal(ctx, resolved),
    pageScope(ctx, resolved, first + 1, after?.createdAt).then((scope) => fetchRows(ctx, plan, { limit: first + 1, after, scope })),
  ]);
  if (share?.hideResultsIfLessThan != null && totalCount < share.hideResultsIfLessThan) return { plan, totalCount: 0, edges: [], hasNextPage: false };
  const page = rows.slice(0, first);
  // Members: the units where they manage responses (resolveFeedbackList: those whose hidden responses they see).
  const manages = new Set(share ? [] : resolved.hiddenAlsoInUnits);
  return {
    plan,
    totalCount,
    hasNextPage: rows.length > first,
    edges: page.map((r) => {
      const formatted = formatRow(plan, r);
      return {
        cursor: encodeCursor(r),
        node: {
          json: rowJson(plan, formatted),
          formatted,
          plan,
          metadata: share ? null : metadataText(r.metadata),
          manageable: r.unitId !== null && manages.has(r.unitId),
        },
      };
    }),
  };
}
