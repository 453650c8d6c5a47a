// Signed webhook receivers of a notification rule (issue 13 "Beyond the spec"; docs/notifications.md
// "Webhooks"). When a rule fires, each of its URLs gets one POST per response, signed after the
// Standard Webhooks scheme: headers webhook-id (the delivery's id, the same on every retry),
// webhook-timestamp (seconds) and webhook-signature "v1,<base64 HMAC-SHA256 of id.timestamp.body>"
// under the rule's secret ("whsec_" + base64 key). Deliveries are rows (one per rule, response and
// URL), posted by the `notification.webhook` job and retried with backoff; each shows its status.
// URLs that point at loopback, private, link-local or otherwise internal addresses are refused, when
// saved and again when posted, unless WEBHOOKS_ALLOW_PRIVATE_ADDRESSES is set. When posted the check
// runs inside the connection's own DNS lookup, on the very address the socket connects to, so a name
// that resolves to a public address at one lookup and to an internal one at the next (DNS
// rebinding) cannot slip through between a check and the connection.
import { createHmac, randomBytes } from "node:crypto";
import { lookup } from "node:dns/promises";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";
import type { PrismaClient } from "../../generated/prisma/client.js";
import type { Config } from "../../config.js";
import { badInput } from "../errors.js";
import { visibleAnswersOf } from "../answers/rows.js";

export const webhookMessages = {
  url: "A webhook URL is an http or https address of at most 2,000 characters",
  privateAddress: "The webhook URL points at a private address: use a public address",
  unresolvable: "The webhook URL's host name does not resolve",
  tooMany: (n: number) => `At most ${n} webhook URLs`,
} as const;

export const maxWebhooks = 5;
/** Attempts of one delivery (the job runner's retry policy: exponential backoff between them). */
export const webhookAttempts = 3;
const timeoutMs = 5_000;

const internal = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  internal.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  internal.addSubnet(net, prefix, "ipv6");

/** Loopback, private, link-local, carrier-grade NAT, multicast, reserved (and IPv4-mapped forms). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isPrivateAddress(mapped);
  const family = isIP(address);
  if (family === 0) return true;
  return internal.check(address, family === 4 ? "ipv4" : "ipv6");
}

/** A host's addresses (the system resolver by default; tests inject their own). */
export type Resolve = (hostname: string) => Promise<{ address: string; family: number }[]>;
const systemResolve: Resolve = (hostname) => lookup(hostname, { all: true, verbatim: true });

/** Refuses, without DNS, an internal address literal or an internal name; true when the host is a literal. */
function checkHostName(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "");
  if (isIP(host)) {
    if (isPrivateAddress(host)) throw badInput(webhookMessages.privateAddress, "webhooks");
    return true;
  }
  const name = host.toLowerCase().replace(/\.$/, "");
  if (name === "localhost" || name.endsWith(".localhost") || name.endsWith(".local") || name.endsWith(".internal")) {
    throw badInput(webhookMessages.privateAddress, "webhooks");
  }
  return false;
}

/** The host's addresses, or a refusal when any is internal (a name may resolve to several). */
async function checkHost(config: Pick<Config, "webhooksAllowPrivateAddresses">, hostname: string, resolve: Resolve = systemResolve): Promise<void> {
  if (config.webhooksAllowPrivateAddresses) return;
  if (checkHostName(hostname)) return;
  let addresses: { address: string }[];
  try {
    addresses = await resolve(hostname.replace(/^\[|\]$/g, ""));
  } catch {
    throw badInput(webhookMessages.unresolvable, "webhooks");
  }
  if (addresses.length === 0 || addresses.some((a) => isPrivateAddress(a.address))) throw badInput(webhookMessages.privateAddress, "webhooks");
}

/**
 * The `lookup` of a webhook's socket: resolves the name and refuses it when any address is internal,
 * so the address checked is the address connected to (node:net connects to what this returns).
 */
export function guardedLookup(allowPrivate: boolean, resolve: Resolve = systemResolve): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (found) => {
        const addresses = options.family === 4 || options.family === 6 ? found.filter((a) => a.family === options.family) : found;
        if (addresses.length === 0) {
          callback(Object.assign(new Error(webhookMessages.unresolvable), { code: "ENOTFOUND" }), "", 4);
          return;
        }
        if (!allowPrivate && addresses.some((a) => isPrivateAddress(a.address))) {
          callback(Object.assign(new Error(webhookMessages.privateAddress), { code: "EPRIVATEADDRESS" }), "", 4);
          return;
        }
        if (options.all) (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, "", 4),
    );
  };
}

/**
 * One POST of a webhook body, without redirects, on a fresh connection whose DNS lookup refuses
 * internal addresses (unless `allowPrivate`). Internal literals and names are refused before
 * connecting. Resolves with the receiver's HTTP status; rejects on a refusal, a network error or the timeout.
 */
