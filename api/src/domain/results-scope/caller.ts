// Who is asking for results: a signed-in member, or a share link's visitor (no session, a token).
// Resolved here and nowhere else, once per request: the context carries a memo of the links its
// tokens opened (`DomainContext.shareLinks`, made per request by the server), so the permission
// rule that admits a visitor and every field that reads through the link share one lookup.
//
// The token rule, the same for GraphQL and REST: an explicit token (GraphQL `shareToken` argument,
// REST `?token=` or `/results/token/{token}`) first, else the request's `X-Share-Token` header
// (graphql-ws: the `shareToken` connection parameter), carried as `ctx.shareToken`. A signed-in
// member's own rights win over any token they happen to send.
import type { DomainContext } from "../context.js";
import { unauthenticated } from "../errors.js";
import { requireOrganization, type Viewer } from "../viewer.js";
import { loadShareLink, type ShareLink } from "./share-link.js";
import { requireShareLinkOpen } from "../../permissions/locked.js";

export type MemberCaller = { kind: "member"; viewer: Viewer };
export type ShareLinkVisitor = { kind: "shareLink"; token: string; link: ShareLink };
/** The one caller type of the results area. */
export type Caller = MemberCaller | ShareLinkVisitor;

/** The links a request's tokens opened (or the refusal), by token. */
export type ShareLinkMemo = Map<string, Promise<ShareLink>>;

/** The share token a request presents for a field: the explicit one, else X-Share-Token (whoever asks). */
export function presentedShareToken(ctx: Pick<DomainContext, "shareToken">, explicit?: string | null): string | null {
  return explicit || ctx.shareToken || null;
}

/** The share token a results read goes by (see the top of this module): null for members. */
export function shareTokenOf(ctx: Pick<DomainContext, "viewer" | "shareToken">, explicit?: string | null): string | null {
  return ctx.viewer ? null : presentedShareToken(ctx, explicit);
}

// Contexts made without the server's memo (tests, jobs) keep one here for their lifetime.
const memos = new WeakMap<object, ShareLinkMemo>();
function memoOf(ctx: Pick<DomainContext, "shareLinks">): ShareLinkMemo {
  if (ctx.shareLinks) return ctx.shareLinks;
  let memo = memos.get(ctx);
  if (!memo) memos.set(ctx, (memo = new Map()));
  return memo;
}

/**
 * The link a token opens, looked up once per request (a refusal, 404 or 410, is kept the same way).
 * Signed-in callers may hold a link too (a link's defaults are open to anyone with its token). A link
 * of an organisation whose dashboard is locked is refused (403, permissions/locked.ts).
 */
export function shareLinkOf(ctx: Pick<DomainContext, "prisma" | "config" | "shareLinks">, token: string): Promise<ShareLink> {
  const memo = memoOf(ctx);
  let link = memo.get(token);
  if (!link) {
    link = loadShareLink(ctx.prisma, token).then(async (found) => {
      await requireShareLinkOpen(ctx, found.organizationId);
      return found;
    });
    memo.set(token, link);
  }
  return link;
}

/**
 * The caller of a results read: the member, else the visitor of the link the token opens. No session
 * and no token: UNAUTHENTICATED; a member outside any organisation: "No organization found".
 */
export async function callerOf(ctx: DomainContext, explicitToken?: string | null): Promise<Caller> {
  const token = shareTokenOf(ctx, explicitToken);
  if (token) return { kind: "shareLink", token, link: await shareLinkOf(ctx, token) };
  if (!ctx.viewer) throw unauthenticated();
  requireOrganization(ctx.viewer);
  return { kind: "member", viewer: ctx.viewer };
}
