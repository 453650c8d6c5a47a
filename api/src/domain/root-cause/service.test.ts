// rootCause over GraphQL against real PostgreSQL with known data: a smiley question that follows
// NPS comes out important and significant, an independent slider does not, an option chosen by
// promoters is a positive driver, a question answered by few is insufficient; the SQL correlation
// equals one computed here from the same numbers; hidden responses, other units and other
// organisations are left out; share links; bad input.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, noDatabase, type TestApp } from "../../test/harness.js";
import { createOrganizationFixture, testPassword, type OrganizationFixture } from "../../test/fixtures.js";
import { globalId, gql } from "../../test/graphql-client.js";
import { signInWithPassword } from "../../test/oidc-login.js";
import { createAnalyticsSurvey, createTestTouchpoint, insertTestResponses, type TestAnswer, type TestSurvey } from "../../test/analytics-survey.js";
import { generateShareToken } from "../results-scope/share-token.js";
import { rootCauseMessages } from "./service.js";

const doc = `query($outcome: ID!, $filters: ResultsFilterInput, $min: Int, $token: String) {
  rootCause(outcomeQuestionId: $outcome, filters: $filters, minSampleSize: $min, shareToken: $token) {
    outcome { questionLegacyId title type n performance nps }
    minSampleSize significanceLevel sampleLimit sampled hiddenBecauseFewerThan
    items { kind questionLegacyId questionTitle questionType optionId optionText importance pValue significant n answered performance outcomeDifference status quadrant }
  }
}`;

