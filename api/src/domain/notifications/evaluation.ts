// Evaluation of notification rules, off the ingestion path (docs/notifications.md "Evaluation").
//
// 1. The statement that stores a response also writes a NotificationPending row when the response's
//    survey has an active rule (respondent/insert-batch.ts), and the runtime then queues
//    `notification.evaluate` on the "notifications" queue (BullMQ, or in process when embedded),
//    with the responses as stored, so the job need not read them back (the sweeper's jobs do).
// 2. `notification.evaluate` checks the response against the survey's active rules at its
//    touchpoint, compiled once per rule version and indexed (matcher.ts): only the rules the
//    response can meet are tested. Each match becomes a NotificationFiring, unique per (rule,
//    response), so a rule fires at most once per response however often the response is evaluated.
//    The firing is due at once when the response is complete (submitted or edited), else when the
//    rule's delay has passed since the last evaluation (a debounce). Then the pending row goes, and
//    due firings are queued as `notification.send`.
// 3. `notification.send` claims the firing (a conditional update with a lease), checks the rule
//    again against the response as it is now (a delayed firing may find its answers changed; no
//    mail then, and the firing records why), mails each recipient not yet in its sentTo, adding
//    them one by one, and marks it sent.
// 4. A sweeper in every worker process queues again what a stop left behind: pending rows and due
//    firings not sent nor held. Nothing lives only in memory, so restarts lose nothing; the claim and
//    sentTo keep a firing from being sent twice (a crash between the SMTP server's acceptance and the
//    sentTo update is the one window where one recipient could get a second copy).
import type { PrismaClient } from "../../generated/prisma/client.js";
import { queryPrepared } from "../../db/client.js";
import { answersJsonOf, visibleAnswersOf } from "../answers/rows.js";
import { idOf } from "../results-scope/codes.js";
import type { Config } from "../../config.js";
import type { JobPayloads, JobRunner } from "../../jobs/runner.js";
import type { PendingResponse } from "../respondent/insert-batch.js";
import type { MailSender } from "../../mail/send.js";
import type { Log } from "../../log.js";
import { conditionsMatch, type ConditionGroups, type RuleAnswer, type RuleQuestion } from "./conditions.js";
import { RuleIndex } from "./matcher.js";
import { renderAlert, type AlertLanguage, type AlertQuestion } from "./alert-mail.js";
import { signRuleUnsubscribeToken } from "./unsubscribe.js";

export type EvaluationDeps = { prisma: PrismaClient; jobs: () => JobRunner; now?: () => Date; log?: Log };
export type SendDeps = { prisma: PrismaClient; config: Config; mail: MailSender; jobs?: () => JobRunner; now?: () => Date; log?: Log };

/** A sender holds a firing this long; another process takes it over after a crash. */
export const firingLeaseMs = 2 * 60_000;
// The responses with their answers, each looked up by its id (a LATERAL subquery per id, and one
// per response for its answers): index reads whatever the planner believes of the tables' sizes. A
// join let it hash whole tables (a sequential scan of every response and answer for each batch)
// when their statistics lagged behind a burst of inserts.
export const responsesWithAnswersSql = `SELECT r.* FROM unnest($1::varchar[]) AS p("id") CROSS JOIN LATERAL (
  SELECT r."id", r."organizationId", r."surveyId", ${idOf("touchpoint", 'r."touchpointCode"')} AS "touchpointId", r."status"::text AS "status",
    ${answersJsonOf(
      'r."id"',
      (a) =>
        `json_build_object('questionId', ${a}."questionId", 'numericValue', ${a}."numericValue", 'textValue', ${a}."textValue", 'choiceIds', ${a}."choiceIds")`,
      { visibleOnly: true },
    )} AS "answers"
  FROM "Response" r WHERE r."id" = p."id" AND NOT r."overLimit"
  OFFSET 0 -- kept a subquery per id (not flattened into a join the planner could hash)
) r`;

