// Who is asking an analytics question: a signed-in member, or a share link's visitor. Resolvers and
// REST handlers that accept a share token call `analyticsCallerOf` and read responses through the
// returned caller and filters (domain/analytics/scope.ts), so a link sees its own organisation and
// the link's filters (with only the allowed changes) and nothing else.
import type { DomainContext } from "../context.js";
import { unauthenticated } from "../errors.js";
import { requireOrganization } from "../viewer.js";
import type { AnalyticsCaller } from "../results-scope/response-scope.js";
import { resolveShareScope, type ShareFilters, type ShareScope } from "../results-scope/share-link.js";

/**
 * The share token a request carries: an explicit argument (REST `?token=`, GraphQL `shareToken`)
 * first, else the GraphQL `X-Share-Token` header (ctx.shareToken). Signed-in callers use their own
 * rights; their token is ignored.
 */
export function shareTokenOf(ctx: DomainContext, explicit?: string | null): string | null {
  if (ctx.viewer) return null;
  return explicit || ctx.shareToken || null;
}

export type ResolvedCaller = {
  caller: AnalyticsCaller;
  /** The filters to parse: the caller's own, or the link's with the visitor's allowed changes. */
  filters: ShareFilters;
  /** The link's scope when a share link asks; null for members. */
  share: ShareScope | null;
};

export async function analyticsCallerOf(ctx: DomainContext, opts: { token?: string | null; filters?: unknown } = {}): Promise<ResolvedCaller> {
  const filters = (opts.filters && typeof opts.filters === "object" && !Array.isArray(opts.filters) ? opts.filters : {}) as ShareFilters;
  const token = shareTokenOf(ctx, opts.token);
  if (token) {
    const share = await resolveShareScope(ctx.prisma, token, filters);
    const caller = { prisma: ctx.prisma, share: { organizationId: share.organizationId, createdByUserId: share.createdByUserId } };
    return { caller, filters: share.filters, share };
  }
  if (!ctx.viewer) throw unauthenticated();
  requireOrganization(ctx.viewer);
  return { caller: ctx, filters, share: null };
}
