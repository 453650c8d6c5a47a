// The weekly digest (spec 000 §1, §3: the user flag "receives the weekly digest email", settings
// receive_digest; spec 001 §9 "A weekly digest email exists"). docs/digest.md.
//
// When: every user with receive_digest gets one digest per week, due from Monday 08:00 in the time
// zone of the organisation they work in (their current organisation, Organization.timeZone), about
// the week that ended (Monday–Sunday, local) against the week before. A tick runs every hour (a
// BullMQ job scheduler with Redis: one schedule however many processes start; in embedded mode a
// timer) and sends whatever is due; a process that was down on Monday morning catches up at its
// first tick of the week.
//
// Exactly once: before a digest is sent, its DigestDelivery row (user, week) is claimed with an
// insert that the unique key lets only one worker win; the winner queues the mail (mail.send, with
// its retries). If building or queueing the mail fails, the claim is removed so the next tick tries again.
import { DateTime, IANAZone } from "luxon";
import type { PrismaClient } from "../../generated/prisma/client.js";
import type { Config } from "../../config.js";
import type { JobRunner } from "../../jobs/runner.js";
import { badInput } from "../errors.js";
import { loadViewer } from "../viewer.js";
import { digestFigures } from "./content.js";
import { digestLanguage, renderDigest } from "./render.js";
import { digestOneClickUrl, digestUnsubscribeUrl, isDigestToken, signDigestToken, verifyDigestToken } from "./token.js";
import { maskEmail, type UnsubscribeState } from "../campaigns/unsubscribe/unsubscribe.js";
import type { Log } from "../../log.js";

/** Monday 08:00 local: the digest of the week that ended is due from then on. */
export const digestDue = { weekday: 1, hour: 8 } as const;
export const digestMessages = {
  unsubscribed: "You will no longer receive the weekly report",
  invalidToken: "This unsubscribe link is not valid",
} as const;

export type DigestDeps = { prisma: PrismaClient; config: Pick<Config, "publicUrl" | "unsubscribe">; jobs: Pick<JobRunner, "enqueue">; log?: Log };

/** The week a digest is due for at `now` in a time zone: the Monday (local) the current week starts on, and whether 08:00 has passed. */
export function digestWeekAt(now: Date, timeZone: string): { week: string; due: boolean; zone: string } {
  const zone = IANAZone.isValidZone(timeZone) ? timeZone : "UTC";
  const local = DateTime.fromJSDate(now, { zone });
  const monday = local.startOf("week");
  const dueAt = monday.set({ hour: digestDue.hour });
  return { week: monday.toISODate()!, due: local >= dueAt, zone };
}

/**
 * Sends every digest due at `now` that no process has sent yet. Answers how many this call sent
 * (claimed and queued).
 */
export async function sendDueDigests(deps: DigestDeps, now: Date = new Date()): Promise<number> {
  const users = await deps.prisma.user.findMany({
    where: { receiveDigest: true, currentOrganizationId: { not: null }, signupStatus: "complete" },
    select: { id: true, email: true, displayName: true, locale: true, currentOrganization: { select: { id: true, name: true, timeZone: true } } },
    orderBy: { id: "asc" },
  });
  let sent = 0;
  for (const user of users) {
    const org = user.currentOrganization;
    if (!org) continue;
    const { week, due, zone } = digestWeekAt(now, org.timeZone);
    if (!due) continue;
    try {
      if (await sendDigest(deps, { user, org, week, zone, now })) sent++;
    } catch (error) {
      deps.log?.error({ userId: user.id, week, err: error }, "weekly digest failed; the next tick tries again");
    }
  }
  return sent;
}

