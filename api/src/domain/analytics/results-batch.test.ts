// The results of a whole survey are a fixed number of answer queries, not a few per question: the
// window's series and the earlier period for every question at once, plus the organisation's count
// when a touchpoint filter narrows the window. The batched figures equal the one-question read's.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "../../generated/prisma/client.js";
import { noDatabase, startTestApp, type TestApp } from "../../test/harness.js";
import { createOrganizationFixture, type OrganizationFixture } from "../../test/fixtures.js";
import { getQuestionResult, getResults } from "./results.js";
import { settleRollups } from "./rollup-applier.js";
import type { ResultsReader } from "../results-scope/response-scope.js";
import { createAnalyticsSurvey, createTestTouchpoint, insertTestResponses, type TestSurvey } from "../../test/analytics-survey.js";

describe.skipIf(noDatabase)("question results: one query for every question", () => {
  let t: TestApp;
  let org: OrganizationFixture;
  let s: TestSurvey;
  let touchpointId: string;
  const at = new Date(Date.now() - 2 * 3600_000);
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const window = { from: day(new Date(at.getTime() - 2 * 86_400_000)), to: day(new Date(Date.now() + 86_400_000)) };

  /** A share-link caller (the admin's rights) whose database counts the answer queries. */
  const countingCaller = () => {
    const counter = { answerQueries: 0, responseScans: 0, answerParams: [] as unknown[] };
    // The results scope reads through an organisation-scoped client ($extends), so the count follows it there.
    const counting = (client: PrismaClient): PrismaClient =>
      new Proxy(client, {
        get(target, prop) {
          if (prop === "$queryRawUnsafe")
            return (sql: string, ...values: unknown[]) => {
              // (The surveys' read from the response roll-ups has a pending part over answers: not an answer query.)
              if (/FROM "Answer" (a|x|ar_x)\b|"RollupAnswer(Day|Hour)"/.test(sql) && !/"RollupResponse(Day|Hour)"/.test(sql)) {
                counter.answerQueries++;
                counter.answerParams.push(...values);
              }
              // results-scope's surveysWithResponses: a count of the window's responses per survey.
              if (/SELECT r\."surveyId", count\(\*\) AS n FROM "Response" r WHERE/.test(sql)) counter.responseScans++;
              return target.$queryRawUnsafe(sql, ...values);
            };
          if (prop === "$extends") return (...args: unknown[]) => counting((target.$extends as unknown as (...a: unknown[]) => PrismaClient)(...args));
          const value = Reflect.get(target, prop, target) as unknown;
          return typeof value === "function" ? value.bind(target) : value;
        },
      }) as PrismaClient;
    const prisma = counting(t.prisma);
    const caller: ResultsReader = { prisma, share: { organizationId: org.organization.id, createdByUserId: org.users.admin.id, allowChanges: [] } };
    return { caller, counter };
  };

  beforeAll(async () => {
    t = await startTestApp();
    org = await createOrganizationFixture(t.prisma, "Batched");
    s = await createAnalyticsSurvey(t.prisma, org.organization.id, org.units.unitA.id);
    touchpointId = (await createTestTouchpoint(t.prisma, org.organization.id, org.units.unitA.id, "Door", s.survey.id)).id;
    const q = s.questions;
    await insertTestResponses(
      t.prisma,
      org.organization.id,
      [
        [10, 1, 7, "ca"],
        [3, 0.5, 2, "cb"],
        [8, 0.75, 9, "ca"],
      ].map(([nps, smiley, slider, choice]) => ({
        surveyId: s.survey.id,
        touchpointId,
        unitId: org.units.unitA.id,
        createdAt: at,
        answers: [
          { questionId: q.nps.id, n: nps as number },
          { questionId: q.smiley.id, n: smiley as number },
          { questionId: q.slider.id, n: slider as number },
          { questionId: q.single.id, choices: [choice as string] },
          { questionId: q.text.id, text: "fine" },
        ],
      })),
    );
    await settleRollups(t.prisma);
  });
  afterAll(async () => t?.close());

  it("finds the surveys with responses from the roll-ups when none is chosen (no scan of the responses), as the raw rows do, and never another organisation's", async () => {
    // Another organisation with a survey answered in the same window: its survey never shows here.
    const other = await createOrganizationFixture(t.prisma, "Batched other");
    const os = await createAnalyticsSurvey(t.prisma, other.organization.id, other.units.unitA.id);
    const otherTp = (await createTestTouchpoint(t.prisma, other.organization.id, other.units.unitA.id, "Other door", os.survey.id)).id;
    await insertTestResponses(t.prisma, other.organization.id, [
      { surveyId: os.survey.id, touchpointId: otherTp, unitId: other.units.unitA.id, createdAt: at, answers: [{ questionId: os.questions.nps.id, n: 0 }] },
    ]);
    await settleRollups(t.prisma);
    const { caller, counter } = countingCaller();
    const fromRollups = await getResults(caller, window);
    expect(counter.responseScans).toBe(0);
    expect(fromRollups.every((r) => r.source === "rollup")).toBe(true);
    expect(new Set(fromRollups.map((r) => r.surveyId))).toEqual(new Set([s.survey.id]));
    const fromRaw = await getResults(caller, window, { source: "raw" });
    expect(counter.responseScans).toBe(1);
    expect(fromRaw.map((r) => r.questionId)).toEqual(fromRollups.map((r) => r.questionId));
    expect(fromRaw.map((r) => r.mainResult)).toEqual(fromRollups.map((r) => r.mainResult));
  });

  it("answers a seven-question survey with two answer queries, and the figures match the one-question read", async () => {
    const { caller, counter } = countingCaller();
    const results = await getResults(caller, { ...window, surveyIds: [s.survey.id] });
    expect(counter.answerQueries).toBe(2);
    expect(results.map((r) => r.questionId)).toEqual(
      [s.questions.smiley, s.questions.nps, s.questions.slider, s.questions.single, s.questions.multi, s.questions.text, s.questions.emotion].map((q) => q.id),
    );
    const nps = results.find((r) => r.questionId === s.questions.nps.id)!;
    expect(nps.mainResult).toMatchObject({ count: 3, promoters: 1, passives: 1, detractors: 1 });
    expect(results.find((r) => r.questionId === s.questions.single.id)!.mainResult?.distribution.find((d) => d.value === "ca")?.count).toBe(2);
    for (const r of results) {
      const one = await getQuestionResult(caller, r.questionId, { ...window, surveyIds: [s.survey.id] });
      expect(one).toEqual(r);
    }
  });

  it("adds one query for the organisation's count under a touchpoint filter, and leaves out empty questions on request", async () => {
    const { caller, counter } = countingCaller();
    const results = await getResults(caller, { ...window, touchpointIds: [touchpointId], options: { hideQuestionsWithNoResponses: true } });
    expect(counter.answerQueries).toBe(3);
    // multi and emotion have no answers.
    expect(results.map((r) => r.questionId).sort()).toEqual(
      [s.questions.smiley, s.questions.nps, s.questions.slider, s.questions.single, s.questions.text].map((q) => q.id).sort(),
    );
    expect(results.every((r) => r.organizationNowCount.overallCount === 3)).toBe(true);
  });

  it("reads one restriction item the same way, from the response bit strings (grouped by touchpoint, restricted by a single choice)", async () => {
    const { caller, counter } = countingCaller();
    const filters = { ...window, surveyIds: [s.survey.id], groupBy: "source", restrictByAnswer: [{ questionId: s.questions.single.id, values: ["ca"] }] };
    const results = await getResults(caller, filters);
    expect(counter.answerQueries).toBe(2);
    expect(results.every((r) => r.source === "rollup")).toBe(true);
    const nps = results.find((r) => r.questionId === s.questions.nps.id)!;
    // The two responses that chose A: 10 (a promoter) and 8 (a passive), drawn under the touchpoint's name.
    expect(nps.mainResult).toMatchObject({ count: 2, mean: 9, promoters: 1, passives: 1, detractors: 0 });
    expect(nps.series.map((p) => p.label)).toEqual(["Door"]);
    for (const r of results) expect(await getQuestionResult(caller, r.questionId, filters)).toEqual(r);
  });

  it("computes no series when the caller shows none (the results table): every other figure is the same, and the window is read ungrouped", async () => {
    const restricted = { restrictByAnswer: [{ questionId: s.questions.single.id, values: ["ca"] }] };
    const groupings = [{ groupBy: "daily" }, { groupBy: "source" }, { groupBy: "weekday" }, { groupBy: "metadata", groupByMetaKey: "store" }];
    for (const grouping of groupings)
      for (const extra of [{}, restricted]) {
        const filters = { ...window, surveyIds: [s.survey.id], ...grouping, ...extra, options: { satisfactionReport: true } };
        const withSeries = countingCaller();
        const full = await getResults(withSeries.caller, filters);
        const bare = countingCaller();
        const table = await getResults(bare.caller, filters, { withSeries: false });
        expect(full.some((r) => r.series.length > 0)).toBe(true);
        expect(table.every((r) => r.series.length === 0)).toBe(true);
        expect(table).toEqual(full.map((r) => ({ ...r, series: [] })));
        // The window and the earlier period, ungrouped (a daily series may take more).
        expect(bare.counter.answerQueries).toBe(2);
        // Grouped by a metadata key, only the series' read names the key. (Through this proxy the
        // grouped read takes the SQL halves, as poolOf finds no pool; response-bits.test.ts tests
        // the count in the server.)
        if (grouping.groupBy === "metadata") {
          expect(withSeries.counter.answerParams.some((x) => x === "store" || x === "m:store")).toBe(true);
          expect(bare.counter.answerParams.some((x) => x === "store" || x === "m:store")).toBe(false);
        }
        const one = await getQuestionResult(bare.caller, s.questions.nps.id, filters, { withSeries: false });
        expect(one).toEqual(table.find((r) => r.questionId === s.questions.nps.id));
      }
  });
});