// The pending rows of an evaluated batch without firings, in one statement whose own transaction
// commits asynchronously (set_config(…, true) lasts until that commit, which reads it).
const deletePendingSql = `WITH async AS MATERIALIZED (SELECT set_config('synchronous_commit', 'off', true) AS v)
DELETE FROM "NotificationPending" WHERE "responseId" = ANY($1::varchar[]) AND EXISTS (SELECT 1 FROM async)`;

type ActiveRule = { id: string; organizationId: string; surveyId: string; touchpointIds: string[]; conditions: unknown; delay: number };

/**
 * The active rules of surveys, compiled and indexed (matcher.ts), kept by this process for
 * `rulesTtlMs` with the definitions of the surveys' questions (evaluation reads them for every
 * batch). A rule saved through this process is seen at once (forgetRules); one saved by another
 * process within the second, when the entry is read again: a rule is compiled again only when its
 * conditions or the questions they name changed. Sending reads the rule again, so a paused or
 * deleted rule never sends.
 */
const rulesTtlMs = 1_000;
const rulesCache = new Map<string, { at: number; index: RuleIndex<ActiveRule> }>();

export function forgetRules(surveyId?: string): void {
  if (surveyId) rulesCache.delete(surveyId);
  else rulesCache.clear();
}

const toRuleQuestion = (q: { id: string; type: string; options: unknown; choices: unknown }): RuleQuestion => ({
  id: q.id,
  type: q.type,
  options: (q.options ?? {}) as Record<string, unknown>,
  choices: (Array.isArray(q.choices) ? q.choices : []) as RuleQuestion["choices"],
});

async function ruleIndexesOf(prisma: PrismaClient, surveyIds: string[]): Promise<Map<string, RuleIndex<ActiveRule>>> {
  const clock = Date.now();
  const missing = surveyIds.filter((id) => {
    const hit = rulesCache.get(id);
    return !hit || clock - hit.at > rulesTtlMs;
  });
  if (missing.length > 0) {
    const rows = await prisma.notificationRule.findMany({
      where: { surveyId: { in: missing }, active: true },
      select: { id: true, organizationId: true, surveyId: true, touchpointIds: true, conditions: true, delay: true },
    });
    const withRules = [...new Set(rows.map((r) => r.surveyId))];
    const questionRows =
      withRules.length > 0
        ? await prisma.question.findMany({ where: { surveyId: { in: withRules } }, select: { id: true, type: true, options: true, choices: true } })
        : [];
    const questions = new Map(questionRows.map((q) => [q.id, toRuleQuestion(q)]));
    if (rulesCache.size > 10_000) rulesCache.clear();
    for (const id of missing)
      rulesCache.set(id, {
        at: clock,
        index: new RuleIndex(
          rows.filter((r) => r.surveyId === id),
          questions,
        ),
      });
  }
  const indexes = new Map<string, RuleIndex<ActiveRule>>();
  for (const id of surveyIds) {
    const index = rulesCache.get(id)?.index;
    if (index && index.rules.length > 0) indexes.set(id, index);
  }
  return indexes;
}

/** Responses per evaluation job. */
export const evaluationBatch = 200;
/** How long stored responses wait to be queued together for evaluation. */
export const evaluationWindowMs = 50;

/** A response as the evaluation reads it. */
export type EvaluatedResponse = { id: string; organizationId: string; surveyId: string; touchpointId: string; status: string; answers: RuleAnswer[] };

/** Responses just stored (respondent/insert-batch.ts), as the evaluation reads them: the job needs not read them back. */
export function storedForEvaluation(responses: PendingResponse[]): EvaluatedResponse[] {
  return responses.map((p) => ({
    id: p.id,
    organizationId: p.organizationId,
    surveyId: p.surveyId,
    touchpointId: p.touchpointId,
    status: "submitted", // what the insert statement stores
    answers: p.answers.map((a) => ({ questionId: a.q, numericValue: a.n, textValue: a.x, choiceIds: a.h ?? [] })),
  }));
}

/**
 * Collects stored responses and hands them on together, every `windowMs` or at `evaluationBatch`
 * responses: one evaluation job per window instead of one per insert group keeps the evaluation's
 * cost per response low under load.
 */
