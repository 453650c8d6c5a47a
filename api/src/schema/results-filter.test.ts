// The typed results filters on the real server: ResultsFilterInput reaches the domain's filter rules
// (domain/analytics/filters.ts) and keeps their specific messages; what GraphQL itself refuses (a
// field it does not know, a value of the wrong type) is named too; bookmarks and share links give
// their stored filters back as ResultsFilters, and a share link's smiley scale as SmileyScale. Ids
// travel as global ids and are stored as the spec's 24-hex ids.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { noDatabase, startTestApp, type TestApp } from "../test/harness.js";
import { createOrganizationFixture, testPassword, type OrganizationFixture } from "../test/fixtures.js";
import { globalId, gql } from "../test/graphql-client.js";
import { signInWithPassword } from "../test/oidc-login.js";
import { analyticsMessages } from "../domain/results-scope/filters.js";
import { shareLinkMessages } from "../domain/sharing/share-links.js";
import { messages } from "../domain/validation.js";
import { createAnalyticsSurvey, createTestTouchpoint, insertTestResponses } from "../test/analytics-survey.js";
import { settleRollups } from "../domain/analytics/rollup-applier.js";

describe.skipIf(noDatabase)("ResultsFilterInput", () => {
  let t: TestApp;
  let org: OrganizationFixture;
  let admin: string;
  const results = `query ($f: ResultsFilterInput) { results(filters: $f) { questionLegacyId } }`;
  const refusal = async (filters: unknown) => {
    const answer = await gql(t.baseUrl, results, { f: filters }, admin);
    return answer.errors?.[0];
  };

  beforeAll(async () => {
    t = await startTestApp();
    org = await createOrganizationFixture(t.prisma, "Filtered");
    admin = (await signInWithPassword(t.baseUrl, org.users.admin.email, testPassword)).accessToken;
  });
  afterAll(async () => t?.close());

  it("accepts well-formed filters", async () => {
    const answer = await gql(
      t.baseUrl,
      results,
      {
        f: {
          from: "2026-10-01",
          to: "2026-10-31",
          utcOffset: 180,
          groupBy: "metadata",
          groupByMetaKey: "store",
          restrictByAnswer: [{ questionId: globalId("Question", "0123456789abcdef01234567"), choiceIds: ["a"], numbers: [1] }],
          metaDataMatch: { items: [{ key: "store", value: "Kamppi" }], strict: true },
          options: { stackGraphsTo100: true, viewOptions: { columns: 3 } },
        },
      },
      admin,
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.results).toEqual([]);
  });

  it("refuses malformed filters with the domain's specific message", async () => {
    expect(await refusal({ from: "2026-13-45" })).toMatchObject({ message: analyticsMessages.invalidDate, extensions: { code: "BAD_USER_INPUT" } });
    expect(await refusal({ from: "2026-10-31", to: "2026-10-01" })).toMatchObject({ message: analyticsMessages.reversedRange });
    expect(await refusal({ from: "2001-01-01", to: "2026-01-01" })).toMatchObject({ message: analyticsMessages.absurdRange });
    expect(await refusal({ utcOffset: 900 })).toMatchObject({ message: analyticsMessages.invalidOffset });
    expect(await refusal({ groupBy: "metadata" })).toMatchObject({ message: analyticsMessages.metaKeyRequired });
    expect(await refusal({ restrictByAnswer: [{ questionId: globalId("Question", "0123456789abcdef01234567") }] })).toMatchObject({
      message: analyticsMessages.restrictNeedsValue,
    });
    expect(await refusal({ surveyIds: [globalId("Survey", "nope")] })).toMatchObject({ message: messages.invalidId, extensions: { code: "BAD_USER_INPUT" } });
    expect(await refusal({ metaDataMatch: { items: [{ key: " ", value: "x" }] } })).toMatchObject({ message: "A metadata key must not be empty" });
  });

  it("refuses what GraphQL cannot read, naming the field or the type", async () => {
    expect((await refusal({ groupBy: "yearly" }))?.message).toMatch(/"yearly".*ResultsGroupBy/);
    expect((await refusal({ datePreset: "lastYear" }))?.message).toMatch(/"lastYear".*DatePreset/);
    expect((await refusal({ channelId: ["0123456789abcdef01234567"] }))?.message).toMatch(/Field "channelId" is not defined by type "ResultsFilterInput"/);
    expect((await refusal({ utcOffset: "soon" }))?.message).toMatch(/Int cannot represent non-integer value/);
    expect((await refusal({ restrictByAnswer: [{ choiceIds: ["a"] }] }))?.message).toMatch(/Field "questionId" of required type "ID!" was not provided/);
  });

  it("takes global ids and refuses another type's id or a spec id where a global id belongs", async () => {
    const hex = "0123456789abcdef01234567";
    const wrongType = [
      { surveyIds: [globalId("Touchpoint", hex)] },
      { touchpointIds: [globalId("Survey", hex)] },
      { unitId: globalId("Survey", hex) },
      { restrictByAnswer: [{ questionId: globalId("Survey", hex), numbers: [1] }] },
      { options: { hiddenQuestions: [globalId("Unit", hex)] } },
      { surveyIds: [hex] },
    ];
    for (const filters of wrongType) {
      expect(await refusal(filters), JSON.stringify(filters)).toMatchObject({ extensions: { code: "BAD_USER_INPUT" } });
    }
    const typed = { surveyIds: [globalId("Survey", hex)], touchpointIds: [globalId("Touchpoint", hex)], unitId: globalId("Unit", org.units.unitA.id) };
    expect(await refusal(typed)).toBeUndefined();
    const question = await gql(t.baseUrl, `query ($q: ID!) { questionResult(questionId: $q) { questionType } }`, { q: globalId("Survey", hex) }, admin);
    expect(question.errors?.[0]).toMatchObject({ extensions: { code: "BAD_USER_INPUT" } });
    const summary = await gql(t.baseUrl, `query ($u: ID) { summary(input: { unitId: $u }) { count { now } } }`, { u: globalId("Survey", hex) }, admin);
    expect(summary.errors?.[0]).toMatchObject({ extensions: { code: "BAD_USER_INPUT" } });
  });

  it("gives stored filters back typed, and a share link's smiley scale", async () => {
    const bookmark = await gql(
      t.baseUrl,
      `mutation ($f: ResultsFilterInput) { createBookmark(name: "Typed", filters: $f) { bookmark { filters {
        from to datePreset touchpointIds surveyIds groupBy restrictByAnswer { questionId choiceIds numbers gte lt }
        metaDataMatch { items { key value } strict } options { stackGraphsTo100 view hiddenQuestions viewOptions } } } } }`,
      {
        f: {
          from: "2026-10-01",
          to: "2026-10-31",
          touchpointIds: [globalId("Touchpoint", "0123456789abcdef01234567")],
          groupBy: "weekNumber",
          restrictByAnswer: [{ questionId: globalId("Question", "0123456789abcdef01234568"), choiceIds: ["good"], numbers: [0.5], gte: 0 }],
          metaDataMatch: { items: [{ key: "store", value: "Kamppi" }] },
          options: { stackGraphsTo100: true, view: "table", hiddenQuestions: [globalId("Question", "0123456789abcdef01234569")], viewOptions: { columns: 3 } },
        },
      },
      admin,
    );
    expect(bookmark.errors).toBeUndefined();
    expect(bookmark.data!.createBookmark.bookmark.filters).toEqual({
      from: "2026-10-01",
      to: "2026-10-31",
      datePreset: null,
      touchpointIds: [globalId("Touchpoint", "0123456789abcdef01234567")],
      surveyIds: [],
      groupBy: "weekNumber",
      restrictByAnswer: [{ questionId: globalId("Question", "0123456789abcdef01234568"), choiceIds: ["good"], numbers: [0.5], gte: 0, lt: null }],
      metaDataMatch: { items: [{ key: "store", value: "Kamppi" }], strict: false },
      options: { stackGraphsTo100: true, view: "table", hiddenQuestions: [globalId("Question", "0123456789abcdef01234569")], viewOptions: { columns: 3 } },
    });
    // Stored as the domain's wire shape, which REST reads and writes.
    const stored = await t.prisma.bookmark.findFirstOrThrow({ where: { name: "Typed" } });
    expect(stored.filters).toMatchObject({
      touchpointIds: ["0123456789abcdef01234567"],
      restrictByAnswer: [{ questionId: "0123456789abcdef01234568", values: ["good", 0.5], gte: 0 }],
      options: { hiddenQuestions: ["0123456789abcdef01234569"] },
    });

    const share = (smileyScale: unknown) =>
      gql(
        t.baseUrl,
        `mutation ($s: SmileyScaleInput) { createShareLink(input: { name: "Smileys", smileyScale: $s }) { shareLink { smileyScale { count min max } } } }`,
        { s: smileyScale },
        admin,
      );
    expect((await share({ count: 4 })).data!.createShareLink.shareLink.smileyScale).toEqual({ count: 4, min: null, max: null });
    expect((await share({ min: 1, max: 3 })).data!.createShareLink.shareLink.smileyScale).toEqual({ count: null, min: 1, max: 3 });
    expect((await share(null)).data!.createShareLink.shareLink.smileyScale).toBeNull();
    for (const bad of [{ count: 1 }, { count: 11 }, { min: 3, max: 3 }, { min: 1 }, { count: 4, min: 1, max: 3 }]) {
      expect((await share(bad)).errors?.[0], JSON.stringify(bad)).toMatchObject({
        message: shareLinkMessages.invalidSmileyScale,
        extensions: { code: "BAD_USER_INPUT" },
      });
    }
  });

  it("computes a question's series only when the query selects it: the table's query gets the graphs' figures without one", async () => {
    const survey = await createAnalyticsSurvey(t.prisma, org.organization.id, org.units.unitA.id, "Series on demand");
    const touchpoint = await createTestTouchpoint(t.prisma, org.organization.id, org.units.unitA.id, "Series door", survey.survey.id);
    const createdAt = new Date("2026-10-12T10:00:00Z");
    // Two stores, and two responses without the key (the group "").
    const stores: Record<string, string>[] = [{ store: "Sello" }, { store: "Kamppi" }, { store: "Sello" }, { store: "Kamppi" }, {}, {}];
    await insertTestResponses(
      t.prisma,
      org.organization.id,
      [9, 4, 10, 7, 0, 8].map((n, i) => ({
        surveyId: survey.survey.id,
        touchpointId: touchpoint.id,
        unitId: org.units.unitA.id,
        createdAt: new Date(createdAt.getTime() + i * 86_400_000),
        metadata: stores[i],
        answers: [{ questionId: survey.questions.nps.id, n }],
      })),
    );
    await settleRollups(t.prisma);
    const window = { from: "2026-10-01", to: "2026-10-31", surveyIds: [globalId("Survey", survey.survey.id)] };
    const figures = "questionLegacyId groupBy source mainResult { count nps promoters passives detractors distribution { value count } } earlier { count }";
    const query = async (f: Record<string, unknown>, withSeries: boolean) => {
      const answer = await gql(
        t.baseUrl,
        `query ($f: ResultsFilterInput, $s: Boolean!) { results(filters: $f) { ${figures} series @include(if: $s) { label metrics { count nps } } } }`,
        { f, s: withSeries },
        admin,
      );
      expect(answer.errors).toBeUndefined();
      type Row = {
        questionLegacyId: string;
        source: string;
        mainResult: unknown;
        earlier: unknown;
        series?: { label: string; metrics: { count: number; nps: number } }[];
      };
      return (answer.data!.results as Row[]).find((r) => r.questionLegacyId === survey.questions.nps.id)!;
    };

    const byStore = { ...window, groupBy: "metadata", groupByMetaKey: "store" };
    const graphs = await query(byStore, true);
    const table = await query(byStore, false);
    expect(graphs).toMatchObject({ groupBy: "metadata", mainResult: { count: 6, nps: 0, promoters: 2, passives: 2, detractors: 2 } });
    expect([...graphs.series!].sort((a, b) => a.label.localeCompare(b.label))).toEqual([
      { label: "", metrics: { count: 2, nps: -50 } },
      { label: "Kamppi", metrics: { count: 2, nps: -50 } },
      { label: "Sello", metrics: { count: 2, nps: 100 } },
    ]);
    const { series: _series, ...rest } = graphs;
    expect(table).toEqual(rest);

    // Grouped by hour under a restriction, the series can only come from the raw rows; the table's
    // ungrouped read is served from the bit strings. So the source tells which read the server did.
    const byHour = { ...window, groupBy: "hourly", restrictByAnswer: [{ questionId: globalId("Question", survey.questions.nps.id), numbers: [9, 10] }] };
    const hourGraphs = await query(byHour, true);
    const hourTable = await query(byHour, false);
    expect(hourGraphs).toMatchObject({ source: "raw", mainResult: { count: 2, nps: 100 } });
    expect(hourGraphs.series).toEqual([{ label: "10", metrics: { count: 2, nps: 100 } }]);
    expect(hourTable).toMatchObject({ source: "rollup", mainResult: hourGraphs.mainResult, earlier: hourGraphs.earlier });
    expect(hourTable.series).toBeUndefined();
  });
});