async function sendDigest(
  deps: DigestDeps,
  a: {
    user: { id: string; email: string; displayName: string; locale: string };
    org: { id: string; name: string };
    week: string;
    zone: string;
    now: Date;
  },
): Promise<boolean> {
  // A member of the organisation only (a user who left it gets nothing until they work in another).
  const viewer = await loadViewer(deps.prisma, a.user.id, "accessToken", { organizationId: a.org.id });
  if (!viewer) return false;
  const claim = await deps.prisma.digestDelivery.createMany({ data: [{ userId: a.user.id, organizationId: a.org.id, week: a.week }], skipDuplicates: true });
  if (claim.count === 0) return false; // another worker (or an earlier tick) has it
  try {
    const monday = DateTime.fromISO(a.week, { zone: a.zone });
    const from = monday.minus({ weeks: 1 });
    const figures = await digestFigures({ prisma: deps.prisma }, viewer, {
      from: from.toISODate()!,
      to: monday.minus({ days: 1 }).toISODate()!,
      // the offset of the reported week (a week crossing a daylight-saving change is read at its start)
      utcOffset: from.offset,
      now: a.now,
    });
    const token = signDigestToken(deps.config, a.user.id);
    // The link a person clicks opens the unsubscribe page, which asks for the click (a mail scanner
    // that opens every link must not turn the digest off); the header's address takes the RFC 8058 POST.
    const unsubscribeUrl = digestUnsubscribeUrl(deps.config, token, digestLanguage(a.user.locale));
    const rendered = renderDigest(figures, { locale: a.user.locale, organizationName: a.org.name, displayName: a.user.displayName, unsubscribeUrl });
    await deps.jobs.enqueue("mail.send", {
      kind: "weeklyDigest",
      to: a.user.email,
      locale: a.user.locale as "en" | "es" | "fi" | "se",
      organizationId: a.org.id,
      data: {},
      message: {
        subject: rendered.subject,
        text: rendered.text,
        html: rendered.html,
        fromName: null,
        replyTo: null,
        headers: {
          "Content-Language": rendered.language,
          "List-Unsubscribe": `<${digestOneClickUrl(deps.config, token)}>`,
          "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        },
      },
    });
    return true;
  } catch (error) {
    await deps.prisma.digestDelivery.deleteMany({ where: { userId: a.user.id, week: a.week } });
    throw error;
  }
}

export { isDigestToken };

async function digestUserOf(deps: { prisma: PrismaClient; config: Pick<Config, "unsubscribe"> }, token: unknown) {
  const userId = verifyDigestToken(deps.config, token);
  const user = userId
    ? await deps.prisma.user.findUnique({
        where: { id: userId },
        select: { id: true, email: true, receiveDigest: true, currentOrganization: { select: { name: true } } },
      })
    : null;
  if (!user) throw badInput(digestMessages.invalidToken, "token");
  return user;
}

/** What the open /unsubscribe page shows for a digest link before the click; changes nothing. */
export async function digestUnsubscribeState(deps: { prisma: PrismaClient; config: Pick<Config, "unsubscribe"> }, token: unknown): Promise<UnsubscribeState> {
  const user = await digestUserOf(deps, token);
  return { maskedEmail: maskEmail(user.email), organizationName: user.currentOrganization?.name ?? "", unsubscribed: !user.receiveDigest };
}

/** The click on the /unsubscribe page (or the one-click POST): the digest off; again: the same answer. */
export async function digestUnsubscribe(
  deps: { prisma: PrismaClient; config: Pick<Config, "unsubscribe"> },
  token: unknown,
): Promise<UnsubscribeState & { message: string }> {
  const user = await digestUserOf(deps, token);
  await deps.prisma.user.updateMany({ where: { id: user.id }, data: { receiveDigest: false } });
  return {
    maskedEmail: maskEmail(user.email),
    organizationName: user.currentOrganization?.name ?? "",
    unsubscribed: true,
    message: digestMessages.unsubscribed,
  };
}

/** The digest's one-click address (POST): turns receive_digest off for the user the token names (again: the same answer). */
export async function unsubscribeFromDigest(deps: { prisma: PrismaClient; config: Pick<Config, "unsubscribe"> }, token: unknown): Promise<{ message: string }> {
  const userId = verifyDigestToken(deps.config, token);
  if (!userId) throw badInput(digestMessages.invalidToken, "token");
  await deps.prisma.user.updateMany({ where: { id: userId }, data: { receiveDigest: false } });
  return { message: digestMessages.unsubscribed };
}
