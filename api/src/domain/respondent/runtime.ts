// The respondent runtime: what the public survey page, the terminal kiosk and the website widget
// call (GET survey, POST responses, POST ping under /r/{touchpointId}; docs/respondent-api.md).
// One instance per api process holds the hot state: the survey definitions, the organisations'
// monthly response counts and the batched counters. The rate limits count in the limiter store
// (Redis with REDIS_URL: one limit for every api process).
//
// A submission is checked completely before anything is written (the touchpoint and its survey,
// every answer against its question, metadata, times, the response limit) and then stored with ONE
// statement: the Response row (INSERT … ON CONFLICT ("idempotencyDigest") DO NOTHING)
// and its Answer rows (a data-modifying CTE over json_to_recordset, which inserts nothing when the
// response was a duplicate), shared with the submissions that arrived at the same moment
// (insert-batch.ts: group commit). A retry with the same idempotency key, also a concurrent one,
// finds the first response through the unique index and answers its id.
import { publicTerminalLogo } from "../touchpoints/terminal-logo.js";
import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { PrismaClient } from "../../generated/prisma/client.js";
import type { EventBus } from "../../pubsub/bus.js";
import { badInput, DomainError, notFound } from "../errors.js";
import { objectIdSchema, parseInput } from "../validation.js";
import { encodeAnswer, type AnswerRow } from "./answers.js";
import { CounterBatcher } from "./counters.js";
import { idempotencyDigestSql, InsertBatcher, type PendingResponse } from "./insert-batch.js";
import { RollupApplier } from "../analytics/rollup-applier.js";
import { closedMessage, createDefinitionCache, isObject, publicSurvey, unknownTouchpointMessage, type DefinitionCache } from "./definition.js";
import { respondentLimiters, type RateDecision } from "./rate-limit.js";
import { memoryLimiterStore, type LimiterStore } from "../../limits/store.js";
import { ResponseLimiter } from "./response-limit.js";
import { linkResponseToMessage } from "../campaigns/sending/status.js";
import { codeOf } from "../results-scope/codes.js";

export const submissionLimits = {
  /** Largest submission body (the server's own limit is 1 MB). */
  bodyBytes: 256 * 1024,
  answers: 200,
  metadataKeys: 30,
  metadataKeyLength: 64,
  metadataValueLength: 500,
  idempotencyKeyMin: 8,
  idempotencyKeyMax: 100,
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A 429 with the seconds to wait (the route sends them as Retry-After). */
export class RateLimitedError extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super("RATE_LIMITED", `Too many requests: try again in ${retryAfterSeconds} s`);
  }
}

const isoTime = (field: string) => z.iso.datetime({ offset: true, error: `${field} must be an ISO 8601 date and time, e.g. 2026-05-01T12:00:00Z` }).optional();

const submissionSchema = z.object({
  idempotencyKey: z
    .string({ error: "idempotencyKey is required: a random key made by the client, the same for every retry" })
    .min(submissionLimits.idempotencyKeyMin, `Must be at least ${submissionLimits.idempotencyKeyMin} characters`)
    .max(submissionLimits.idempotencyKeyMax, `Must be at most ${submissionLimits.idempotencyKeyMax} characters`)
    .regex(/^[\x21-\x7e]+$/, "The idempotency key is printable ASCII without spaces"),
  surveyId: objectIdSchema,
  language: z
    .string()
    .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, "language is a language code such as en or fi")
    .optional(),
  answers: z
    .array(
      z.object({ questionId: z.string({ error: "questionId is required" }).max(100), value: z.unknown() }, { error: "An answer is { questionId, value }" }),
      { error: "answers is a list of { questionId, value }" },
    )
    .min(1, "At least one answer is required")
    .max(submissionLimits.answers, `At most ${submissionLimits.answers} answers`),
  metadata: z
    .record(
      z
        .string()
        .min(1, "Metadata keys must not be empty")
        .max(submissionLimits.metadataKeyLength, `Metadata keys are at most ${submissionLimits.metadataKeyLength} characters`),
      z
        .string({ error: "Metadata values are text" })
        .max(submissionLimits.metadataValueLength, `Metadata values are at most ${submissionLimits.metadataValueLength} characters`),
    )
    .refine((m) => Object.keys(m).length <= submissionLimits.metadataKeys, `At most ${submissionLimits.metadataKeys} metadata keys`)
    .optional(),
  startedAt: isoTime("startedAt"),
  submittedAt: isoTime("submittedAt"),
  /** The `m` of a campaign message's personal link: the response records the message it came from. */
  messageToken: z.string().max(100).optional(),
});

