// Roll-ups against real PostgreSQL: responses stored through the public ingestion path are marked
// pending and the applier adds them to the hourly and daily roll-ups; while they are pending the
// engine's roll-up reads still count them (from the raw rows); after hiding, showing, deleting and editing
// responses, markResponsesChanged leaves them equal to a rebuild from the raw rows; known totals.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { startTestApp, noDatabase, databaseUrl, type TestApp } from "../../test/harness.js";
import { createOrganizationFixture, type OrganizationFixture } from "../../test/fixtures.js";
import { createAnalyticsSurvey, createTestTouchpoint, insertPendingTestResponses, type TestSurvey } from "../../test/analytics-survey.js";
import pg from "pg";
import { applyPendingSql, markResponsesChanged, pendingResponseRows, rebuildRollups, rollupKeyIs, rollupTables } from "./rollups.js";
import { applierBusy, applyPendingRollups, rollupApplierLockKey, settleRollups } from "./rollup-applier.js";
import type { PrismaClient } from "../../generated/prisma/client.js";
import { loadViewer } from "../viewer.js";
import { updateTouchpoint } from "../touchpoints/touchpoints.js";
import { feedbackListConnection } from "../feedback-list/list.js";
import { refusalOnObject } from "../../permissions/access.js";
import { getSummary } from "./summary.js";
import { getQuestionResult } from "./results.js";
import { pendingAnswerSumsSql } from "./engine.js";
import { parseResultsFilters } from "../results-scope/filters.js";
import { codeOf } from "../results-scope/codes.js";

async function snapshot(prisma: PrismaClient, organizationId: string): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of rollupTables) {
    const rows = await prisma.$queryRawUnsafe<Record<string, unknown>[]>(
      `SELECT * FROM "${table}" x WHERE ${rollupKeyIs("x", "organization", "$1")}`,
      organizationId,
    );
    out[table] = rows
      .map((r) =>
        JSON.stringify(
          Object.fromEntries(
            Object.entries(r).map(([k, v]) => [k, typeof v === "number" ? Math.round(v * 1e6) / 1e6 : v instanceof Date ? v.toISOString() : v]),
          ),
        ),
      )
      .sort();
  }
  return out;
}

/** Response rows (read with their touchpoint's id) as markResponsesChanged takes them: a response names its touchpoint by code. */
const changed = (rows: readonly { createdAt: Date; surveyId: string; touchpoint: { id: string } }[]) =>
  rows.map((r) => ({ createdAt: r.createdAt, surveyId: r.surveyId, touchpointId: r.touchpoint.id }));

/** The roll-ups as they are, and as a rebuild from the raw rows makes them, must be equal. */
async function expectRollupsMatchRaw(prisma: PrismaClient, organizationId: string) {
  await settleRollups(prisma);
  const before = await snapshot(prisma, organizationId);
  await rebuildRollups(prisma, organizationId);
  expect(before).toEqual(await snapshot(prisma, organizationId));
  return before;
}