export function batchEvaluations(queue: (payload: JobPayloads["notification.evaluate"]) => unknown, windowMs = evaluationWindowMs) {
  const responses: EvaluatedResponse[] = [];
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    while (responses.length > 0) {
      const batch = responses.splice(0, evaluationBatch);
      queue({ responseIds: batch.map((r) => r.id), responses: batch });
    }
  };
  return {
    add: (stored: PendingResponse[]) => {
      responses.push(...storedForEvaluation(stored));
      if (responses.length >= evaluationBatch) flush();
      else timer ??= setTimeout(flush, windowMs);
    },
    flush,
  };
}
/** Why a firing ended without mail (kept in its `error`). */
export const firingMessages = {
  responseDeleted: "The response was deleted",
  ruleInactive: "The rule was paused or deleted",
  noLongerMatches: "The response no longer matches the rule's conditions",
} as const;

/** A firing is given up after this many claims (each claim may include the job's own retries). */
export const maxFiringAttempts = 10;

type ResponseRow = {
  id: string;
  organizationId: string;
  surveyId: string;
  touchpointId: string;
  status: string;
  overLimit: boolean;
  language: string;
  metadata: unknown;
  createdAt: Date;
  submittedAt: Date | null;
};

const loadQuestions = async (prisma: PrismaClient, surveyId: string) =>
  (
    await prisma.question.findMany({
      where: { surveyId },
      select: { id: true, type: true, options: true, choices: true, title: true, position: true },
      orderBy: { position: "asc" },
    })
  ).map(
    (q): AlertQuestion => ({
      id: q.id,
      type: q.type,
      options: (q.options ?? {}) as Record<string, unknown>,
      choices: (Array.isArray(q.choices) ? q.choices : []) as RuleQuestion["choices"],
      title: (q.title ?? {}) as Record<string, string>,
      position: q.position,
    }),
  );

const loadAnswers = async (prisma: PrismaClient, responseId: string): Promise<Map<string, RuleAnswer>> =>
  new Map((await visibleAnswersOf(prisma, responseId)).map((a) => [a.questionId, a]));

/**
 * `notification.evaluate`: responses (up to `evaluationBatch`) against their surveys' active rules.
 * A batch handed on by the ingestion costs one statement when nothing fires (the pending rows'
 * deletion); one from the sweeper also reads its responses with their answers; the surveys' rules
 * and questions are read once a second. Idempotent.
 */
