// The one scope function of the results area. Every results-like read (summary, question results,
// the filter bar, text analytics, root causes, the feedback list and its files, exports, shared
// survey lists) starts with `resultsRequest`, then selects responses through `responseScope` /
// `callerVisibility` (./response-scope.ts) with the answer's `reader` and `filters`:
// - a member: their own context (their rights in their organisation) and their own filters;
// - a share link's visitor: the link's organisation, bounded by what the link's creator may see
//   there NOW (their current rights, loaded at every read: take a right away and the link shows
//   less), and the link's filters with only the changes its allowChanges permits.
import type { DomainContext } from "../context.js";
import { callerOf, type Caller } from "./caller.js";
import type { ResultsReader, LinkReader } from "./response-scope.js";
import { shareMessages, shareScopeOf, type ShareFilters, type ShareLink, type ShareScope } from "./share-link.js";
import { forbidden } from "../errors.js";

export type ResultsRequestInput = {
  /** The caller's filters in their wire shape (spec 001 §3); a visitor's count only where allowChanges permits. */
  filters?: unknown;
  /** An explicit share token (GraphQL argument, REST ?token=); else the request's X-Share-Token. */
  shareToken?: string | null;
  /**
   * The read is a customer journey's analytics, which check a journey's link against their journey
   * themselves (domain/journeys/analytics.ts). Every other read refuses a journey's link.
   */
  forJourney?: boolean;
};

export type ResultsRequest = {
  caller: Caller;
  /** Who responses are read as: the member's context, or the link bounded by its creator. */
  reader: ResultsReader;
  /** The filters to parse: the member's own, or the link's with the visitor's allowed changes. */
  filters: ShareFilters;
  /** The link's scope (options, id, organisation) for a visitor; null for members. */
  share: ShareScope | null;
};

const asFilters = (value: unknown): ShareFilters => (value && typeof value === "object" && !Array.isArray(value) ? value : {}) as ShareFilters;

/** A share link read as its creator may read now, in the link's organisation (and with its allowChanges). */
export function linkReader(ctx: Pick<DomainContext, "prisma" | "memo">, link: Pick<ShareLink, "organizationId" | "createdByUserId" | "options">): LinkReader {
  return {
    prisma: ctx.prisma,
    share: { organizationId: link.organizationId, createdByUserId: link.createdByUserId, allowChanges: link.options.allowChanges },
    memo: ctx.memo,
  };
}

export async function resultsRequest(ctx: DomainContext, input: ResultsRequestInput = {}): Promise<ResultsRequest> {
  const caller = await callerOf(ctx, input.shareToken);
  const own = asFilters(input.filters);
  if (caller.kind === "member") return { caller, reader: ctx, filters: own, share: null };
  // A journey's link opens its journey's analytics only, not the results it was made from.
  if (caller.link.journeyId && !input.forJourney) throw forbidden(shareMessages.journeyOnly);
  const share = shareScopeOf(caller.link, own);
  return { caller, reader: linkReader(ctx, caller.link), filters: share.filters, share };
}