/** A small deterministic generator (mulberry32), so the data and the expected figures are fixed. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pearson(xs: number[], ys: number[]): number {
  const n = xs.length;
  const mx = xs.reduce((s, x) => s + x, 0) / n;
  const my = ys.reduce((s, y) => s + y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    sxy += (xs[i]! - mx) * (ys[i]! - my);
    sxx += (xs[i]! - mx) ** 2;
    syy += (ys[i]! - my) ** 2;
  }
  return sxy / Math.sqrt(sxx * syy);
}

describe.skipIf(noDatabase)("rootCause", () => {
  let t: TestApp;
  let org: OrganizationFixture;
  let other: OrganizationFixture;
  let s: TestSurvey;
  let otherSurvey: TestSurvey;
  const tokens: Record<string, string> = {};
  const filters = { from: "2026-10-01", to: "2026-10-31" };
  const N = 200;
  const data = { nps: [] as number[], smiley: [] as number[], slider: [] as number[], chosenCa: [] as number[] };

  const ask = (variables: Record<string, unknown>, token?: string) => gql(t.baseUrl, doc, { filters, ...variables }, token);
  const itemOf = (items: any[], questionId: string, optionId: string | null = null) =>
    items.find((i) => i.questionLegacyId === questionId && i.optionId === optionId);

  beforeAll(async () => {
    t = await startTestApp();
    org = await createOrganizationFixture(t.prisma, "Causes");
    other = await createOrganizationFixture(t.prisma, "Outside");
    s = await createAnalyticsSurvey(t.prisma, org.organization.id, org.units.unitA.id, "Drivers");
    otherSurvey = await createAnalyticsSurvey(t.prisma, other.organization.id, other.units.root.id, "Other drivers");
    const tp = (await createTestTouchpoint(t.prisma, org.organization.id, org.units.unitA.id, "Store")).id;
    const tpOther = (await createTestTouchpoint(t.prisma, other.organization.id, other.units.root.id, "Other")).id;
    const q = s.questions;
    const rnd = random(42);
    const responses = [];
    for (let i = 0; i < N; i++) {
      const nps = Math.floor(rnd() * 11);
      // the smiley follows NPS (5 buttons: 0, .25, .5, .75, 1) with a little noise
      const smiley = Math.min(4, Math.max(0, Math.round((nps / 10) * 4 + (rnd() - 0.5) * 1.2))) / 4;
      const slider = Math.round(rnd() * 10) / 10; // independent of NPS
      const chosen = nps >= 8 ? (rnd() < 0.8 ? "ca" : "cb") : rnd() < 0.15 ? "ca" : rnd() < 0.5 ? "cb" : "cc";
      const multi = ["mx", "my", "mz"].filter(() => rnd() < 0.4);
      data.nps.push(nps);
      data.smiley.push(smiley);
      data.slider.push(slider);
      data.chosenCa.push(chosen === "ca" ? 1 : 0);
      const answers: TestAnswer[] = [
        { questionId: q.nps.id, n: nps },
        { questionId: q.smiley.id, n: smiley },
        { questionId: q.slider.id, n: slider },
        { questionId: q.single.id, choices: [chosen] },
        { questionId: q.text.id, text: "Fine" },
      ];
      if (multi.length) answers.push({ questionId: q.multi.id, choices: multi });
      if (i < 20) answers.push({ questionId: q.emotion.id, n: nps >= 7 ? 1 : -1, choices: [nps >= 7 ? "happy" : "angry"] });
      responses.push({
        surveyId: s.survey.id,
        touchpointId: tp,
        unitId: org.units.unitA.id,
        createdAt: new Date(Date.UTC(2026, 9, 1 + (i % 28), 12)),
        answers,
      });
    }
    // hidden responses that would turn the smiley around, and responses outside the dates
    for (let i = 0; i < 60; i++) {
      const nps = i % 11;
      responses.push({
        surveyId: s.survey.id,
        touchpointId: tp,
        unitId: org.units.unitA.id,
        createdAt: new Date(Date.UTC(2026, 9, 5, 12)),
        hidden: true,
        answers: [
          { questionId: q.nps.id, n: nps },
          { questionId: q.smiley.id, n: 1 - nps / 10 },
        ],
      });
      responses.push({
        surveyId: s.survey.id,
        touchpointId: tp,
        unitId: org.units.unitA.id,
        createdAt: new Date(Date.UTC(2026, 10, 5, 12)),
        answers: [
          { questionId: q.nps.id, n: nps },
          { questionId: q.smiley.id, n: 1 - nps / 10 },
        ],
      });
    }
    await insertTestResponses(t.prisma, org.organization.id, responses);
    await insertTestResponses(t.prisma, other.organization.id, [
      {
        surveyId: otherSurvey.survey.id,
        touchpointId: tpOther,
        unitId: other.units.root.id,
        createdAt: new Date(Date.UTC(2026, 9, 3, 12)),
        answers: [{ questionId: otherSurvey.questions.nps.id, n: 10 }],
      },
    ]);
    await t.prisma.$executeRawUnsafe(`ANALYZE "Answer"`);
    await t.prisma.$executeRawUnsafe(`ANALYZE "Response"`);
    const signIn = async (email: string) => (await signInWithPassword(t.baseUrl, email, testPassword)).accessToken;
    tokens.admin = await signIn(org.users.admin.email);
    tokens.viewerA = await signIn(org.users.viewerA.email);
    tokens.adminB = await signIn(org.users.adminB.email);
    tokens.otherAdmin = await signIn(other.users.admin.email);
  });
  afterAll(async () => t?.close());

  it("finds the driver that follows NPS important and significant, and the random one not", async () => {
    const res = await ask({ outcome: globalId("Question", s.questions.nps.id) }, tokens.admin);
    expect(res.errors).toBeUndefined();
    const rc = res.data!.rootCause;
    const promoters = data.nps.filter((n) => n >= 9).length;
    const detractors = data.nps.filter((n) => n <= 6).length;
    expect(rc.outcome).toMatchObject({ questionLegacyId: s.questions.nps.id, type: "nps", n: N, title: "nps question" });
    expect(rc.outcome.nps).toBeCloseTo(((promoters - detractors) / N) * 100, 2);
    expect(rc.outcome.performance).toBeCloseTo((data.nps.reduce((a, b) => a + b, 0) / N) * 10, 2);
    expect(rc).toMatchObject({ minSampleSize: 30, significanceLevel: 0.05, sampleLimit: 20_000, sampled: false, hiddenBecauseFewerThan: null });

    const smiley = itemOf(rc.items, s.questions.smiley.id);
    expect(smiley).toMatchObject({ kind: "question", questionType: "smiley", n: N, answered: N, significant: true, status: "ok" });
    // the SQL correlation is the one computed from the same numbers here
    expect(smiley.importance).toBeCloseTo(pearson(data.smiley, data.nps), 3);
    expect(smiley.importance).toBeGreaterThan(0.8);
    expect(smiley.pValue).toBeLessThan(0.001);
    expect(["fixFirst", "strength"]).toContain(smiley.quadrant);
    expect(smiley.performance).toBeCloseTo((data.smiley.reduce((a, b) => a + b, 0) / N) * 100, 1);

    const slider = itemOf(rc.items, s.questions.slider.id);
    expect(slider.importance).toBeCloseTo(pearson(data.slider, data.nps), 3);
    expect(Math.abs(slider.importance)).toBeLessThan(0.15);
    expect(slider.significant).toBe(false);
    expect(["monitor", "maintain"]).toContain(slider.quadrant);

    // the option promoters choose: point-biserial r, the share choosing it, and the NPS gap
    const ca = itemOf(rc.items, s.questions.single.id, "ca");
    expect(ca).toMatchObject({ kind: "option", optionText: "A", n: N, significant: true, status: "ok" });
    expect(ca.importance).toBeCloseTo(pearson(data.chosenCa, data.nps), 3);
    expect(ca.performance).toBeCloseTo((data.chosenCa.filter(Boolean).length / N) * 100, 2);
    const meanOf = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const gap = (meanOf(data.nps.filter((_, i) => data.chosenCa[i])) - meanOf(data.nps.filter((_, i) => !data.chosenCa[i]))) * 10;
    expect(ca.outcomeDifference).toBeCloseTo(gap, 1);
    expect(ca.outcomeDifference).toBeGreaterThan(20);
    const cc = itemOf(rc.items, s.questions.single.id, "cc");
    expect(cc.importance).toBeLessThan(0);

    // answered by 20: below the minimum sample
    const emotion = itemOf(rc.items, s.questions.emotion.id);
    expect(emotion).toMatchObject({ n: 20, status: "insufficient", quadrant: null, significant: false });
    // the text question and the outcome itself are no drivers
    expect(itemOf(rc.items, s.questions.text.id)).toBeUndefined();
    expect(itemOf(rc.items, s.questions.nps.id)).toBeUndefined();
    // every option of the multiple-choice question is there
    expect(
      rc.items
        .filter((i: any) => i.questionLegacyId === s.questions.multi.id)
        .map((i: any) => i.optionId)
        .sort(),
    ).toEqual(["mx", "my", "mz"]);
    // most important first, insufficient last
    expect(rc.items[0].questionLegacyId).toBe(s.questions.smiley.id);
    expect(rc.items.at(-1).status).not.toBe("ok");
  });

  it("uses a smiley outcome and a larger minimum sample", async () => {
    const res = await ask({ outcome: globalId("Question", s.questions.smiley.id), min: 500 }, tokens.admin);
    expect(res.errors).toBeUndefined();
    const rc = res.data!.rootCause;
    expect(rc.outcome).toMatchObject({ type: "smiley", n: N, nps: null });
    expect(rc.minSampleSize).toBe(500);
    expect(rc.items.every((i: any) => i.status === "insufficient" && i.quadrant === null)).toBe(true);
    // the NPS question is now a driver, as strongly related
    expect(itemOf(rc.items, s.questions.nps.id).importance).toBeGreaterThan(0.8);
  });

  it("shows only the caller's units, and nothing of other organisations", async () => {
    expect((await ask({ outcome: globalId("Question", s.questions.nps.id) }, tokens.viewerA)).data!.rootCause.outcome.n).toBe(N);
    // The admin of unit B may not open a survey of unit A without responses from B: its questions
    // (titles, choices) are not found, as for another organisation (results-scope/response-scope.ts visibleSurveyIds).
    const b = await ask({ outcome: globalId("Question", s.questions.nps.id) }, tokens.adminB);
    expect(b.data).toBeNull();
    expect(b.errors?.[0]?.message).toBe("Question not found");
    const foreign = await ask({ outcome: globalId("Question", s.questions.nps.id) }, tokens.otherAdmin);
    expect(foreign.data).toBeNull();
    expect(foreign.errors?.[0]?.message).toBe("Question not found");
    const reverse = await ask({ outcome: globalId("Question", otherSurvey.questions.nps.id) }, tokens.admin);
    expect(reverse.data).toBeNull();
    expect(reverse.errors?.[0]?.message).toBe("Question not found");
  });

  it("refuses bad input with a clear message", async () => {
    const text = await ask({ outcome: globalId("Question", s.questions.text.id) }, tokens.admin);
    expect(text.data).toBeNull();
    expect(text.errors?.[0]?.message).toBe(rootCauseMessages.badOutcome);
    expect((await ask({ outcome: globalId("Question", s.questions.single.id) }, tokens.admin)).errors?.[0]?.message).toBe(rootCauseMessages.badOutcome);
    expect((await ask({ outcome: globalId("Question", "0123456789abcdef01234567") }, tokens.admin)).errors?.[0]?.message).toBe("Question not found");
    expect((await ask({ outcome: globalId("Question", s.questions.nps.id), min: 5 }, tokens.admin)).errors?.[0]?.message).toBe(rootCauseMessages.badMinSample);
    expect((await ask({ outcome: globalId("Question", s.questions.nps.id), filters: { to: "2026-13-45" } }, tokens.admin)).errors?.[0]?.message).toBe(
      "Dates are written yyyy-MM-dd",
    );
    expect((await ask({ outcome: globalId("Question", s.questions.nps.id) })).errors?.[0]?.message).toBe("Not logged in");
  });

  it("answers a share link's visitor in the link's organisation, hiding small results", async () => {
    const link = async (data: Record<string, unknown> = {}) => {
      const { token, tokenHash } = generateShareToken();
      await t.prisma.shareToken.create({
        data: {
          organizationId: org.organization.id,
          createdByUserId: org.users.admin.id,
          token: tokenHash,
          filters: { from: "2026-10-01", to: "2026-10-31" },
          ...data,
        },
      });
      return token;
    };
    const token = await link();
    const res = await gql(t.baseUrl, doc, { outcome: globalId("Question", s.questions.nps.id), token });
    expect(res.errors).toBeUndefined();
    expect(res.data!.rootCause.outcome.n).toBe(N);
    expect(itemOf(res.data!.rootCause.items, s.questions.smiley.id).significant).toBe(true);
    const foreign = await gql(t.baseUrl, doc, { outcome: globalId("Question", otherSurvey.questions.nps.id), token });
    expect(foreign.errors?.[0]?.message).toBe("Question not found");
    const small = await gql(t.baseUrl, doc, { outcome: globalId("Question", s.questions.nps.id), token: await link({ hideResultsIfLessThan: 1000 }) });
    expect(small.data!.rootCause).toMatchObject({ hiddenBecauseFewerThan: 1000, items: [] });
    // a question the link hides is neither an outcome nor a driver
    const hiding = await link({ filters: { from: "2026-10-01", to: "2026-10-31", hiddenFromToken: [s.questions.smiley.id] } });
    const hidden = await gql(t.baseUrl, doc, { outcome: globalId("Question", s.questions.nps.id), token: hiding });
    expect(itemOf(hidden.data!.rootCause.items, s.questions.smiley.id)).toBeUndefined();
    expect((await gql(t.baseUrl, doc, { outcome: globalId("Question", s.questions.smiley.id), token: hiding })).errors?.[0]?.message).toBe(
      "Question not found",
    );
    const expired = await gql(t.baseUrl, doc, {
      outcome: globalId("Question", s.questions.nps.id),
      token: await link({ expiredAt: new Date(Date.now() - 1000) }),
    });
    expect(expired.errors?.[0]?.message).toBe("This share link has expired");
  });
});
