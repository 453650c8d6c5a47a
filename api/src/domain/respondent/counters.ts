// Touchpoint and survey counters (responseCount, lastFeedbackAt) without making every submission
// wait on, and queue behind, one hot row: submissions add to an in-memory tally per touchpoint,
// and a flush applies the tallies with ONE statement (two UPDATE … FROM
// json_to_recordset CTEs, touchpoints and surveys in id order) and publishes each survey's new
// counts on the event bus ("response:created"), and per organisation the new responses by
// touchpoint ("organization:responses", the summary's live counts). Only one flush runs at a time; a failed flush puts
// its tallies back for the next one. Plain SQL, so updatedAt (the terminals' refresh signal) is
// left alone. The price: a process that dies loses at most the last interval's increments (the
// Response rows are the truth; a recount restores them).
//
// When: `leadMs` (15 ms) after the first tally of a quiet moment, so a live count reaches the screen
// about as fast as the response is stored; under load, flushes start at most every `intervalMs`
// (100 ms) and never overlap, so a busy process still writes the hot rows ten times a second at most
// (it was a fixed 500 ms wait: live counts lagged half a second; docs/respondent-api.md).
import { markCollectedResponses } from "../onboarding/steps.js";
import type { PrismaClient } from "../../generated/prisma/client.js";
import type { EventBus, OrganizationResponsesEvent, ResponseCountsEvent } from "../../pubsub/bus.js";

type Tally = { surveyId: string; n: number; last: number; organizationId?: string; unitId?: string };

const flushSql = `WITH tp AS (
  UPDATE "Touchpoint" t SET "responseCount" = t."responseCount" + v.n, "lastFeedbackAt" = GREATEST(t."lastFeedbackAt", v.last)
  FROM (SELECT * FROM json_to_recordset($1::json) AS x(id text, n int, last timestamptz) ORDER BY id) v
  WHERE t."id" = v.id
  RETURNING t."id", t."responseCount", t."lastFeedbackAt"
), sv AS (
  UPDATE "Survey" s SET "responseCount" = s."responseCount" + v.n, "lastFeedbackAt" = GREATEST(s."lastFeedbackAt", v.last)
  FROM (SELECT * FROM json_to_recordset($2::json) AS x(id text, n int, last timestamptz) ORDER BY id) v
  WHERE s."id" = v.id
  RETURNING s."id", s."responseCount", s."lastFeedbackAt"
)
SELECT 't' AS kind, "id", "responseCount", "lastFeedbackAt" FROM tp
UNION ALL SELECT 's', "id", "responseCount", "lastFeedbackAt" FROM sv`;

type Row = { kind: "t" | "s"; id: string; responseCount: number; lastFeedbackAt: Date | null };

export class CounterBatcher {
  private pending = new Map<string, Tally>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  private lastFlushStart = Number.NEGATIVE_INFINITY;
  private closed = false;
  /** Organisations whose members' collectedResponses step is done (onboarding/steps.ts). */
  private readonly onboarded = new Set<string>();

  constructor(
    private readonly prisma: PrismaClient,
    private readonly bus: EventBus,
    private readonly intervalMs = 100,
    private readonly onError: (error: unknown) => void = () => {},
    private readonly leadMs = 15,
  ) {}

  /** Schedules the next flush: `leadMs` from now, and at least `intervalMs` after the last one started. */
  private schedule(): void {
    if (this.timer || this.closed) return;
    const wait = Math.max(this.leadMs, this.lastFlushStart + this.intervalMs - performance.now());
    this.timer = setTimeout(() => void this.flush(), wait);
  }

  /** Counts one stored response; with the organisation and unit the flush also publishes "organization:responses". */
  add(touchpointId: string, surveyId: string, at: Date, where: { organizationId: string; unitId: string } | null = null): void {
    const t = at.getTime();
    const key = `${touchpointId}/${surveyId}`;
    const tally = this.pending.get(key);
    if (tally) {
      tally.n++;
      if (t > tally.last) tally.last = t;
    } else this.pending.set(key, { surveyId, n: 1, last: t, ...(where ?? {}) });
    // While a flush runs, its end schedules the next one.
    if (!this.flushing) this.schedule();
  }