export async function evaluateResponses(
  deps: EvaluationDeps,
  payload: JobPayloads["notification.evaluate"],
): Promise<{ fired: { ruleId: string; responseId: string }[] }> {
  const { prisma } = deps;
  const now = deps.now?.() ?? new Date();
  const ids = [...new Set(payload.responseIds)];
  // The responses as the ingestion stored them, when it handed them on; the others (the sweeper's,
  // a single response's) with their answers, in one statement (the cheap path: no query engine per row).
  const given = new Map((payload.responses ?? []).map((r) => [r.id, r]));
  const unread = ids.filter((id) => !given.has(id));
  const responses = [
    ...ids.flatMap((id) => given.get(id) ?? []),
    ...(unread.length > 0 ? await queryPrepared<EvaluatedResponse>(prisma, "notification-responses", responsesWithAnswersSql, [unread]) : []),
  ];
  const surveyIds = [...new Set(responses.map((r) => r.surveyId))];
  const indexes = await ruleIndexesOf(prisma, surveyIds);
  const fired: { ruleId: string; responseId: string; organizationId: string; dueAt: Date }[] = [];
  for (const response of responses) {
    const index = indexes.get(response.surveyId);
    if (!index?.hasRulesAt(response.touchpointId)) continue;
    const answers = new Map(response.answers.map((a) => [a.questionId, a]));
    const complete = response.status !== "open";
    for (const rule of index.matching(response, answers)) {
      fired.push({
        ruleId: rule.id,
        responseId: response.id,
        organizationId: response.organizationId,
        dueAt: complete ? now : new Date(now.getTime() + rule.delay * 60_000),
      });
    }
  }
  // Committed asynchronously: no wait for the WAL flush, so evaluating costs ingestion (which waits
  // for its own durable commits) little. Safe because evaluation is idempotent: a crash can only lose
  // the newest of these commits, in order (the firings before the pending rows' deletion), and a
  // pending row still there is evaluated again.
  if (fired.length === 0) {
    // The common case, one statement: a transaction of several costs a round trip each, and more of
    // this process's time in the client than the delete itself.
    await queryPrepared(prisma, "notification-pending-done", deletePendingSql, [ids]);
  } else {
    await prisma.$transaction([
      prisma.$executeRawUnsafe("SET LOCAL synchronous_commit = off"),
      prisma.notificationFiring.createMany({ data: fired, skipDuplicates: true }),
      // a firing that ended without mail because the response no longer matched when it was due
      // (sendFiring) is reopened when the response matches again: still at most one alert per response
      prisma.$executeRawUnsafe(
        `UPDATE "NotificationFiring" f SET "sentAt" = NULL, "error" = NULL, "attempts" = 0
         FROM unnest($1::varchar[], $2::varchar[]) AS p("ruleId", "responseId")
         WHERE f."ruleId" = p."ruleId" AND f."responseId" = p."responseId" AND f."error" = $3 AND coalesce(cardinality(f."sentTo"), 0) = 0`,
        fired.map((f) => f.ruleId),
        fired.map((f) => f.responseId),
        firingMessages.noLongerMatches,
      ),
      // the debounce: a later evaluation of a response still open moves its unsent firings' time on
      ...fired
        .filter((x) => x.dueAt > now)
        .map((f) => prisma.notificationFiring.updateMany({ where: { ruleId: f.ruleId, responseId: f.responseId, sentAt: null }, data: { dueAt: f.dueAt } })),
      prisma.$executeRawUnsafe(`DELETE FROM "NotificationPending" WHERE "responseId" = ANY($1::varchar[])`, ids),
    ]);
  }
  if (fired.length > 0) {
    const due = await prisma.notificationFiring.findMany({
      where: { OR: fired.map((f) => ({ ruleId: f.ruleId, responseId: f.responseId })), sentAt: null, dueAt: { lte: now } },
      select: { id: true },
    });
    for (const f of due) await deps.jobs().enqueue("notification.send", { firingId: f.id });
  }
  return { fired: fired.map((f) => ({ ruleId: f.ruleId, responseId: f.responseId })) };
}

/** One response (tests, and a response changed after it was stored). */
export async function evaluateResponse(deps: EvaluationDeps, payload: { responseId: string }): Promise<{ fired: string[] }> {
  const { fired } = await evaluateResponses(deps, { responseIds: [payload.responseId] });
  return { fired: fired.map((f) => f.ruleId) };
}

const languageOf = (locale: string | undefined): AlertLanguage => (locale === "es" || locale === "fi" ? locale : "en");
const day = (d: Date) => d.toISOString().slice(0, 10);