describe.skipIf(noDatabase)("analytics roll-ups", () => {
  let t: TestApp;
  let org: OrganizationFixture;
  let s: TestSurvey;
  let touchpointId: string;
  // 22:00 UTC six days ago (ingestion refuses responses more than a year old, so relative to the
  // real clock): the responses span two UTC days and several hours.
  const dayMs = 86_400_000;
  const firstDay = Math.floor(Date.now() / dayMs) * dayMs - 6 * dayMs;
  const base = firstDay + 22 * 3_600_000;
  /** The UTC day `days` after the responses' first day, as YYYY-MM-DD. */
  const dayOf = (days: number) => new Date(firstDay + days * dayMs).toISOString().slice(0, 10);

  const post = (i: number, answers: unknown[]) =>
    fetch(`${t.baseUrl}/r/${touchpointId}/responses`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": `198.51.100.${(i % 200) + 1}` },
      body: JSON.stringify({
        idempotencyKey: randomBytes(10).toString("hex"),
        surveyId: s.survey.id,
        language: "en",
        startedAt: new Date(base + i * 20 * 60_000).toISOString(),
        submittedAt: new Date(base + i * 20 * 60_000 + 30_000).toISOString(),
        answers,
      }),
    });

  beforeAll(async () => {
    t = await startTestApp({ env: { TRUST_PROXY: "127.0.0.1" } });
    org = await createOrganizationFixture(t.prisma, "Rolled");
    s = await createAnalyticsSurvey(t.prisma, org.organization.id, org.units.unitA.id);
    touchpointId = (await createTestTouchpoint(t.prisma, org.organization.id, org.units.unitA.id, "Door", s.survey.id)).id;
  });
  afterAll(async () => t?.close());

  it("ingestion's responses reach the roll-ups through the applier; the totals are the raw ones", async () => {
    const q = s.questions;
    const statuses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        post(i, [
          { questionId: q.smiley.id, value: i % 5 },
          { questionId: q.nps.id, value: i % 11 },
          { questionId: q.multi.id, value: i % 2 ? ["mx", "my"] : ["mz"] },
          { questionId: q.emotion.id, value: ["happy", "safe", "curious", "angry"][i % 4] },
          { questionId: q.text.id, value: `text ${i}` },
        ]).then((r) => r.status),
      ),
    );
    expect(statuses.every((x) => x === 201)).toBe(true);
    const rows = await expectRollupsMatchRaw(t.prisma, org.organization.id);
    expect(rows.RollupResponseHour!.length).toBe(4); // 12 × 20 min = 4 hours
    expect(rows.RollupResponseDay!.length).toBe(2); // 22:00–23:59 and the next day
    const [tot] = await t.prisma.$queryRawUnsafe<{ responses: number; sat_sum: number; sat_count: number; p: number; pa: number; d: number }[]>(
      `SELECT sum("responses")::int AS responses, sum("satSum") AS sat_sum, sum("satCount")::int AS sat_count, sum("promoters")::int AS p, sum("passives")::int AS pa, sum("detractors")::int AS d
       FROM "RollupResponseDay" WHERE "organizationCode" = ${codeOf("organization", "$1")}`,
      org.organization.id,
    );
    // smiley i%5 → 0,.25,.5,.75,1,0,… ; NPS 0..10,0 ÷ 10
    const smiley = Array.from({ length: 12 }, (_, i) => (i % 5) / 4).reduce((a, b) => a + b, 0);
    const nps = Array.from({ length: 12 }, (_, i) => (i % 11) / 10).reduce((a, b) => a + b, 0);
    expect(tot).toMatchObject({ responses: 12, sat_count: 24, p: 2, pa: 2, d: 8 });
    expect(tot!.sat_sum).toBeCloseTo(smiley + nps, 9);
    const multi = await t.prisma.$queryRawUnsafe<{ value: string; count: number }[]>(
      `SELECT "value", sum("count")::int AS count FROM "RollupAnswerDay" WHERE "questionCode" = ${codeOf("question", "$1")} GROUP BY 1 ORDER BY 1`,
      q.multi.id,
    );
    expect(multi).toEqual([
      { value: "*", count: 12 },
      { value: "mx", count: 6 },
      { value: "my", count: 6 },
      { value: "mz", count: 6 },
    ]);
    const emotion = await t.prisma.$queryRawUnsafe<{ value: string; sum: number }[]>(
      `SELECT "value", sum("sum") AS sum FROM "RollupAnswerDay" WHERE "questionCode" = ${codeOf("question", "$1")} AND "value" = '*' GROUP BY 1`,
      q.emotion.id,
    );
    expect(emotion[0]!.sum).toBeCloseTo(3 * (1 + 0.66 + 0.33 - 1), 9);
    const smileyValues = await t.prisma.$queryRawUnsafe<{ value: string }[]>(
      `SELECT DISTINCT "value" FROM "RollupAnswerDay" WHERE "questionCode" = ${codeOf("question", "$1")} ORDER BY 1`,
      q.smiley.id,
    );
    expect(smileyValues.map((v) => v.value)).toEqual(["*", "0", "0.25", "0.5", "0.75", "1"]);
  });

  it("after hiding, showing, deleting and editing responses markResponsesChanged keeps them equal to the raw rows", async () => {
    const orgId = org.organization.id;
    const responses = await t.prisma.response.findMany({
      where: { organizationId: orgId },
      orderBy: { createdAt: "asc" },
      include: { touchpoint: { select: { id: true } } },
    });
    const pick = (...idx: number[]) => idx.map((i) => responses[i]!);
    // hide three
    await t.prisma.response.updateMany({ where: { id: { in: pick(0, 5, 11).map((r) => r.id) } }, data: { hidden: true } });
    await markResponsesChanged(t.prisma, orgId, changed(pick(0, 5, 11)));
    await expectRollupsMatchRaw(t.prisma, orgId);
    const count = async () =>
      (
        await t.prisma.$queryRawUnsafe<{ n: number }[]>(
          `SELECT coalesce(sum("responses"), 0)::int AS n FROM "RollupResponseHour" WHERE "organizationCode" = ${codeOf("organization", "$1")}`,
          orgId,
        )
      )[0]!.n;
    expect(await count()).toBe(9);
    // show one again
    await t.prisma.response.update({ where: { id: responses[5]!.id }, data: { hidden: false } });
    await markResponsesChanged(t.prisma, orgId, changed(pick(5)));
    expect(await count()).toBe(10);
    // delete two
    await t.prisma.response.deleteMany({ where: { id: { in: pick(1, 2).map((r) => r.id) } } });
    await markResponsesChanged(t.prisma, orgId, changed(pick(1, 2)));
    expect(await count()).toBe(8);
    // edit an answer's value
    await t.prisma.answer.updateMany({ where: { responseId: responses[3]!.id, questionId: s.questions.nps.id }, data: { numericValue: 10 } });
    await markResponsesChanged(t.prisma, orgId, changed(pick(3)));
    await expectRollupsMatchRaw(t.prisma, orgId);
    await markResponsesChanged(t.prisma, orgId, []);
  });

  it("moving a touchpoint with its responses to another team moves its roll-ups too", async () => {
    const orgId = org.organization.id;
    const viewer = (await loadViewer(t.prisma, org.users.admin.id, "accessToken"))!;
    const ctx = { prisma: t.prisma, bus: t.bus, jobs: t.jobs, config: t.config, viewer };
    await updateTouchpoint(ctx, touchpointId, { unitId: org.units.unitB.id, moveResponses: true });
    const codes = await t.prisma.$queryRawUnsafe<{ o: number; t: number; u: number }[]>(
      `SELECT o."code" AS o, t."code" AS t, u."code" AS u FROM "Organization" o, "Touchpoint" t, "Unit" u WHERE o."id" = $1 AND t."id" = $2 AND u."id" = $3`,
      orgId,
      touchpointId,
      org.units.unitB.id,
    );
    const units = await t.prisma.rollupResponseDay.groupBy({ by: ["unitCode"], where: { organizationCode: codes[0]!.o, touchpointCode: codes[0]!.t } });
    expect(units.map((u) => u.unitCode)).toEqual([codes[0]!.u]);
    await expectRollupsMatchRaw(t.prisma, orgId);
  });

  it("answers of responses whose teams were deleted since still count (unit code 0), from the roll-ups as from the raw rows", async () => {
    // A touchpoint's responses under two teams, the touchpoint moved to a third without them, then both
    // old teams deleted: the responses keep the deleted teams' codes (Response.unitCode has no foreign
    // key), and the two teams' answers of one day fall on the same roll-up key (unit code 0).
    const own = await createOrganizationFixture(t.prisma, "Deleted team");
    const survey = await createAnalyticsSurvey(t.prisma, own.organization.id, own.units.unitA.id);
    const teams = await Promise.all(
      ["First short-lived team", "Second short-lived team"].map((name) =>
        t.prisma.unit.create({ data: { organizationId: own.organization.id, parentId: own.units.unitA.id, name } }),
      ),
    );
    const sSaved = s;
    const tpSaved = touchpointId;
    s = survey;
    touchpointId = (await createTestTouchpoint(t.prisma, own.organization.id, teams[0]!.id, "Moved door", survey.survey.id)).id;
    try {
      const viewer = (await loadViewer(t.prisma, own.users.admin.id, "accessToken"))!;
      const ctx = { prisma: t.prisma, bus: t.bus, jobs: t.jobs, config: t.config, viewer };
      // Three responses under each team, all on 14 Oct (UTC), with the same three NPS values. (The
      // respondent side trusts a touchpoint's cached definition for up to 5 s, so responses stored
      // right after a move still name the old team: the second three are given the second team here,
      // as responses stored after the cache had caught up would be.)
      for (let i = 0; i < 6; i++) expect((await post(i, [{ questionId: survey.questions.nps.id, value: 8 + (i % 3) }])).status).toBe(201);
      await settleRollups(t.prisma);
      // The bit strings' "u" keys name the teams by id while they live.
      const teamKeys = async () =>
        (
          await t.prisma.$queryRawUnsafe<{ value: string }[]>(
            `SELECT DISTINCT value FROM "ResponseBits" WHERE "organizationId" = $1 AND field = 'u'`,
            own.organization.id,
          )
        )
          .map((k) => k.value)
          .sort();
      expect(await teamKeys()).toEqual([teams[0]!.id]);
      const stored = await t.prisma.response.findMany({ where: { touchpoint: { id: touchpointId } }, orderBy: { createdAt: "asc" }, select: { id: true } });
      await t.prisma.response.updateMany({ where: { id: { in: stored.slice(3).map((r) => r.id) } }, data: { unitCode: teams[1]!.code } });
      await updateTouchpoint(ctx, touchpointId, { unitId: own.units.unitA.id, moveResponses: false });
      for (const team of teams) await t.prisma.unit.delete({ where: { id: team.id } });
      expect(await t.prisma.response.count({ where: { unitCode: { in: teams.map((x) => x.code) } } })).toBe(6);
      // Their codes name no team now: the admin's feedback list still shows all six, none manageable
      // (no one holds rights in a deleted team), and the access layer finds no team to manage one in.
      // (a new request: the access read in this one still holds the teams as they were)
      const after = { ...ctx, viewer: (await loadViewer(t.prisma, own.users.admin.id, "accessToken"))! };
      const listed = await feedbackListConnection(after, { filters: { from: dayOf(0), to: dayOf(2), utcOffset: 0 }, first: 10 });
      expect(listed.totalCount).toBe(6);
      expect(listed.edges.map((e) => e.node.manageable)).toEqual(Array(6).fill(false));
      expect(await refusalOnObject(after, "manageResponses", "Response", stored[0]!.id)).toMatchObject({ code: "NOT_FOUND" });
      await rebuildRollups(t.prisma, own.organization.id);
      const npsCode = (await t.prisma.question.findUniqueOrThrow({ where: { id: survey.questions.nps.id } })).code;
      expect(
        await t.prisma.rollupAnswerDay.findMany({
          where: { unitCode: 0, questionCode: npsCode },
          select: { value: true, count: true },
          orderBy: { value: "asc" },
        }),
      ).toEqual([
        { value: "*", count: 6 },
        { value: "10", count: 2 },
        { value: "8", count: 2 },
        { value: "9", count: 2 },
      ]);
      // The response roll-ups likewise: under unit code 0, summed over both teams (one row a day, one an hour).
      const byCode = { where: { organizationCode: own.organization.code }, select: { unitCode: true, responses: true, promoters: true, passives: true } };
      expect(await t.prisma.rollupResponseDay.findMany(byCode)).toEqual([{ unitCode: 0, responses: 6, promoters: 4, passives: 2 }]);
      const hours = await t.prisma.rollupResponseHour.findMany(byCode);
      expect(new Set(hours.map((h) => h.unitCode))).toEqual(new Set([0]));
      expect(hours.reduce((n, h) => n + h.responses, 0)).toBe(6);
      const filters = { from: dayOf(0), to: dayOf(2), utcOffset: 0 };
      const now = new Date(firstDay + 6 * dayMs);
      const read = async (source: "rollup" | "raw") => ({
        ...(await getQuestionResult(ctx, survey.questions.nps.id, filters, { now, source })),
        source: "either",
      });
      const rolled = await read("rollup");
      expect(rolled).toEqual(await read("raw"));
      expect(rolled.mainResult).toMatchObject({ count: 6 });
      expect(rolled.organizationNowCount.overallCount).toBe(6);
      await expectRollupsMatchRaw(t.prisma, own.organization.id);
      // A recompute of that day (as after hiding a response) upserts the shared key once.
      const one = await t.prisma.response.findFirstOrThrow({ where: { unitCode: teams[0]!.code }, include: { touchpoint: { select: { id: true } } } });
      await t.prisma.response.update({ where: { id: one.id }, data: { hidden: true } });
      await markResponsesChanged(t.prisma, own.organization.id, changed([one]));
      // The bit strings, rebuilt for that day, name no deleted team (their codes name none).
      expect(await teamKeys()).toEqual([]);
      expect((await read("rollup")).mainResult).toMatchObject({ count: 5 });
      await expectRollupsMatchRaw(t.prisma, own.organization.id);
    } finally {
      s = sSaved;
      touchpointId = tpSaved;
    }
  });

  it("deleting a survey, question, touchpoint or organisation removes their roll-ups (triggers)", async () => {
    const other = await createAnalyticsSurvey(t.prisma, org.organization.id, org.units.unitA.id, "Short-lived");
    const tp = await createTestTouchpoint(t.prisma, org.organization.id, org.units.unitA.id, "Short", other.survey.id);
    touchpointId = tp.id;
    const sSaved = s;
    s = other;
    expect((await post(1, [{ questionId: other.questions.nps.id, value: 5 }])).status).toBe(201);
    s = sSaved;
    await settleRollups(t.prisma);
    expect(await t.prisma.rollupResponseHour.count({ where: { surveyCode: other.survey.code } })).toBe(1);
    expect(await t.prisma.rollupResponseDay.count({ where: { surveyCode: other.survey.code } })).toBe(1);
    const otherNps = await t.prisma.question.findUniqueOrThrow({ where: { id: other.questions.nps.id } });
    expect(await t.prisma.rollupAnswerDay.count({ where: { questionCode: otherNps.code } })).toBeGreaterThan(0);
    await t.prisma.survey.delete({ where: { id: other.survey.id } });
    expect(await t.prisma.rollupResponseHour.count({ where: { surveyCode: other.survey.code } })).toBe(0);
    expect(await t.prisma.rollupResponseDay.count({ where: { surveyCode: other.survey.code } })).toBe(0);
    expect(await t.prisma.rollupAnswerDay.count({ where: { questionCode: otherNps.code } })).toBe(0);
    expect(await t.prisma.rollupAnswerDay.count({ where: { surveyCode: other.survey.code } })).toBe(0);
    const orgId = org.organization.id;
    const emotion = await t.prisma.question.findUniqueOrThrow({ where: { id: s.questions.emotion.id } });
    const answersOf = (questionCode: number) => t.prisma.rollupAnswerDay.count({ where: { questionCode } });
    expect(await answersOf(emotion.code)).toBeGreaterThan(0);
    await t.prisma.question.delete({ where: { id: s.questions.emotion.id } });
    expect(await answersOf(emotion.code)).toBe(0);
    const { code: orgCode } = await t.prisma.organization.findUniqueOrThrow({ where: { id: orgId } });
    const doors = await t.prisma.rollupResponseDay.groupBy({ by: ["touchpointCode"], where: { organizationCode: orgCode } });
    expect(doors.length).toBe(1);
    const door = await t.prisma.touchpoint.findUniqueOrThrow({ where: { code: doors[0]!.touchpointCode } });
    expect(await t.prisma.rollupAnswerDay.count({ where: { touchpointCode: door.code } })).toBeGreaterThan(0);
    await t.prisma.touchpoint.delete({ where: { id: door.id } });
    expect(await t.prisma.rollupResponseDay.count({ where: { organizationCode: orgCode } })).toBe(0);
    expect(await t.prisma.rollupResponseHour.count({ where: { organizationCode: orgCode } })).toBe(0);
    expect(await t.prisma.rollupAnswerDay.count({ where: { touchpointCode: door.code } })).toBe(0);
    expect(await t.prisma.rollupAnswerDay.count({ where: { organizationCode: orgCode } })).toBe(0);
    const last = await createTestTouchpoint(t.prisma, orgId, org.units.unitA.id, "Last", s.survey.id);
    touchpointId = last.id;
    expect((await post(2, [{ questionId: s.questions.nps.id, value: 7 }])).status).toBe(201);
    await settleRollups(t.prisma);
    expect(await t.prisma.rollupResponseHour.count({ where: { organizationCode: orgCode } })).toBe(1);
    expect(await t.prisma.rollupAnswerDay.count({ where: { organizationCode: orgCode } })).toBeGreaterThan(0);
    const sequenceGone = async () =>
      (await t.prisma.$queryRawUnsafe<{ gone: boolean }[]>(`SELECT to_regclass("response_ordinal_sequence"($1)) IS NULL AS gone`, orgId))[0]!.gone;
    expect(await sequenceGone()).toBe(false);
    await t.prisma.organization.delete({ where: { id: orgId } });
    expect(await t.prisma.rollupResponseHour.count({ where: { organizationCode: orgCode } })).toBe(0);
    expect(await t.prisma.rollupResponseDay.count({ where: { organizationCode: orgCode } })).toBe(0);
    expect(await t.prisma.rollupAnswerDay.count({ where: { organizationCode: orgCode } })).toBe(0);
    // Its ordinals' sequence goes with it (migration 20261128200000).
    expect(await sequenceGone()).toBe(true);
  });

  it("one applier at a time across processes: while another holds the applier's lock, ours stands aside", async () => {
    // Another process's applier, as far as PostgreSQL can tell: a session holding the advisory lock.
    const other = new pg.Client({ connectionString: databaseUrl! });
    await other.connect();
    try {
      await other.query("SELECT pg_advisory_lock($1::bigint)", [rollupApplierLockKey]);
      expect(await applyPendingRollups(t.prisma)).toBe(applierBusy);
      await other.query("SELECT pg_advisory_unlock($1::bigint)", [rollupApplierLockKey]);
      expect(await applyPendingRollups(t.prisma)).toBeGreaterThanOrEqual(0);
    } finally {
      await other.end();
    }
  });

  it("pending responses (applier held off) are counted by roll-up reads from the raw rows, once, and hidden ones not", async () => {
    const own = await createOrganizationFixture(t.prisma, "Pending");
    const survey = await createAnalyticsSurvey(t.prisma, own.organization.id, own.units.unitA.id);
    const sSaved = s;
    const tpSaved = touchpointId;
    s = survey;
    touchpointId = (await createTestTouchpoint(t.prisma, own.organization.id, own.units.unitA.id, "Held", survey.survey.id)).id;
    const viewer = (await loadViewer(t.prisma, own.users.admin.id, "accessToken"))!;
    const ctx = { prisma: t.prisma, bus: t.bus, jobs: t.jobs, config: t.config, viewer };
    const q = survey.questions;
    const answers = (i: number) => [
      { questionId: q.smiley.id, value: i % 5 },
      { questionId: q.nps.id, value: (i * 3) % 11 },
      { questionId: q.multi.id, value: i % 2 ? ["mx", "my"] : ["mz"] },
    ];
    const filters = { from: dayOf(0), to: dayOf(2), utcOffset: 0 };
    const now = new Date(firstDay + 6 * dayMs);
    const read = async (source: "rollup" | "raw") => ({
      summary: await getSummary(ctx, filters, { now, source }),
      nps: { ...(await getQuestionResult(ctx, q.nps.id, { ...filters, groupBy: "hourly" }, { now, source })), source: "either" },
      multi: { ...(await getQuestionResult(ctx, q.multi.id, filters, { now, source })), source: "either" },
    });
    // Three responses applied, then the applier held off by a recompute's lock while six more arrive.
    for (let i = 0; i < 3; i++) expect((await post(i, answers(i))).status).toBe(201);
    await settleRollups(t.prisma);
    const holder = new pg.Client({ connectionString: databaseUrl! });
    const rowHolder = new pg.Client({ connectionString: databaseUrl! });
    await holder.connect();
    try {
      await holder.query("BEGIN");
      await holder.query(`LOCK TABLE ${rollupTables.map((x) => `"${x}"`).join(", ")} IN SHARE ROW EXCLUSIVE MODE`);
      for (let i = 3; i < 9; i++) expect((await post(i, answers(i))).status).toBe(201);
      const pending = await t.prisma.$queryRawUnsafe<{ n: number }[]>(
        `SELECT count(*)::int AS n FROM "RollupPending" p JOIN "Response" r ON r."id" = p."responseId" WHERE r."organizationId" = $1`,
        own.organization.id,
      );
      expect(pending[0]!.n).toBe(6);
      const applied = await t.prisma.$queryRawUnsafe<{ n: number }[]>(
        `SELECT coalesce(sum("responses"), 0)::int AS n FROM "RollupResponseDay" WHERE "organizationCode" = ${codeOf("organization", "$1")}`,
        own.organization.id,
      );
      expect(applied[0]!.n).toBe(3);
      const fromRollups = await read("rollup");
      expect(fromRollups.summary.count.now).toBe(9);
      expect(fromRollups).toEqual(await read("raw"));
      // A pending response hidden: gone from both reads at once.
      const last = await t.prisma.response.findFirst({
        where: { organizationId: own.organization.id },
        orderBy: { createdAt: "desc" },
        include: { touchpoint: { select: { id: true } } },
      });
      await t.prisma.response.update({ where: { id: last!.id }, data: { hidden: true } });
      const afterHide = await read("rollup");
      expect(afterHide.summary.count.now).toBe(8);
      expect(afterHide).toEqual(await read("raw"));
      // A recompute of those buckets while they are still pending (their pending rows locked, so
      // the applier skips them) leaves them out: the applier adds them later, once.
      await rowHolder.connect();
      await rowHolder.query("BEGIN");
      await rowHolder.query(`SELECT 1 FROM "RollupPending" p JOIN "Response" r ON r."id" = p."responseId" WHERE r."organizationId" = $1 FOR UPDATE OF p`, [
        own.organization.id,
      ]);
      await holder.query("COMMIT");
      await markResponsesChanged(t.prisma, own.organization.id, changed([last!]));
      const recomputed = await t.prisma.$queryRawUnsafe<{ n: number }[]>(
        `SELECT coalesce(sum("responses"), 0)::int AS n FROM "RollupResponseDay" WHERE "organizationCode" = ${codeOf("organization", "$1")}`,
        own.organization.id,
      );
      expect(recomputed[0]!.n).toBe(3);
      expect(await read("rollup")).toEqual(afterHide);
      await rowHolder.query("COMMIT");
    } finally {
      await holder.end();
      await rowHolder.end().catch(() => undefined);
    }
    // Released: the applier adds the five visible pending responses once (the hidden one not).
    await expectRollupsMatchRaw(t.prisma, own.organization.id);
    const total = await t.prisma.$queryRawUnsafe<{ n: number }[]>(
      `SELECT sum("responses")::int AS n FROM "RollupResponseHour" WHERE "organizationCode" = ${codeOf("organization", "$1")}`,
      own.organization.id,
    );
    expect(total[0]!.n).toBe(8);
    expect(await read("rollup")).toEqual(await read("raw"));
    s = sSaved;
    touchpointId = tpSaved;
  });

  it("the pending part of a read leaves another organisation's pending responses out before their answers are read", async () => {
    const other = await createOrganizationFixture(t.prisma, "Rolled other");
    const os = await createAnalyticsSurvey(t.prisma, other.organization.id, other.units.unitA.id);
    const otherTp = (await createTestTouchpoint(t.prisma, other.organization.id, other.units.unitA.id, "Other door", os.survey.id)).id;
    let ids: string[] = [];
    /**
     * Loops over a response's answers (its answer rows, and its row read again for its coded answers:
     * alias ar_r in answers/rows.ts) in the pending part for one organisation, from EXPLAIN ANALYZE.
     * The once-per-statement probe of whether the questions have answer rows at all (alias ag) reads
     * no response's answers.
     */
    type PlanNode = { "Relation Name"?: string; Alias?: string; "Actual Loops"?: number; Plans?: PlanNode[] };
    const readsAnswers = (node: PlanNode) =>
      (node["Relation Name"] === "Answer" && node.Alias !== "ag") || (node["Relation Name"] === "Response" && node.Alias === "ar_r");
    const answerLoops = (node: PlanNode): number =>
      (readsAnswers(node) ? (node["Actual Loops"] ?? 0) : 0) + (node.Plans ?? []).reduce((n, c) => n + answerLoops(c), 0);
    const read = async (tx: PrismaClient, sql: string, organizationId: string) => {
      const rows = await tx.$queryRawUnsafe<Record<string, unknown>[]>(
        `SELECT count(*)::int AS n FROM (${sql}) x WHERE x."organizationCode" = ${codeOf("organization", "$1")}`,
        organizationId,
      );
      const [plan] = await tx.$queryRawUnsafe<{ "QUERY PLAN": [{ Plan: PlanNode }] }[]>(
        `EXPLAIN (ANALYZE, FORMAT JSON) SELECT count(*) FROM (${sql}) x WHERE x."organizationCode" = ${codeOf("organization", "$1")}`,
        organizationId,
      );
      return { n: Number(rows[0]!.n), answerLoops: answerLoops(plan!["QUERY PLAN"][0].Plan) };
    };
    /** The engine's pending part of an answer read (every unit, the day of `base`), its counts per value and its loops over "Answer". */
    const readAnswers = async (tx: PrismaClient, organizationId: string, questionId: string) => {
      const day = new Date(Math.floor(base / 86_400_000) * 86_400_000);
      const f = parseResultsFilters({ from: day.toISOString().slice(0, 10), to: day.toISOString().slice(0, 10) }, { now: new Date(base) });
      const window = { from: day, to: new Date(day.getTime() + 86_400_000) };
      const { sql, values } = pendingAnswerSumsSql({ organizationId, unitIds: null, units: [], restrictSummaryToTeam: false }, f, [questionId], window);
      const rows = await tx.$queryRawUnsafe<{ value: string; count: number }[]>(sql, ...values);
      const [plan] = await tx.$queryRawUnsafe<{ "QUERY PLAN": [{ Plan: PlanNode }] }[]>(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, ...values);
      return { counts: Object.fromEntries(rows.map((r) => [r.value, Number(r.count)])), answerLoops: answerLoops(plan!["QUERY PLAN"][0].Plan) };
    };
    // Uncommitted: no applier (of any test file) can claim these pending rows meanwhile.
    const aborted = new Error("rolled back on purpose");
    await expect(
      t.prisma.$transaction(
        async (tx) => {
          const db = tx as unknown as PrismaClient;
          ids = await insertPendingTestResponses(
            db,
            other.organization.id,
            Array.from({ length: 5 }, () => ({
              surveyId: os.survey.id,
              touchpointId: otherTp,
              unitId: other.units.unitA.id,
              createdAt: new Date(base),
              answers: [{ questionId: os.questions.nps.id, n: 9 }],
            })),
          );
          // Read as this organisation, which has none of them: the other's answers are never read.
          const mine = await readAnswers(db, org.organization.id, s.questions.nps.id);
          expect(mine.answerLoops).toBe(0);
          // Read as the other organisation: its five answers (value 9 and "*").
          const theirs = await readAnswers(db, other.organization.id, os.questions.nps.id);
          expect(theirs.counts).toEqual({ "*": 5, "9": 5 });
          expect(theirs.answerLoops).toBeGreaterThanOrEqual(5);
          expect((await read(db, pendingResponseRows("$1"), other.organization.id)).n).toBe(5);
          expect((await read(db, pendingResponseRows("$1"), org.organization.id)).n).toBe(0);
          throw aborted;
        },
        { timeout: 60_000, maxWait: 30_000 },
      ),
    ).rejects.toBe(aborted);
    expect(await t.prisma.rollupPending.count({ where: { responseId: { in: ids } } })).toBe(0);
  });

  it("the applier looks its claimed responses and their answers up by key, never by reading the whole tables", async () => {
    // A plan over the table, such as a hash join that reads every answer in the database to find the
    // claimed responses' few, grows with the database: the planner chose one below about a million
    // answers (bench/applier-steady.ts: 167 ms of a 300 ms apply at 144,000 answers).
    type PlanNode = { "Relation Name"?: string; "Index Cond"?: string; Filter?: string; "Recheck Cond"?: string; "Node Type": string; Plans?: PlanNode[] };
    const scans = (node: PlanNode, out: PlanNode[] = []): PlanNode[] => {
      if (node["Relation Name"] === "Answer" || node["Relation Name"] === "Response") out.push(node);
      for (const c of node.Plans ?? []) scans(c, out);
      return out;
    };
    const [plan] = await t.prisma.$queryRawUnsafe<{ "QUERY PLAN": [{ Plan: PlanNode }] }[]>(`EXPLAIN (FORMAT JSON) ${applyPendingSql()}`, 5000);
    const found = scans(plan!["QUERY PLAN"][0].Plan);
    expect(found.map((n) => n["Relation Name"]).sort()).toEqual(["Answer", "Response"]);
    for (const n of found) {
      // Each scan names the claimed row it looks for: by index, or (a table of a few pages) per claimed row.
      const key = n["Relation Name"] === "Answer" ? `("responseId")::text = ` : `(id)::text = `;
      const conditions = [n["Index Cond"], n["Recheck Cond"], n.Filter].filter(Boolean).join(" ");
      expect(conditions, `${n["Node Type"]} on ${n["Relation Name"]}`).toContain(key);
    }
  });
});
