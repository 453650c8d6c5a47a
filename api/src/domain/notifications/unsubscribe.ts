// The unsubscribe link of a notification alert: it removes only that recipient from that rule
// (spec: "an unsubscribe link that removes only that recipient"). The token names the rule and the
// address and is signed with HMAC-SHA-256 under the installation's unsubscribe key, as campaign
// tokens are (campaigns/unsubscribe/token.ts), under its own version prefix "n1" so that neither
// kind of token passes for the other. The open /unsubscribe page and calls take both kinds.
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Config } from "../../config.js";
import type { DomainContext } from "../context.js";
import { badInput } from "../errors.js";
import { maskEmail, unsubscribeMessages, type UnsubscribeState } from "../campaigns/unsubscribe/unsubscribe.js";

export type RuleUnsubscribeClaim = { ruleId: string; email: string };

const version = "n1";
const idPattern = /^[0-9a-f]{24}$/;

const sign = (config: Pick<Config, "unsubscribe">, signedPart: string) =>
  createHmac("sha256", config.unsubscribe.secret).update(signedPart).digest("base64url");

export const isRuleUnsubscribeToken = (token: string) => typeof token === "string" && token.startsWith(`${version}.`);

export function signRuleUnsubscribeToken(config: Pick<Config, "unsubscribe">, claim: RuleUnsubscribeClaim): string {
  const payload = Buffer.from(JSON.stringify({ r: claim.ruleId, e: claim.email.trim().toLowerCase() })).toString("base64url");
  const signedPart = `${version}.${payload}`;
  return `${signedPart}.${sign(config, signedPart)}`;
}

export function verifyRuleUnsubscribeToken(config: Pick<Config, "unsubscribe">, token: string): RuleUnsubscribeClaim | null {
  if (typeof token !== "string" || token.length > 600) return null;
  const parts = token.split(".");
  if (parts.length !== 3 || parts[0] !== version) return null;
  const [, payload = "", signature = ""] = parts;
  const expected = Buffer.from(sign(config, `${version}.${payload}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claim = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { r?: unknown; e?: unknown };
    if (typeof claim.r !== "string" || !idPattern.test(claim.r) || typeof claim.e !== "string" || !claim.e.includes("@")) return null;
    return { ruleId: claim.r, email: claim.e };
  } catch {
    return null;
  }
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