export async function postWebhook(
  url: string,
  opts: { headers: Record<string, string>; body: string; timeoutMs: number; allowPrivate: boolean; resolve?: Resolve },
): Promise<{ status: number }> {
  const target = new URL(url);
  if (target.protocol !== "https:" && target.protocol !== "http:") throw badInput(webhookMessages.url, "webhooks");
  if (!opts.allowPrivate) checkHostName(target.hostname);
  const request = target.protocol === "https:" ? httpsRequest : httpRequest;
  return await new Promise<{ status: number }>((resolvePost, reject) => {
    const req = request(
      target,
      {
        method: "POST",
        agent: false,
        lookup: guardedLookup(opts.allowPrivate, opts.resolve),
        signal: AbortSignal.timeout(opts.timeoutMs),
        headers: { ...opts.headers, "content-length": String(Buffer.byteLength(opts.body)) },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolvePost({ status: res.statusCode ?? 0 }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(opts.body);
  });
}

/** The rule's webhook URLs as saved: http(s), no credentials, not internal. */
export async function checkWebhookUrls(config: Pick<Config, "webhooksAllowPrivateAddresses">, input: unknown): Promise<string[]> {
  if (input === undefined || input === null) return [];
  if (!Array.isArray(input)) throw badInput(webhookMessages.url, "webhooks");
  if (input.length > maxWebhooks) throw badInput(webhookMessages.tooMany(maxWebhooks), "webhooks");
  const out: string[] = [];
  for (const [i, raw] of input.entries()) {
    if (typeof raw !== "string" || raw.length > 2000) throw badInput(webhookMessages.url, `webhooks.${i}`);
    let url: URL;
    try {
      url = new URL(raw.trim());
    } catch {
      throw badInput(webhookMessages.url, `webhooks.${i}`);
    }
    if ((url.protocol !== "https:" && url.protocol !== "http:") || url.username || url.password) throw badInput(webhookMessages.url, `webhooks.${i}`);
    try {
      await checkHost(config, url.hostname);
    } catch (error) {
      throw badInput((error as Error).message, `webhooks.${i}`);
    }
    if (!out.includes(url.toString())) out.push(url.toString());
  }
  return out;
}

export const newWebhookSecret = () => `whsec_${randomBytes(24).toString("base64")}`;

/** Standard Webhooks: base64 HMAC-SHA256 of "id.timestamp.body" under the secret's key bytes. */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.startsWith("whsec_") ? secret.slice(6) : secret, "base64");
  return `v1,${createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
}

export type WebhookDeps = { prisma: PrismaClient; config: Config; now?: () => Date; resolve?: Resolve };

/** `notification.webhook`: one POST of one delivery. Throws (so the job retries with backoff) unless 2xx. */
export async function deliverWebhook(deps: WebhookDeps, payload: { deliveryId: string }, info: { attempt: number }): Promise<"delivered" | "skipped"> {
  const { prisma } = deps;
  const delivery = await prisma.notificationWebhookDelivery.findUnique({ where: { id: payload.deliveryId } });
  if (!delivery || delivery.status === "delivered" || delivery.status === "failed") return "skipped";
  const rule = await prisma.notificationRule.findUnique({ where: { id: delivery.ruleId } });
  const response = await prisma.response.findUnique({
    where: { id: delivery.responseId },
    select: { id: true, surveyId: true, touchpoint: { select: { id: true } }, language: true, metadata: true, createdAt: true, submittedAt: true },
  });
  if (!rule?.webhookSecret || !response) {
    await prisma.notificationWebhookDelivery.update({
      where: { id: delivery.id },
      data: { status: "failed", lastError: "The rule or the response was deleted" },
    });
    return "skipped";
  }
  const answers = await visibleAnswersOf(prisma, response.id);
  const now = deps.now?.() ?? new Date();
  const timestamp = Math.floor(now.getTime() / 1000);
  const body = JSON.stringify({
    type: "notification.fired",
    timestamp: now.toISOString(),
    data: {
      ruleId: rule.id,
      ruleName: rule.name,
      responseId: response.id,
      surveyId: response.surveyId,
      touchpointId: response.touchpoint.id,
      language: response.language,
      receivedAt: (response.submittedAt ?? response.createdAt).toISOString(),
      metadata: response.metadata,
      answers,
    },
  });
  let error: string | null = null;
  let statusCode: number | null = null;
  try {
    // the address check runs in the connection's own lookup (no DNS rebinding between check and connect)
    const answer = await postWebhook(delivery.url, {
      allowPrivate: deps.config.webhooksAllowPrivateAddresses,
      resolve: deps.resolve,
      timeoutMs,
      headers: {
        "content-type": "application/json",
        "user-agent": "feedback-platform-webhooks/1",
        "webhook-id": delivery.id,
        "webhook-timestamp": String(timestamp),
        "webhook-signature": signWebhook(rule.webhookSecret, delivery.id, timestamp, body),
      },
      body,
    });
    statusCode = answer.status;
    if (answer.status < 200 || answer.status >= 300) error = `The receiver answered ${answer.status}`;
  } catch (e) {
    error = e instanceof Error ? e.message : String(e);
  }
  if (!error) {
    await prisma.notificationWebhookDelivery.update({
      where: { id: delivery.id },
      data: { status: "delivered", attempts: { increment: 1 }, lastStatusCode: statusCode, lastError: null, deliveredAt: new Date() },
    });
    return "delivered";
  }
  const final = info.attempt >= webhookAttempts;
  await prisma.notificationWebhookDelivery.update({
    where: { id: delivery.id },
    data: { status: final ? "failed" : "retrying", attempts: { increment: 1 }, lastStatusCode: statusCode, lastError: error.slice(0, 500) },
  });
  throw new Error(`webhook delivery ${delivery.id}: ${error}`);
}
