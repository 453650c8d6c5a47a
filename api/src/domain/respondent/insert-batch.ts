// Storing responses: group commit in the application. Every submission waits for its own durable
// commit (synchronous_commit stays on), but submissions that arrive while a statement is running are
// stored together by the next one: ONE statement (CTEs: the answers coded with their questions'
// slots, INSERT "Response" with its coded answers … ON CONFLICT DO NOTHING RETURNING, then INSERT
// "Answer" of the answers a code cannot hold, joined to the rows actually inserted; answers/rows.ts)
// and so one WAL flush for the whole group. The same statement marks the responses pending for the analytics roll-ups
// ("RollupPending"); the roll-up applier (analytics/rollup-applier.ts), kicked after each group,
// adds them a few milliseconds later off the request's path, coalescing many groups into one upsert
// per bucket. At low load a submission goes alone and at once (no waiting to fill a batch); under
// load the groups grow, up to `maxBatch`, with at most `maxInFlight` statements at a time (one by
// default: on the 2-core benchmark machine one writer beat 2 and 4 in parallel, ~1,900–3,100 against
// ~1,450 and ~1,200 responses/s under the same background load).
//
// A response over the organisation's response limit is stored the same way with "overLimit" set,
// and is not marked pending: roll-ups never count it (respondent/response-limit.ts).
//
// Each response gets its ordinal for the analytics bit strings here, from its organisation's sequence
// (`responseOrdinalSql`): a sequence never waits for another transaction, so processes storing
// responses of one organisation do not queue on it.
//
// The same statement marks a response pending for notification evaluation ("NotificationPending")
// when its survey has an active notification rule; `onNotificationPending` then queues the
// evaluation (domain/notifications/evaluation.ts) with the responses as stored, so that the
// evaluation need not read them back. Surveys without rules cost one index probe.
//
// A duplicate idempotency key (a retry: the same digest, `idempotencyDigestSql`) inserts nothing and is reported as not stored; the caller
// then answers the first response's id. Two submissions with the same key in one group share one
// row. If a group's statement fails, its submissions are stored one by one, so one bad submission
// (e.g. its touchpoint deleted a moment ago) fails alone.
import type { PrismaClient } from "../../generated/prisma/client.js";
import { codedAnswersSql, responseColumnsSql } from "../answers/rows.js";
import { codeOf } from "../results-scope/codes.js";
import type { AnswerRow } from "./answers.js";

export type PendingResponse = {
  id: string;
  organizationId: string;
  surveyId: string;
  touchpointId: string;
  unitId: string;
  language: string;
  metadata: Record<string, string>;
  idempotencyKey: string;
  startedAt: Date;
  submittedAt: Date;
  answers: AnswerRow[];
  /** Over the organisation's response limit: stored, but never shown nor rolled up (response-limit.ts). */
  overLimit?: boolean;
};

/**
 * The stored form of a client's idempotency key sent to a touchpoint (SQL over the text expressions
 * `touchpointId` and `key`): a digest of both, 16 bytes whatever the key's length, unique over every
 * response (docs/analytics.md "The idempotency key as its digest", "One index for retries"). The
 * key enters as its MD5, the form responses stored before migration 20261129070000 keep.
 */
export const idempotencyDigestSql = (touchpointId: string, key: string) =>
  `substr(encode(sha256(convert_to(${touchpointId} || md5(${key}), 'UTF8')), 'hex'), 1, 32)::uuid`;

/**
 * The next ordinal of the organisation whose id the SQL text expression `organizationId` gives, from
 * its own sequence (migration 20261128200000; a response stored without one gets it from a trigger).
 */
export const responseOrdinalSql = (organizationId: string) => `nextval("response_ordinal_sequence"(${organizationId})::regclass)`;

