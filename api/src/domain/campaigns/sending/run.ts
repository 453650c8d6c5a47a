// One run of a launch: expand its contact lists into message records, then send them, throttled,
// one message in flight at a time. Crash-safe: every step is a state change in PostgreSQL, so a run
// killed at any moment (kill -9) is resumed by the next worker that takes its lease, without sending
// a message twice. docs/campaigns.md "Sending" explains the states and the one-message window.
import { randomBytes } from "node:crypto";
import type { Prisma, PrismaClient } from "../../../generated/prisma/client.js";
import type { Config } from "../../../config.js";
import type { Log } from "../../../log.js";
import { DomainError } from "../../errors.js";
import { blockedAmong } from "../block-list/index.js";
import { renderEmail, renderSms, type TemplateFields } from "../messages/render.js";
import { listUnsubscribeHeaders, signUnsubscribeToken, unsubscribePageUrl } from "../unsubscribe/token.js";
import { debitSms, notEnoughBalanceMessage, refundSms } from "../../sms-balance/ledger.js";
import { messageIdFor, type EmailTransport } from "./email-transport.js";
import { SmsRejectedError, type SmsTransport } from "./sms-transport.js";
import { smsSegments } from "./segments.js";
import { emailQuotaExceededMessage } from "./preflight.js";

export type SendingDeps = {
  prisma: PrismaClient;
  config: Pick<Config, "publicUrl" | "sessionSecret" | "mailFrom" | "campaignSendRate">;
  email: EmailTransport;
  sms: SmsTransport;
  log?: Log;
};

export type RunOptions = {
  /** How long a worker's hold on a run lasts without renewal; a crashed worker's run is taken over after it. */
  leaseMs?: number;
  /** Records read per page. */
  pageSize?: number;
  /** Messages per second; 0: no throttle. CAMPAIGN_SEND_RATE by default. */
  ratePerSecond?: number;
  /** Email: attempts of a record the mail server defers (4xx) or cannot be reached for, before it becomes ERROR. */
  maxAttempts?: number;
  /** Email: the wait before a deferred record's next attempt; doubled at each attempt. */
  retryDelayMs?: number;
  /** Called after every message (the bench and tests). */
  onSent?: (recordId: string) => void;
};

/** "deferred": records the mail server deferred wait for their retryAt; the run is released until then. */
export type RunOutcome = "done" | "busy" | "gone" | "deferred";

export const interruptedReason = "Sending was interrupted before the server answered: not sent again, to avoid a duplicate";
export const blockedReason = "The address is on the block list";
export const cancelledReason = "The launch was cancelled before this message was sent";

export const messageToken = () => randomBytes(16).toString("base64url");
export const clickUrl = (config: Pick<Config, "publicUrl">, token: string) => `${config.publicUrl}/r/m/${token}`;
export const openPixelUrl = (config: Pick<Config, "publicUrl">, token: string) => `${config.publicUrl}/r/m/${token}/open.gif`;
export const personalSurveyUrl = (config: Pick<Config, "publicUrl">, touchpointId: string, token: string) =>
  `${config.publicUrl}/s/${touchpointId}?m=${encodeURIComponent(token)}`;

const defaultTemplate = (channel: "email" | "sms"): TemplateFields => ({
  subject: "We would like to hear from you",
  content: channel === "sms" ? "" : "Please answer our short survey.",
  senderName: null,
  replyToAddress: null,
  ctaText: null,
  showHeadings: true,
  language: "en",
});