export type Submission = z.input<typeof submissionSchema>;

const pingSchema = z.object({
  battery: z.number({ error: "battery is a number from 0 to 1" }).min(0, "battery is a number from 0 to 1").max(1, "battery is a number from 0 to 1").nullish(),
  loadedAt: z.iso.datetime({ offset: true, error: "loadedAt is required: the loadedAt of the survey the terminal shows" }),
});

const pingSql = `WITH p AS (
  INSERT INTO "TouchpointPing" ("organizationId", "touchpointId", "at", "battery") VALUES ($2, $1, now(), $3)
)
UPDATE "Touchpoint" SET "lastSeenAt" = now() WHERE "id" = $1`;

export type RespondentRuntimeOptions = {
  /** Where the rate limits count; this process's memory by default. */
  limiterStore?: LimiterStore;
  counterIntervalMs?: number;
  definitionTtlMs?: number;
  onError?: (error: unknown) => void;
  /** Build the bit strings of organisations not built yet in the background (RollupApplierOptions.buildBits). */
  buildResponseBits?: boolean;
  /** Responses stored while their survey had an active notification rule, as stored: queue their evaluation (notifications/evaluation.ts). */
  onNotificationPending?: (responses: PendingResponse[]) => void;
};

export type RespondentRuntime = ReturnType<typeof createRespondentRuntime>;

