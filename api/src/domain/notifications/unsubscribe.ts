// The unsubscribe link of a notification alert: it removes only that recipient from that rule
// (spec: "an unsubscribe link that removes only that recipient"). The token names the rule and the
// address and is signed with HMAC-SHA-256 under the installation's unsubscribe key, as campaign
// tokens are (campaigns/unsubscribe/token.ts), under its own version prefix "n1" so that neither
// kind of token passes for the other. The open /unsubscribe page and calls take both kinds.
import type { Config } from "../../config.js";
import type { DomainContext } from "../context.js";
import { badInput } from "../errors.js";
import { isObjectId, signToken, verifyToken } from "../signed-links/signed-token.js";
import { maskEmail, unsubscribeMessages, type UnsubscribeState } from "../campaigns/unsubscribe/unsubscribe.js";

export type RuleUnsubscribeClaim = { ruleId: string; email: string };

const version = "n1";

export const isRuleUnsubscribeToken = (token: string) => typeof token === "string" && token.startsWith(`${version}.`);

export function signRuleUnsubscribeToken(config: Pick<Config, "unsubscribe">, claim: RuleUnsubscribeClaim): string {
  return signToken(config, version, { r: claim.ruleId, e: claim.email.trim().toLowerCase() });
}

export function verifyRuleUnsubscribeToken(config: Pick<Config, "unsubscribe">, token: string): RuleUnsubscribeClaim | null {
  const claim = verifyToken(config, version, token, 600);
  if (!claim || !isObjectId(claim.r) || typeof claim.e !== "string" || !claim.e.includes("@")) return null;
  return { ruleId: claim.r, email: claim.e };
}

async function ruleOf(ctx: DomainContext, token: string) {
  const claim = verifyRuleUnsubscribeToken(ctx.config, token);
  if (!claim) throw badInput(unsubscribeMessages.invalidToken, "token");
  const rule = await ctx.prisma.notificationRule.findUnique({
    where: { id: claim.ruleId },
    select: { id: true, name: true, receivers: true, organization: { select: { name: true } } },
  });
  if (!rule) throw badInput(unsubscribeMessages.invalidToken, "token");
  return { claim, rule };
}

/** What the page shows before the click; changes nothing. */
export async function ruleUnsubscribeState(ctx: DomainContext, token: string, opts: { clientAddress?: string } = {}): Promise<UnsubscribeState> {
  void opts; // as for campaign tokens, a valid token is never refused; an invalid one costs one HMAC
  const { claim, rule } = await ruleOf(ctx, token);
  return {
    maskedEmail: maskEmail(claim.email),
    organizationName: `${rule.organization.name}: ${rule.name}`,
    unsubscribed: !rule.receivers.includes(claim.email),
  };
}

/** Removes the address from the rule's receivers (only that one, only that rule). Idempotent. */
export async function ruleUnsubscribe(
  ctx: DomainContext,
  token: string,
  opts: { clientAddress?: string } = {},
): Promise<UnsubscribeState & { message: string }> {
  void opts; // as for campaign tokens, a valid token is never refused; an invalid one costs one HMAC
  const { claim, rule } = await ruleOf(ctx, token);
  await ctx.prisma
    .$executeRaw`UPDATE "NotificationRule" SET "receivers" = array_remove("receivers", ${claim.email}), "updatedAt" = now() WHERE "id" = ${rule.id}`;
  return {
    maskedEmail: maskEmail(claim.email),
    organizationName: `${rule.organization.name}: ${rule.name}`,
    unsubscribed: true,
    message: unsubscribeMessages.unsubscribed,
  };
}
