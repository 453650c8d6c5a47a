// Who asks an analytics question: the signed-in member, or a share link's visitor (no session).
// With a share token (REST `?token=` or `/results/token/{token}`, GraphQL `shareToken`) the link's
// organisation and filters apply (domain/sharing/scope.ts resolveShareScope: unknown, tampered or
// expired tokens are refused there), with only the visitor's allowed changes; a signed-in member's
// own rights win over a token they happen to send.
import type { DomainContext } from "../context.js";
import { unauthenticated } from "../errors.js";
import { requireOrganization } from "../viewer.js";
import { resolveShareScope, type ShareOptions } from "../results-scope/share-link.js";
import type { AnalyticsCaller } from "../results-scope/response-scope.js";

export type ResolvedAnalyticsCaller = { caller: AnalyticsCaller; filters: Record<string, unknown>; share: { options: ShareOptions } | null };

export async function resolveAnalyticsCaller(ctx: DomainContext, token: string | null | undefined, filters: unknown): Promise<ResolvedAnalyticsCaller> {
  const own = (filters && typeof filters === "object" && !Array.isArray(filters) ? filters : {}) as Record<string, unknown>;
  // The GraphQL X-Share-Token header, where the context carries it.
  const headerToken = (ctx as { shareToken?: string | null }).shareToken ?? null;
  const shareToken = ctx.viewer ? null : (token ?? headerToken);
  if (shareToken) {
    const share = await resolveShareScope(ctx.prisma, shareToken, own);
    return {
      caller: {
        prisma: ctx.prisma,
        share: { organizationId: share.organizationId, createdByUserId: share.createdByUserId, allowChanges: share.options.allowChanges },
      },
      filters: share.filters,
      share: { options: share.options },
    };
  }
  if (!ctx.viewer) throw unauthenticated();
  requireOrganization(ctx.viewer);
  return { caller: ctx, filters: own, share: null };
}