const insertSql = `WITH input AS (
  SELECT * FROM json_to_recordset($1::json) AS x(i text, o text, s text, t text, u text, l text, m jsonb, k text, c timestamptz, d timestamptz, v boolean)
), ain AS MATERIALIZED (
  SELECT x.r, input.s, x.q, x.n, x.x, coalesce(x.h, '{}') AS h, false AS hid, x.o
  FROM ROWS FROM (json_to_recordset($2::json) AS (r text, q text, n float8, x text, h text[])) WITH ORDINALITY AS x(r, q, n, x, h, o)
  JOIN input ON input.i = x.r
), coded AS MATERIALIZED (${codedAnswersSql("ain", { lock: true })}
), cols AS (${responseColumnsSql("coded")}
), r AS (
  INSERT INTO "Response" ("id", "organizationId", "surveyId", "touchpointCode", "unitCode", "status", "language", "metadata",
    "idempotencyDigest", "createdAt", "submittedAt", "overLimit", "ordinal", "answerCodes", "answerNumbers", "answerTexts")
  -- the touchpoint by its code; a touchpoint deleted a moment ago gives NULL, which fails the
  -- statement (NOT NULL), so that its submission then fails alone (below); the team by its code, 0
  -- for a team deleted a moment ago (a response has no foreign key to its team: it is stored all the same)
  SELECT i, o, s, ${codeOf("touchpoint", "t")}, coalesce(${codeOf("unit", "u")}, 0), 'submitted'::"ResponseStatus", l, m, ${idempotencyDigestSql("t", "k")}, c, d, coalesce(v, false), ${responseOrdinalSql("o")},
    cols.codes, cols.numbers, cols.texts
  FROM input LEFT JOIN cols ON cols.r = input.i
  ON CONFLICT ("idempotencyDigest") DO NOTHING
  RETURNING "id", "surveyId" AS s, "createdAt" AS c, "overLimit" AS v
), a AS (
  INSERT INTO "Answer" ("responseId", "questionId", "createdAt", "numericValue", "textValue", "choiceIds")
  SELECT coded.r, coded.q, r.c, coded.n, coded.x, coded.h FROM coded JOIN r ON r."id" = coded.r WHERE coded.keys IS NULL
), p AS (
  INSERT INTO "RollupPending" ("responseId") SELECT "id" FROM r WHERE NOT r.v
), nr AS (
  SELECT r."id" FROM r WHERE NOT r.v AND EXISTS (SELECT 1 FROM "NotificationRule" n WHERE n."surveyId" = r.s AND n."active")
), np AS (
  INSERT INTO "NotificationPending" ("responseId") SELECT "id" FROM nr
)
SELECT r."id", (nr."id" IS NOT NULL) AS n FROM r LEFT JOIN nr ON nr."id" = r."id"`;

type Waiter = { item: PendingResponse; resolve: (stored: boolean) => void; reject: (error: unknown) => void };

export class InsertBatcher {
  private queue: Waiter[] = [];
  private inFlight = 0;
  private readonly opts: { maxBatch: number; maxInFlight: number; onStored?: () => void; onNotificationPending?: (responses: PendingResponse[]) => void };

  constructor(
    private readonly prisma: PrismaClient,
    opts: { maxBatch?: number; maxInFlight?: number; onStored?: () => void; onNotificationPending?: (responses: PendingResponse[]) => void } = {},
  ) {
    this.opts = { maxBatch: 200, maxInFlight: 1, ...opts };
  }

  /** Resolves true when the response was stored (committed), false when its idempotency key was already taken. */
  insert(item: PendingResponse): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < this.opts.maxInFlight && this.queue.length > 0) {
      const batch = this.queue.splice(0, this.opts.maxBatch);
      this.inFlight++;
      void this.run(batch).finally(() => {
        this.inFlight--;
        this.pump();
      });
    }
  }

  private async run(batch: Waiter[]): Promise<void> {
    // One row per (touchpoint, key): later duplicates in the group follow the first.
    const firsts = new Map<string, Waiter>();
    const followers: { waiter: Waiter; first: Waiter }[] = [];
    for (const w of batch) {
      const key = `${w.item.touchpointId}\u0000${w.item.idempotencyKey}`;
      const first = firsts.get(key);
      if (first) followers.push({ waiter: w, first });
      else firsts.set(key, w);
    }
    const unique = [...firsts.values()];
    let storedIds: Set<string> | undefined;
    try {
      storedIds = await this.statement(unique.map((w) => w.item));
    } catch (error) {
      if (unique.length === 1) {
        unique[0]!.reject(error);
        for (const f of followers) f.waiter.reject(error);
        return;
      }
    }
    if (!storedIds) {
      // The group failed: each alone, so only the bad one fails.
      const results = await Promise.allSettled(unique.map((w) => this.statement([w.item])));
      storedIds = new Set();
      results.forEach((r, i) => {
        if (r.status === "fulfilled") for (const id of r.value) storedIds!.add(id);
        else unique[i]!.reject(r.reason);
      });
    }
    for (const w of unique) w.resolve(storedIds.has(w.item.id));
    for (const f of followers) f.waiter.resolve(false);
  }

  private async statement(items: PendingResponse[]): Promise<Set<string>> {
    const responses = items.map((p) => ({
      i: p.id,
      o: p.organizationId,
      s: p.surveyId,
      t: p.touchpointId,
      u: p.unitId,
      l: p.language,
      m: p.metadata,
      k: p.idempotencyKey,
      c: p.startedAt.toISOString(),
      d: p.submittedAt.toISOString(),
      v: p.overLimit ?? false,
    }));
    const answers = items.flatMap((p) => p.answers.map((a) => ({ r: p.id, ...a })));
    const rows = await this.prisma.$queryRawUnsafe<{ id: string; n: boolean }[]>(insertSql, JSON.stringify(responses), JSON.stringify(answers));
    if (rows.length > 0) this.opts.onStored?.();
    if (this.opts.onNotificationPending) {
      const pending = new Set(rows.filter((r) => r.n).map((r) => r.id));
      if (pending.size > 0) this.opts.onNotificationPending(items.filter((p) => pending.has(p.id)));
    }
    return new Set(rows.map((r) => r.id));
  }
}