/** `notification.send`: one firing's alerts. Throws (and so is retried) when a mail is not accepted. */
export async function sendFiring(deps: SendDeps, payload: { firingId: string }): Promise<"sent" | "skipped"> {
  const { prisma, config } = deps;
  const now = deps.now?.() ?? new Date();
  const claimed = await prisma.notificationFiring.updateManyAndReturn({
    where: {
      id: payload.firingId,
      sentAt: null,
      dueAt: { lte: now },
      attempts: { lt: maxFiringAttempts },
      OR: [{ claimedUntil: null }, { claimedUntil: { lt: now } }],
    },
    data: { claimedUntil: new Date(now.getTime() + firingLeaseMs), attempts: { increment: 1 } },
  });
  const firing = claimed[0];
  if (!firing) return "skipped";
  try {
    const rule = await prisma.notificationRule.findUnique({ where: { id: firing.ruleId } });
    const stored = await prisma.response.findUnique({
      where: { id: firing.responseId },
      select: {
        id: true,
        organizationId: true,
        surveyId: true,
        touchpoint: { select: { id: true } },
        status: true,
        overLimit: true,
        language: true,
        metadata: true,
        createdAt: true,
        submittedAt: true,
      },
    });
    const response: ResponseRow | null = stored && { ...stored, touchpointId: stored.touchpoint.id };
    if (!rule?.active || !response) {
      await prisma.notificationFiring.update({
        where: { id: firing.id },
        data: { sentAt: now, claimedUntil: null, error: !response ? firingMessages.responseDeleted : firingMessages.ruleInactive },
      });
      return "skipped";
    }
    const [survey, touchpoint, organization, questions, answers] = await Promise.all([
      prisma.survey.findUnique({ where: { id: response.surveyId }, select: { name: true } }),
      prisma.touchpoint.findUnique({ where: { id: response.touchpointId }, select: { name: true } }),
      prisma.organization.findUnique({ where: { id: response.organizationId }, select: { timeZone: true } }),
      loadQuestions(prisma, response.surveyId),
      loadAnswers(prisma, response.id),
    ]);
    // The response as it is now, not as it was evaluated: a delayed firing (the debounce) may find
    // answers changed or added since, or the rule edited. No mail when it no longer matches; a later
    // evaluation that matches again reopens the firing (evaluateResponses).
    const stillMatches =
      !response.overLimit &&
      response.surveyId === rule.surveyId &&
      response.organizationId === rule.organizationId &&
      rule.touchpointIds.includes(response.touchpointId) &&
      conditionsMatch((rule.conditions ?? []) as ConditionGroups, new Map(questions.map((q) => [q.id, q])), answers);
    if (!stillMatches) {
      await prisma.notificationFiring.update({
        where: { id: firing.id },
        data: { sentAt: now, claimedUntil: null, error: firingMessages.noLongerMatches },
      });
      return "skipped";
    }
    // Webhooks: one delivery per URL, made once (unique per rule, response and URL), each posted by its own job.
    if (rule.webhookUrls.length > 0 && deps.jobs) {
      await prisma.notificationWebhookDelivery.createMany({
        data: rule.webhookUrls.map((url) => ({ organizationId: rule.organizationId, ruleId: rule.id, responseId: response.id, url })),
        skipDuplicates: true,
      });
      const pending = await prisma.notificationWebhookDelivery.findMany({
        where: { ruleId: rule.id, responseId: response.id, status: "pending", attempts: 0 },
        select: { id: true },
      });
      for (const d of pending) await deps.jobs().enqueue("notification.webhook", { deliveryId: d.id });
    }
    // Who may still be alerted, checked now and not only when the rule was saved: without
    // notificationsToAllEmails only the organisation's current members (someone who left is not
    // alerted about its responses any more), and without either feature nobody.
    const features = new Set(
      (await prisma.organization.findUnique({ where: { id: rule.organizationId }, select: { featureSet: { select: { features: true } } } }))?.featureSet
        .features ?? [],
    );
    const members = features.has("notificationsToAllEmails")
      ? null
      : new Set(
          (
            await prisma.membership.findMany({
              where: { organizationId: rule.organizationId, user: { email: { in: rule.receivers } } },
              select: { user: { select: { email: true } } },
            })
          ).map((m) => m.user.email.toLowerCase()),
        );
    const allowed = (email: string) => (members ? features.has("notificationsToOrganizationUsers") && members.has(email.toLowerCase()) : true);
    const recipients = rule.receivers.filter((r) => !firing.sentTo.includes(r) && allowed(r));
    const users = await prisma.user.findMany({ where: { email: { in: recipients } }, select: { email: true, locale: true } });
    const localeOf = new Map(users.map((u) => [u.email.toLowerCase(), u.locale as string]));
    const receivedAt = response.submittedAt ?? response.createdAt;
    const responseLink = `${config.publicUrl}/results?survey=${response.surveyId}&touchpoint=${response.touchpointId}&from=${day(new Date(receivedAt.getTime() - 86_400_000))}&to=${day(new Date(receivedAt.getTime() + 86_400_000))}&view=list&response=${response.id}`;
    for (const to of recipients) {
      const language = languageOf(localeOf.get(to));
      const token = signRuleUnsubscribeToken(config, { ruleId: rule.id, email: to });
      const message = renderAlert({
        language,
        format: rule.format,
        ruleName: rule.name,
        surveyName: survey?.name ?? "",
        touchpointName: touchpoint?.name ?? "",
        timeZone: organization?.timeZone ?? "UTC",
        receivedAt,
        questions,
        answers,
        includeQuestionIds: rule.messageContentFromQuestionIds.length ? rule.messageContentFromQuestionIds : null,
        metadata: (response.metadata ?? {}) as Record<string, string>,
        responseLink: language === "en" ? responseLink : `${responseLink}&locale=${language}`,
        // the page opens in the alert's language (the web's ?locale=)
        unsubscribeLink: `${config.publicUrl}/unsubscribe?token=${token}&locale=${language}`,
      });
      await deps.mail.send({
        kind: "notificationAlert",
        to,
        locale: language,
        organizationId: response.organizationId,
        data: {},
        message: {
          ...message,
          headers: {
            "Content-Language": language,
            "X-Notification-Rule": rule.id,
            "X-Response-Id": response.id,
            "List-Unsubscribe": `<${config.publicUrl}/api/v5/unsubscribe/one-click?token=${token}>`,
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
          },
        },
      });
      await prisma.$executeRaw`UPDATE "NotificationFiring" SET "sentTo" = array_append("sentTo", ${to}) WHERE "id" = ${firing.id}`;
    }
    await prisma.notificationFiring.update({ where: { id: firing.id }, data: { sentAt: new Date(), claimedUntil: null, error: null } });
    await prisma.notificationRule.updateMany({ where: { id: rule.id }, data: { lastRunAt: new Date() } });
    return "sent";
  } catch (error) {
    // released at once, so the job's retry (or the sweeper) takes it again
    await prisma.notificationFiring
      .update({ where: { id: firing.id }, data: { claimedUntil: null, error: String((error as Error)?.message ?? error).slice(0, 500) } })
      .catch(() => {});
    throw error;
  }
}

