// Unsubscribing from an organisation's campaign messages (the open /unsubscribe page, and the RFC
// 8058 one-click POST of mailbox providers). The signed token (token.ts) is the only proof: it names
// the organisation and the address. Unsubscribing puts the address on the organisation's block list,
// so no campaign of that organisation reaches it again; doing it twice answers the same success.
//
// Reading the state never changes anything (a link scanner's GET must not unsubscribe). A token
// that was changed, cut or names an organisation that no longer exists is refused with one clear
// message and changes nothing. The calls are open: invalid tokens are rate-limited per client address.
import type { DomainContext } from "../../context.js";
import { DomainError, badInput } from "../../errors.js";
import { clientKey, memoryLimiterStore, waitMs } from "../../../limits/store.js";
import { blockAddress, blockedAmong } from "../block-list/index.js";
import { verifyUnsubscribeToken, type UnsubscribeClaim } from "./token.js";

export const unsubscribeMessages = {
  invalidToken: "This unsubscribe link is not valid. Use the link of the message you received, exactly as it is.",
  unsubscribed: "You have been unsubscribed",
  oneClickBody: "A one-click unsubscribe is a POST with the body List-Unsubscribe=One-Click",
  tooMany: "Too many requests: try again in a few minutes",
} as const;

/** Per client address: invalid tokens (of the page's read and click, and of one-click POSTs). */
export const unsubscribeLimit = { name: "unsubscribe-client", points: 60, durationSeconds: 10 * 60 } as const;
const fallbackLimits = memoryLimiterStore();

export type UnsubscribeState = {
  /** The address with most of it hidden (j***@e***.com): the page shows whose subscription it is without revealing it. */
  maskedEmail: string;
  organizationName: string;
  unsubscribed: boolean;
};

/** j***@e***.com: the first letter of the name and of the domain, and the top-level domain. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  const name = email.slice(0, at);
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf(".");
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : "";
  return `${name.slice(0, 1)}***@${host.slice(0, 1)}***${tld}`;
}

/**
 * The claim of a token. Only invalid tokens count against the client address (a mailbox provider
 * posts many one-clicks from few addresses; a valid token is never refused): past the limit an
 * invalid token is answered 429 instead of 400.
 */
async function claimOf(ctx: DomainContext, token: string, clientAddress: string | undefined): Promise<UnsubscribeClaim & { organizationName: string }> {
  const claim = verifyUnsubscribeToken(ctx.config, token);
  const organization = claim ? await ctx.prisma.organization.findUnique({ where: { id: claim.organizationId }, select: { name: true } }) : null;
  if (claim && organization) return { ...claim, organizationName: organization.name };
  const limiter = (ctx.limits ?? fallbackLimits).limiter(unsubscribeLimit);
  const key = clientKey(clientAddress);
  if ((await waitMs(limiter, key)) > 0) throw new DomainError("RATE_LIMITED", unsubscribeMessages.tooMany);
  await limiter.penalty(key, 1);
  throw badInput(unsubscribeMessages.invalidToken, "token");
}

/** What the page shows before the click. Changes nothing. */
export async function unsubscribeState(ctx: DomainContext, token: string, opts: { clientAddress?: string } = {}): Promise<UnsubscribeState> {
  const claim = await claimOf(ctx, token, opts.clientAddress);
  const blocked = await blockedAmong(ctx.prisma, claim.organizationId, [claim.email]);
  return { maskedEmail: maskEmail(claim.email), organizationName: claim.organizationName, unsubscribed: blocked.has(claim.email) };
}

/** The click (or the one-click POST): the address goes on the organisation's block list. Idempotent. */
export async function unsubscribe(ctx: DomainContext, token: string, opts: { clientAddress?: string } = {}): Promise<UnsubscribeState & { message: string }> {
  const claim = await claimOf(ctx, token, opts.clientAddress);
  await blockAddress(ctx.prisma, claim.organizationId, claim.email);
  return {
    maskedEmail: maskEmail(claim.email),
    organizationName: claim.organizationName,
    unsubscribed: true,
    message: unsubscribeMessages.unsubscribed,
  };
}