type PageRow = {
  id: string;
  token: string;
  channel: "email" | "sms";
  recipient: string;
  touchpointId: string;
  variables: Record<string, unknown> | null;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Takes the run's lease, expands it if needed and sends what is left. "busy": another worker holds it. */
export async function runLaunch(deps: SendingDeps, run: { launchId: string; runKey: string }, opts: RunOptions = {}): Promise<RunOutcome> {
  const { prisma, config } = deps;
  const leaseMs = opts.leaseMs ?? 30_000;
  const pageSize = opts.pageSize ?? 200;
  const rate = opts.ratePerSecond ?? config.campaignSendRate;
  const maxAttempts = opts.maxAttempts ?? 5;
  const retryDelayMs = opts.retryDelayMs ?? 60_000;
  const owner = `${process.pid}:${randomBytes(6).toString("hex")}`;

  const taken = await prisma.$queryRawUnsafe<{ id: string; organizationId: string; status: string }[]>(
    `UPDATE "LaunchRun" SET "leaseOwner" = $3, "leaseUntil" = now() + make_interval(secs => $4::double precision / 1000)
     WHERE "launchId" = $1 AND "runKey" = $2 AND "status" IN ('expanding', 'sending') AND ("leaseOwner" IS NULL OR "leaseUntil" < now())
     RETURNING "id", "organizationId", "status"`,
    run.launchId,
    run.runKey,
    owner,
    leaseMs,
  );
  const takenRun = taken[0];
  if (!takenRun) {
    const exists = await prisma.launchRun.findUnique({ where: { launchId_runKey: run } });
    return exists && (exists.status === "expanding" || exists.status === "sending") ? "busy" : "gone";
  }
  const held = takenRun;

  let renewedAt = Date.now();
  /** Set when a renewal finds the launch cancelled (or deleted): the run stops before its next message. */
  let cancelled = false;
  let leaseLost = false;
  const renew = async (force = false) => {
    if (leaseLost) throw new Error("the sending run's lease was taken over by another worker");
    if (!force && Date.now() - renewedAt < leaseMs / 3) return;
    const rows = await prisma.$queryRawUnsafe<{ launchStatus: string | null }[]>(
      `UPDATE "LaunchRun" r SET "leaseUntil" = now() + make_interval(secs => $3::double precision / 1000) WHERE r."id" = $1 AND r."leaseOwner" = $2
       RETURNING (SELECT l."status" FROM "Launch" l WHERE l."id" = r."launchId") AS "launchStatus"`,
      held.id,
      owner,
      leaseMs,
    );
    if (rows.length === 0) {
      leaseLost = true;
      throw new Error("the sending run's lease was taken over by another worker");
    }
    if (!rows[0]!.launchStatus || rows[0]!.launchStatus === "cancelled") cancelled = true;
    renewedAt = Date.now();
  };
  // The lease is renewed also while one message takes long (a slow SMTP server), not only between messages.
  const heartbeat = setInterval(() => void renew(true).catch(() => {}), Math.max(50, Math.floor(leaseMs / 3)));
  heartbeat.unref();
  try {
    return await sendRun();
  } finally {
    clearInterval(heartbeat);
  }

  async function sendRun(): Promise<RunOutcome> {
    // Whatever was in flight when the previous holder died: its outcome is unknown, never re-sent.
    await prisma.$executeRawUnsafe(
      `UPDATE "MessageRecord" SET "sendState" = 'failed', "deliveryStatus" = 'UNKNOWN', "error" = $3, "updatedAt" = now()
     WHERE "launchId" = $1 AND "runKey" = $2 AND "sendState" = 'sending'`,
      run.launchId,
      run.runKey,
      interruptedReason,
    );

    const launch = await prisma.launch.findUnique({
      where: { id: run.launchId },
      include: { messageTemplate: true, organization: { select: { name: true, smsSegmentPrice: true } } },
    });
    if (!launch || launch.status === "cancelled") {
      await finishRun(prisma, held.id, owner, launch ? "launch cancelled" : "launch deleted");
      return "gone";
    }
    await prisma.launch.updateMany({ where: { id: launch.id, status: "scheduled", kind: { not: "recurring" } }, data: { status: "sending" } });

    if (held.status === "expanding") {
      await expandRun(deps, { runId: held.id, launch, runKey: run.runKey }, pageSize * 5, renew);
    }

    const organizationId = launch.organizationId;
    const template: TemplateFields = launch.messageTemplate
      ? {
          subject: launch.messageTemplate.subject,
          content: launch.messageTemplate.content,
          senderName: launch.messageTemplate.senderName,
          replyToAddress: launch.messageTemplate.replyToAddress,
          ctaText: launch.messageTemplate.ctaText,
          showHeadings: launch.messageTemplate.showHeadings,
          language: launch.messageTemplate.language,
        }
      : defaultTemplate("email");
    const segmentPrice = launch.organization.smsSegmentPrice.toNumber();
    const interval = rate > 0 ? 1000 / rate : 0;
    let nextAt = Date.now();

    // The record sent last whose "sent" mark still has to be written (kept to one: see markSending).
    let unmarked: { id: string; providerMessageId: string | null; status: "DELIVERED" | "PENDING" } | null = null;
    const flush = async () => {
      if (!unmarked) return;
      await prisma.$executeRawUnsafe(
        `UPDATE "MessageRecord" SET "sendState" = 'sent', "deliveryStatus" = $2::"DeliveryStatus", "providerMessageId" = $3, "sentAt" = now(), "updatedAt" = now()
       WHERE "id" = $1 AND "sendState" = 'sending'`,
        unmarked.id,
        unmarked.status,
        unmarked.providerMessageId,
      );
      unmarked = null;
    };
    /**
     * One statement: the previous message is marked sent and this one sending (only if still pending).
     * `db` is a transaction when the claim goes with a debit (SMS). The previous message counts as
     * marked only once the statement ran: a failed statement leaves it for flush.
     */
    const markSending = async (id: string, db: PrismaClient | Prisma.TransactionClient = prisma): Promise<boolean> => {
      const prev = unmarked;
      const rows = await db.$queryRawUnsafe<{ id: string }[]>(
        `WITH prev AS (
         UPDATE "MessageRecord" SET "sendState" = 'sent', "deliveryStatus" = $3::"DeliveryStatus", "providerMessageId" = $4, "sentAt" = now(), "updatedAt" = now()
         WHERE "id" = $2 AND "sendState" = 'sending'
       )
       UPDATE "MessageRecord" SET "sendState" = 'sending', "sendingAt" = now() WHERE "id" = $1 AND "sendState" = 'pending' RETURNING "id"`,
        id,
        prev?.id ?? "",
        prev?.status ?? "DELIVERED",
        prev?.providerMessageId ?? null,
      );
      if (unmarked === prev) unmarked = null;
      return rows.length === 1;
    };
    const markFailed = async (id: string, status: "ERROR" | "UNKNOWN", reason: string) => {
      await prisma.$executeRawUnsafe(
        `UPDATE "MessageRecord" SET "sendState" = 'failed', "deliveryStatus" = $2::"DeliveryStatus", "error" = $3, "updatedAt" = now() WHERE "id" = $1 AND "sendState" IN ('pending', 'sending')`,
        id,
        status,
        reason.slice(0, 500),
      );
    };
    /** Deferred (4xx, or the server unreachable): pending again from retryAt, or ERROR after the last attempt. */
    const defer = async (id: string, reason: string) => {
      await prisma.$executeRawUnsafe(
        `UPDATE "MessageRecord" SET "attempts" = "attempts" + 1, "sendingAt" = NULL, "updatedAt" = now(),
         "sendState" = CASE WHEN "attempts" + 1 >= $2 THEN 'failed'::"MessageSendState" ELSE 'pending'::"MessageSendState" END,
         "deliveryStatus" = CASE WHEN "attempts" + 1 >= $2 THEN 'ERROR'::"DeliveryStatus" ELSE "deliveryStatus" END,
         "error" = CASE WHEN "attempts" + 1 >= $2 THEN 'Not accepted after ' || ("attempts" + 1) || ' attempts: ' || $3 ELSE $3 END,
         "retryAt" = now() + make_interval(secs => $4::double precision * power(2, "attempts") / 1000)
       WHERE "id" = $1 AND "sendState" = 'sending'`,
        id,
        maxAttempts,
        reason.slice(0, 450),
        retryDelayMs,
      );
    };

    let cursor = "";
    try {
      pages: for (;;) {
        await renew();
        const page = await prisma.$queryRawUnsafe<PageRow[]>(
          `SELECT r."id", r."token", r."channel"::text AS "channel", r."recipient", r."touchpointId", c."variables"
         FROM "MessageRecord" r LEFT JOIN "Contact" c ON c."id" = r."contactId"
         WHERE r."launchId" = $1 AND r."runKey" = $2 AND r."sendState" = 'pending' AND r."id" > $3 AND (r."retryAt" IS NULL OR r."retryAt" <= now())
         ORDER BY r."id" LIMIT $4`,
          run.launchId,
          run.runKey,
          cursor,
          pageSize,
        );
        if (!page.length) break;
        cursor = page[page.length - 1]!.id;
        // Unsubscribed since the run was expanded: never sent.
        const blocked = await blockedAmong(
          prisma,
          organizationId,
          page.filter((r) => r.channel === "email").map((r) => r.recipient),
        );

        for (const record of page) {
          if (record.channel === "email" && blocked.has(record.recipient.trim().toLowerCase())) {
            await markFailed(record.id, "ERROR", blockedReason);
            continue;
          }
          if (interval > 0) {
            const wait = nextAt - Date.now();
            if (wait > 0) {
              // Nothing sent stays unmarked while we wait.
              await flush();
              await sleep(wait);
            }
            nextAt = Math.max(nextAt, Date.now() - interval) + interval;
          }
          await renew();
          if (cancelled) break pages;
          const variables = Object.fromEntries(Object.entries(record.variables ?? {}).map(([k, v]) => [k, v == null ? "" : String(v)]));
          const link = clickUrl(config, record.token);

          if (record.channel === "email") {
            const unsubscribeToken = signUnsubscribeToken(config as Config, { organizationId, email: record.recipient });
            const rendered = renderEmail(
              template,
              { email: record.recipient, variables },
              { surveyUrl: link, unsubscribeUrl: unsubscribePageUrl(config as Config, unsubscribeToken), openPixelUrl: openPixelUrl(config, record.token) },
              { name: launch.organization.name },
            );
            if (deps.email.kind === "outbox") {
              await flush();
              await sendToOutbox(prisma, {
                id: record.id,
                organizationId,
                channel: "email",
                to: record.recipient,
                subject: rendered.subject,
                text: rendered.text,
                html: rendered.html,
              });
            } else {
              const prepared = await deps.email.prepare({
                to: record.recipient,
                fromName: rendered.fromName,
                replyTo: rendered.replyTo,
                subject: rendered.subject,
                html: rendered.html,
                text: rendered.text,
                messageId: messageIdFor(config, record.id),
                headers: listUnsubscribeHeaders(config as Config, unsubscribeToken),
              });
              if (!(await markSending(record.id))) continue;
              try {
                const sent = await deps.email.send(prepared);
                unmarked = { id: record.id, providerMessageId: sent.providerMessageId, status: "DELIVERED" };
              } catch (error) {
                const outcome = smtpFailure(error);
                if (outcome === "deferred" || outcome === "unreachable") {
                  await defer(record.id, errorText(error));
                  // The server cannot be reached: the rest waits too (the pass ends, the run is released).
                  if (outcome === "unreachable") break pages;
                  continue;
                }
                await markFailed(record.id, outcome === "rejected" ? "ERROR" : "UNKNOWN", errorText(error));
              }
            }
          } else {
            const text = renderSms(launch.messageTemplate?.content ?? "", { phone: record.recipient, variables }, link);
            const { segments } = smsSegments(text);
            const cost = Math.round(segments * segmentPrice * 10_000) / 10_000;
            if (deps.sms.kind === "outbox") {
              await flush();
              // Claim, debit and the outbox row in one transaction: a crash leaves all or nothing.
              await claimAndCharge(
                prisma,
                { organizationId, recordId: record.id, cost, segments },
                async (tx) => {
                  const claimed = await tx.messageRecord.updateMany({
                    where: { id: record.id, sendState: "pending" },
                    data: { sendState: "sent", deliveryStatus: "DELIVERED", sentAt: new Date(), providerMessageId: `outbox:${record.id}` },
                  });
                  return claimed.count === 1;
                },
                async (tx) => {
                  await tx.mailOutbox.create({
                    data: { organizationId, channel: "sms", kind: "campaign", to: record.recipient, subject: "", text, html: null, sentAt: new Date() },
                  });
                },
              );
              continue;
            }
            // The claim (which also marks the previous message sent) and the debit: one transaction.
            const previous = unmarked;
            const charged = await claimAndCharge(prisma, { organizationId, recordId: record.id, cost, segments }, (tx) => markSending(record.id, tx)).catch(
              (error: unknown) => {
                // Rolled back: the previous message's mark was not written either.
                unmarked = previous;
                throw error;
              },
            );
            if (charged !== "claimed") continue;
            try {
              const { messageId } = await deps.sms.submit({ to: record.recipient, text });
              unmarked = { id: record.id, providerMessageId: messageId, status: "PENDING" };
              // Marked at once (not with the next claim): the delivery receipt finds the record by this id.
              await flush();
            } catch (error) {
              const rejected = error instanceof SmsRejectedError;
              await markFailed(record.id, rejected ? "ERROR" : "UNKNOWN", errorText(error));
              if (rejected && cost > 0) await refundSms(prisma, organizationId, cost, `message:${record.id}`);
              if (!rejected) throw error;
            }
          }
          opts.onSent?.(record.id);
        }
      }
      await flush();
    } catch (error) {
      await flush().catch(() => {});
      await prisma.$executeRawUnsafe(`UPDATE "LaunchRun" SET "leaseOwner" = NULL, "leaseUntil" = NULL WHERE "id" = $1 AND "leaseOwner" = $2`, held.id, owner);
      throw error;
    }
    if (cancelled) {
      // Cancelled while sending: what was not sent is not sent.
      await prisma.$executeRawUnsafe(
        `UPDATE "MessageRecord" SET "sendState" = 'failed', "deliveryStatus" = 'ERROR', "error" = $3, "updatedAt" = now()
       WHERE "launchId" = $1 AND "runKey" = $2 AND "sendState" = 'pending'`,
        run.launchId,
        run.runKey,
        cancelledReason,
      );
      await finishRun(prisma, held.id, owner, "launch cancelled");
      return "gone";
    }
    // Deferred records wait: the run is released until the first of them is due (the sweep queues it then).
    const waiting = await prisma.$queryRawUnsafe<{ due: Date | null }[]>(
      `SELECT min("retryAt") AS "due" FROM "MessageRecord" WHERE "launchId" = $1 AND "runKey" = $2 AND "sendState" = 'pending'`,
      run.launchId,
      run.runKey,
    );
    if (waiting[0]?.due) {
      await prisma.$executeRawUnsafe(
        `UPDATE "LaunchRun" SET "leaseOwner" = NULL, "leaseUntil" = $3 WHERE "id" = $1 AND "leaseOwner" = $2`,
        held.id,
        owner,
        waiting[0].due,
      );
      return "deferred";
    }
    await finishRun(prisma, held.id, owner, null);
    await prisma.launch.updateMany({ where: { id: launch.id, status: "sending" }, data: { status: "sent", lastRunAt: new Date() } });
    return "done";
  }
}

/**
 * How an SMTP failure ends. A reply: 5xx refused (ERROR), 4xx deferred (tried again later). No reply:
 * only a failure before the message's MAIL FROM (connecting, greeting, EHLO, AUTH, a closed
 * connection) is safe to try again ("unreachable"); once MAIL FROM was written the server may have
 * taken the message (a connection lost after DATA), so the record is UNKNOWN and never sent again.
 */
export function smtpFailure(error: unknown): "rejected" | "deferred" | "unreachable" | "unknown" {
  const e = error as { responseCode?: number; beforeMailFrom?: boolean };
  // Before MAIL FROM even a 5xx (a refused login, 554 at the greeting) is about the server, not this message.
  if (e.beforeMailFrom) return "unreachable";
  if (typeof e.responseCode === "number" && e.responseCode >= 500) return "rejected";
  if (typeof e.responseCode === "number" && e.responseCode >= 400) return "deferred";
  return "unknown";
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * An SMS record's claim and its debit (segments × price, reference message:<recordId>) in one
 * transaction, with `alsoWrite` (the outbox row) when given: a record is never charged twice, and
 * never charged without being claimed. Without balance the record is ERROR "Not enough balance to
 * send SMS" in the same transaction. "gone": another worker had it already.
 */
async function claimAndCharge(
  prisma: PrismaClient,
  m: { organizationId: string; recordId: string; cost: number; segments: number },
  claim: (tx: Prisma.TransactionClient) => Promise<boolean>,
  alsoWrite?: (tx: Prisma.TransactionClient) => Promise<void>,
): Promise<"claimed" | "gone" | "poor"> {
  return prisma.$transaction(async (tx) => {
    if (!(await claim(tx))) return "gone" as const;
    try {
      if (m.cost > 0) await debitSms(tx, m.organizationId, m.cost, `message:${m.recordId}`);
    } catch (error) {
      if (error instanceof DomainError && error.code === "INSUFFICIENT_FUNDS") {
        await tx.messageRecord.update({
          where: { id: m.recordId },
          data: { sendState: "failed", deliveryStatus: "ERROR", error: notEnoughBalanceMessage, providerMessageId: null, sentAt: null },
        });
        return "poor" as const;
      }
      throw error;
    }
    await tx.messageRecord.update({ where: { id: m.recordId }, data: { segments: m.segments, cost: m.cost } });
    if (alsoWrite) await alsoWrite(tx);
    return "claimed" as const;
  });
}

/** The outbox (embedded mode): the message and the record's "sent" mark in one transaction: exactly once. */
async function sendToOutbox(
  prisma: PrismaClient,
  m: { id: string; organizationId: string; channel: "email" | "sms"; to: string; subject: string; text: string; html: string | null },
): Promise<void> {
  await prisma.$transaction(async (tx) => {
    const claimed = await tx.messageRecord.updateMany({
      where: { id: m.id, sendState: { in: ["pending", "sending"] } },
      data: { sendState: "sent", deliveryStatus: "DELIVERED", sentAt: new Date(), providerMessageId: `outbox:${m.id}` },
    });
    if (claimed.count === 0) return;
    await tx.mailOutbox.create({
      data: {
        organizationId: m.organizationId,
        channel: m.channel,
        kind: "campaign",
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
        sentAt: new Date(),
      },
    });
  });
}

async function finishRun(prisma: PrismaClient, runId: string, owner: string, error: string | null) {
  await prisma.$executeRawUnsafe(
    `UPDATE "LaunchRun" SET "status" = $3, "error" = $4, "finishedAt" = now(), "leaseOwner" = NULL, "leaseUntil" = NULL WHERE "id" = $1 AND "leaseOwner" = $2`,
    runId,
    owner,
    error ? "failed" : "done",
    error,
  );
}

/**
 * The launch's contact lists become message records (PENDING), page by page; block-listed addresses
 * are skipped. Re-running it adds nothing twice: (launchId, runKey, touchpointId, contactId) is unique.
 */
async function expandRun(
  deps: SendingDeps,
  input: { runId: string; launch: { id: string; organizationId: string; surveyId: string; touchpointIds: string[]; contactListIds: string[] }; runKey: string },
  pageSize: number,
  renew: (force?: boolean) => Promise<void>,
): Promise<void> {
  const { prisma } = deps;
  const { launch } = input;
  const lists = await prisma.contactList.findMany({
    where: {
      organizationId: launch.organizationId,
      AND: [
        { OR: [{ id: { in: launch.contactListIds } }, { touchpointId: { in: launch.touchpointIds } }] },
        // The list of a touchpoint deleted since the launch was made gets nothing.
        { OR: [{ touchpointId: null }, { touchpoint: { deleted: false } }] },
      ],
    },
    select: { id: true, channel: true, touchpointId: true },
    orderBy: { id: "asc" },
  });
  const touchpoints = await prisma.touchpoint.findMany({
    where: { organizationId: launch.organizationId, id: { in: launch.touchpointIds }, deleted: false },
    select: { id: true, type: true },
  });
  const emailLimit =
    (await prisma.organization.findUnique({ where: { id: launch.organizationId }, select: { campaignEmailLimit: true } }))?.campaignEmailLimit ?? null;
  const campaignTouchpoint = (channel: "email" | "sms") =>
    touchpoints.find((t) => t.type === (channel === "email" ? "emailContactList" : "smsContactList"))?.id;

  for (const list of lists) {
    const touchpointId = list.touchpointId ?? campaignTouchpoint(list.channel);
    if (!touchpointId) continue;
    let cursor = "";
    for (;;) {
      await renew(true);
      const page = { listId: list.id, channel: list.channel, touchpointId, cursor, size: pageSize };
      const last =
        list.channel === "email" && emailLimit != null
          ? await expandPageWithinEmailQuota(prisma, input, page, emailLimit)
          : await expandPage(prisma, input, page, Number.MAX_SAFE_INTEGER);
      if (last === null) break;
      cursor = last;
    }
  }
  await prisma.launchRun.update({ where: { id: input.runId }, data: { status: "sending", expandedAt: new Date() } });
}

type ExpandInput = { launch: { id: string; organizationId: string; surveyId: string }; runKey: string };
type ExpandPage = { listId: string; channel: "email" | "sms"; touchpointId: string; cursor: string; size: number };

/**
 * One page of a list's contacts (by id, after `cursor`) becomes message records in one statement,
 * without the contacts passing through this process: the recipient trimmed, contacts without one and
 * email addresses on the block list skipped, each record with an unguessable token (a random UUID's
 * 122 bits as 32 hex digits). The first `allowed` records are pending; the rest (over the plan's
 * email limit) are written failed with the limit's message. A record the run already has (a resumed
 * expansion) is left as it is. Returns the page's last contact id, or null when the list is done.
 */
async function expandPage(db: PrismaClient | Prisma.TransactionClient, input: ExpandInput, page: ExpandPage, allowed: number): Promise<string | null> {
  const recipient = page.channel === "email" ? `btrim(p."email")` : `btrim(p."phone")`;
  const notBlocked =
    page.channel === "email" ? `AND NOT EXISTS (SELECT 1 FROM "BlockedContact" b WHERE b."organizationId" = $2 AND b."email" = lower(${recipient}))` : "";
  const [row] = await db.$queryRawUnsafe<{ last: string | null }[]>(
    `WITH page AS (
       SELECT c."id", c."email", c."phone" FROM "Contact" c
       WHERE c."contactListId" = $1 AND c."organizationId" = $2 AND c."id" > $3
       ORDER BY c."id" LIMIT $4
     ), eligible AS (
       SELECT p."id", ${recipient} AS "recipient", row_number() OVER (ORDER BY p."id") AS "n"
       FROM page p WHERE coalesce(${recipient}, '') <> '' ${notBlocked}
     ), written AS (
       INSERT INTO "MessageRecord" ("organizationId", "launchId", "runKey", "surveyId", "touchpointId", "contactId", "channel", "recipient", "token", "sendState", "deliveryStatus", "error")
       SELECT $2, $5, $6, $7, $8, e."id", $9::"MessageChannel", e."recipient", replace(gen_random_uuid()::text, '-', ''),
              (CASE WHEN e."n" <= $10 THEN 'pending' ELSE 'failed' END)::"MessageSendState",
              (CASE WHEN e."n" <= $10 THEN 'PENDING' ELSE 'ERROR' END)::"DeliveryStatus",
              CASE WHEN e."n" <= $10 THEN NULL ELSE $11 END
       FROM eligible e ORDER BY e."id"
       ON CONFLICT DO NOTHING
       RETURNING 1
     )
     SELECT (SELECT max("id") FROM page) AS "last", (SELECT count(*) FROM written)::int AS "written"`,
    page.listId,
    input.launch.organizationId,
    page.cursor,
    page.size,
    input.launch.id,
    input.runKey,
    input.launch.surveyId,
    page.touchpointId,
    page.channel,
    allowed,
    emailQuotaExceededMessage,
  );
  return row?.last ?? null;
}

/**
 * Where the plan limits campaign email (Organization.campaignEmailLimit, per calendar month, UTC):
 * the month's count and this page's records are checked and written under the organisation's row
 * lock, so two launches expanding at once never pass the limit together (the preflight's check is
 * only the early answer). Records beyond the limit are written as ERROR "Email quota exceeded".
 */
async function expandPageWithinEmailQuota(prisma: PrismaClient, input: ExpandInput, page: ExpandPage, limit: number): Promise<string | null> {
  const organizationId = input.launch.organizationId;
  return prisma.$transaction(async (tx) => {
    await tx.$queryRawUnsafe(`SELECT 1 FROM "Organization" WHERE "id" = $1 FOR UPDATE`, organizationId);
    const now = new Date();
    const used = await tx.messageRecord.count({
      where: {
        organizationId,
        channel: "email",
        createdAt: { gte: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)) },
        OR: [{ error: null }, { error: { not: emailQuotaExceededMessage } }],
      },
    });
    return expandPage(tx, input, page, Math.max(0, limit - used));
  });
}