/** Queues again what a stop left: pending evaluations older than `pendingAgeMs`, and due unsent firings nobody holds. */
export async function sweepNotifications(deps: EvaluationDeps, opts: { pendingAgeMs?: number } = {}): Promise<{ evaluations: number; sends: number }> {
  const now = deps.now?.() ?? new Date();
  const pending = await deps.prisma.notificationPending.findMany({
    where: { createdAt: { lte: new Date(now.getTime() - (opts.pendingAgeMs ?? 30_000)) } },
    select: { responseId: true },
    orderBy: { createdAt: "asc" },
    take: 1000,
  });
  for (let i = 0; i < pending.length; i += evaluationBatch) {
    await deps.jobs().enqueue("notification.evaluate", { responseIds: pending.slice(i, i + evaluationBatch).map((p) => p.responseId) });
  }
  const due = await deps.prisma.notificationFiring.findMany({
    where: { sentAt: null, dueAt: { lte: now }, attempts: { lt: maxFiringAttempts }, OR: [{ claimedUntil: null }, { claimedUntil: { lt: now } }] },
    select: { id: true },
    orderBy: { dueAt: "asc" },
    take: 1000,
  });
  for (const f of due) await deps.jobs().enqueue("notification.send", { firingId: f.id });
  // deliveries made but never posted (the process stopped before their job was queued)
  const deliveries = await deps.prisma.notificationWebhookDelivery.findMany({
    where: { status: "pending", attempts: 0, createdAt: { lte: new Date(now.getTime() - (opts.pendingAgeMs ?? 30_000)) } },
    select: { id: true },
    take: 1000,
  });
  for (const d of deliveries) await deps.jobs().enqueue("notification.webhook", { deliveryId: d.id });
  return { evaluations: pending.length, sends: due.length };
}

/** The sweeper of a worker process: at start (everything left by a stop) and then every `intervalMs`. */
export function startNotificationSweeper(deps: EvaluationDeps, intervalMs = 15_000): () => void {
  const sweep = (pendingAgeMs: number) =>
    void sweepNotifications(deps, { pendingAgeMs }).catch((error: unknown) => deps.log?.warn({ err: error }, "could not sweep notification firings"));
  const first = setTimeout(() => sweep(0), 1_000);
  const timer = setInterval(() => sweep(30_000), intervalMs);
  timer.unref();
  first.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