export function createRespondentRuntime(deps: { prisma: PrismaClient; bus: EventBus }, opts: RespondentRuntimeOptions = {}) {
  const { prisma, bus } = deps;
  const definitions: DefinitionCache = createDefinitionCache(prisma, { ttlMs: opts.definitionTtlMs });
  const counters = new CounterBatcher(prisma, bus, opts.counterIntervalMs ?? 100, opts.onError);
  const rollups = new RollupApplier(prisma, { onError: opts.onError, buildBits: opts.buildResponseBits });
  const inserts = new InsertBatcher(prisma, { onStored: () => rollups.kick(), onNotificationPending: opts.onNotificationPending });
  const responseLimiter = new ResponseLimiter(prisma);
  const limiters = respondentLimiters(opts.limiterStore ?? memoryLimiterStore());

  const allow = async (decision: Promise<RateDecision>) => {
    const d = await decision;
    if (!d.ok) throw new RateLimitedError(d.retryAfterSeconds);
  };

  return {
    definitions,
    counters,
    inserts,

    /** GET /r/{touchpointId}/survey */
    async survey(touchpointId: string, address: string) {
      await allow(limiters.read(address));
      const { definition, verifiedAt } = await definitions.lookup(touchpointId);
      if (!definition) throw notFound(unknownTouchpointMessage);
      if (definition.closed) throw new DomainError("GONE", definition.closed);
      return publicSurvey(definition, verifiedAt);
    },

    /** POST /r/{touchpointId}/responses: `created` is false for a retry of a stored response. */
    async submit(touchpointId: string, address: string, input: unknown): Promise<{ responseId: string; created: boolean }> {
      await allow(limiters.write(touchpointId, address));
      let definition = await definitions.require(touchpointId);
      const body = parseInput(submissionSchema, input);

      // Times: clamped to the server's clock when more than a day ahead (a wrong device clock).
      const now = new Date();
      const clamp = (iso: string | undefined, fallback: Date) => {
        if (!iso) return fallback;
        const t = new Date(iso);
        return t.getTime() > now.getTime() + DAY_MS ? now : t;
      };
      const submittedAt = clamp(body.submittedAt, now);
      let startedAt = clamp(body.startedAt, submittedAt);
      if (startedAt > submittedAt) startedAt = submittedAt;
      if (submittedAt.getTime() < now.getTime() - 365 * DAY_MS) throw badInput("submittedAt is more than a year in the past", "submittedAt");
      if (startedAt.getTime() < now.getTime() - 366 * DAY_MS) throw badInput("startedAt is more than a year in the past", "startedAt");

      // The survey: the touchpoint's active one, or (answers queued on a terminal) the one it had
      // before the touchpoint last changed.
      if (body.surveyId !== definition.survey.id) {
        const previous = await definitions.previousSurvey(definition, body.surveyId);
        if (!previous || submittedAt > definition.touchpoint.updatedAt) {
          throw badInput("This is not the survey of this touchpoint: load the survey again", "surveyId");
        }
        if (previous.closed) throw new DomainError("GONE", closedMessage);
        definition = previous;
      }

      const language = body.language ?? definition.survey.languages[0] ?? "en";
      if (!definition.survey.languages.includes(language)) {
        throw badInput(`The survey is not in the language '${language}': use ${definition.survey.languages.join(", ")}`, "language");
      }

      const rows: AnswerRow[] = [];
      const seen = new Set<string>();
      body.answers.forEach((answer, i) => {
        const question = definition.questionsById.get(answer.questionId);
        if (!question) throw badInput("Unknown question: not a question of this survey", `answers.${i}.questionId`);
        if (seen.has(question.id)) throw badInput("The question is answered twice", `answers.${i}.questionId`);
        seen.add(question.id);
        rows.push(encodeAnswer(question, answer.value, `answers.${i}.value`));
      });

      // Metadata: the client's, then the terminal's own (settings.metadata), which wins.
      const metadata: Record<string, string> = { ...body.metadata };
      const configured = definition.touchpoint.settings.metadata;
      if (isObject(configured)) for (const [k, v] of Object.entries(configured)) if (typeof v === "string") metadata[k] = v;

      const findStored = async () =>
        (
          await prisma.$queryRawUnsafe<{ id: string }[]>(
            `SELECT "id" FROM "Response" WHERE "touchpointCode" = ${codeOf("touchpoint", "$1")} AND "idempotencyDigest" = ${idempotencyDigestSql("$1", "$2")}`,
            touchpointId,
            body.idempotencyKey,
          )
        )[0];
      // Over the limit the response is still stored, marked overLimit (not shown in results).
      const { overLimit, release } = await responseLimiter.reserve(definition.touchpoint.organizationId, definition.organization.responseLimit, now);
      const responseId = randomBytes(12).toString("hex");
      let stored: boolean;
      try {
        stored = await inserts.insert({
          id: responseId,
          organizationId: definition.touchpoint.organizationId,
          surveyId: definition.survey.id,
          touchpointId,
          unitId: definition.touchpoint.unitId,
          language,
          metadata,
          idempotencyKey: body.idempotencyKey,
          startedAt,
          submittedAt,
          answers: rows,
          overLimit,
        });
      } catch (error) {
        release();
        throw error;
      }
      if (stored) {
        if (body.messageToken) await linkResponseToMessage(prisma, { responseId, touchpointId, token: body.messageToken });
        // Counters (touchpoint counts, live updates) are results too: an over-limit response is not counted.
        if (!overLimit)
          counters.add(touchpointId, definition.survey.id, startedAt, {
            organizationId: definition.touchpoint.organizationId,
            unitId: definition.touchpoint.unitId,
          });
        return { responseId, created: true };
      }
      release();
      const existing = await findStored();
      if (!existing) throw new Error("idempotency conflict without a stored response");
      return { responseId: existing.id, created: false };
    },

    /** GET /r/{touchpointId}/logo: a terminal's own logo (no sign-in). */
    async logo(touchpointId: string, address: string) {
      await allow(limiters.read(address));
      return publicTerminalLogo(prisma, touchpointId);
    },

    /** POST /r/{touchpointId}/ping: a terminal's heartbeat. */
    async ping(touchpointId: string, address: string, input: unknown): Promise<{ refresh: boolean }> {
      await allow(limiters.heartbeat(address));
      const definition = await definitions.get(touchpointId);
      if (!definition) throw notFound(unknownTouchpointMessage);
      if (definition.touchpoint.type !== "terminal") throw badInput("Heartbeats are sent by terminals only");
      const body = parseInput(pingSchema, input);
      await prisma.$executeRawUnsafe(pingSql, touchpointId, definition.touchpoint.organizationId, body.battery ?? null);
      return { refresh: definition.changedAt.getTime() > new Date(body.loadedAt).getTime() };
    },

    async flush() {
      await counters.flush();
      await rollups.drain();
    },

    async close() {
      await counters.close();
      await rollups.close();
    },
  };
}