  /** Applies every pending tally now (tests, shutdown). */
  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    while (this.flushing) await this.flushing;
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    this.lastFlushStart = performance.now();
    this.flushing = this.apply(batch).finally(() => {
      this.flushing = undefined;
      if (this.pending.size > 0) this.schedule();
    });
    await this.flushing;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
  }

  private async apply(batch: Map<string, Tally>): Promise<void> {
    const touchpoints = new Map<string, { id: string; n: number; last: number }>();
    const surveys = new Map<string, { id: string; n: number; last: number; created: number; touchpointIds: Set<string> }>();
    for (const [key, tally] of batch) {
      const touchpointId = key.split("/")[0]!;
      const tp = touchpoints.get(touchpointId) ?? { id: touchpointId, n: 0, last: 0 };
      tp.n += tally.n;
      tp.last = Math.max(tp.last, tally.last);
      touchpoints.set(touchpointId, tp);
      const sv = surveys.get(tally.surveyId) ?? { id: tally.surveyId, n: 0, last: 0, created: 0, touchpointIds: new Set<string>() };
      sv.n += tally.n;
      sv.created += tally.n;
      sv.last = Math.max(sv.last, tally.last);
      sv.touchpointIds.add(touchpointId);
      surveys.set(tally.surveyId, sv);
    }
    const json = (m: Map<string, { id: string; n: number; last: number }>) =>
      JSON.stringify([...m.values()].map((v) => ({ id: v.id, n: v.n, last: new Date(v.last).toISOString() })));
    let rows: Row[];
    try {
      rows = await this.prisma.$queryRawUnsafe<Row[]>(flushSql, json(touchpoints), json(surveys));
    } catch (error) {
      // Put the tallies back: the next flush tries again.
      for (const [key, tally] of batch) {
        const now = this.pending.get(key);
        if (now) {
          now.n += tally.n;
          now.last = Math.max(now.last, tally.last);
        } else this.pending.set(key, { ...tally });
      }
      this.onError(error);
      return;
    }
    const tpRows = new Map(rows.filter((r) => r.kind === "t").map((r) => [r.id, r]));
    const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
    for (const r of rows) {
      if (r.kind !== "s") continue;
      const sv = surveys.get(r.id)!;
      const event: ResponseCountsEvent = {
        surveyId: r.id,
        responseCount: Number(r.responseCount),
        lastFeedbackAt: iso(r.lastFeedbackAt),
        created: sv.created,
        touchpoints: [...sv.touchpointIds].flatMap((id) => {
          const t = tpRows.get(id);
          return t ? [{ touchpointId: id, responseCount: Number(t.responseCount), lastFeedbackAt: iso(t.lastFeedbackAt) }] : [];
        }),
      };
      this.bus.publish("response:created", r.id, event);
    }
    // The organisation-wide event: every touchpoint tally of the flush, by organisation.
    const byOrg = new Map<string, OrganizationResponsesEvent>();
    for (const [key, tally] of batch) {
      if (!tally.organizationId || !tally.unitId) continue;
      const e = byOrg.get(tally.organizationId) ?? { organizationId: tally.organizationId, created: 0, touchpoints: [] };
      e.created += tally.n;
      e.touchpoints.push({
        touchpointId: key.split("/")[0]!,
        unitId: tally.unitId,
        surveyId: tally.surveyId,
        created: tally.n,
        lastFeedbackAt: new Date(tally.last).toISOString(),
      });
      byOrg.set(tally.organizationId, e);
    }
    for (const e of byOrg.values()) this.bus.publish("organization:responses", e.organizationId, e);
    // Onboarding: the organisation's first responses complete collectedResponses for its members.
    try {
      await markCollectedResponses(this.prisma, this.bus, [...byOrg.keys()], this.onboarded);
    } catch (error) {
      this.onError(error);
    }
  }
}

// The recount: each touchpoint's and survey's responseCount set from its Response rows (the truth;
// deleting a response decrements, hiding does not, so every row counts). Only rows that drifted are
// written, so a recount with nothing to mend writes nothing. Runs at start (main.ts), before this
// process takes submissions, so none of its own tallies are pending; docs/respondent-api.md.
const recountSql = `WITH tc AS (
  SELECT t.id, COALESCE(r.n, 0) AS n FROM "Touchpoint" t
  LEFT JOIN (SELECT "touchpointCode", count(*)::int AS n FROM "Response" WHERE $1::varchar IS NULL OR "organizationId" = $1::varchar GROUP BY "touchpointCode") r
    ON r."touchpointCode" = t."code"
  WHERE $1::varchar IS NULL OR t."organizationId" = $1::varchar
), sc AS (
  SELECT s.id, COALESCE(r.n, 0) AS n FROM "Survey" s
  LEFT JOIN (SELECT "surveyId", count(*)::int AS n FROM "Response" WHERE $1::varchar IS NULL OR "organizationId" = $1::varchar GROUP BY "surveyId") r
    ON r."surveyId" = s.id
  WHERE $1::varchar IS NULL OR s."organizationId" = $1::varchar
), tu AS (
  UPDATE "Touchpoint" t SET "responseCount" = tc.n FROM tc WHERE t.id = tc.id AND t."responseCount" <> tc.n RETURNING t.id
), su AS (
  UPDATE "Survey" s SET "responseCount" = sc.n FROM sc WHERE s.id = sc.id AND s."responseCount" <> sc.n RETURNING s.id
)
SELECT (SELECT count(*)::int FROM tu) AS touchpoints, (SELECT count(*)::int FROM su) AS surveys`;

/** Sets the cached response counters (all, or one organisation's) from the Response rows; answers how many rows it mended. */
export async function recountResponseCounters(prisma: PrismaClient, opts: { organizationId?: string } = {}): Promise<{ touchpoints: number; surveys: number }> {
  const [row] = await prisma.$queryRawUnsafe<{ touchpoints: number; surveys: number }[]>(recountSql, opts.organizationId ?? null);
  return { touchpoints: Number(row?.touchpoints ?? 0), surveys: Number(row?.surveys ?? 0) };
}
