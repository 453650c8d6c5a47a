// The response scope against real PostgreSQL: visibility by unit (roles cover sub-units, admins see
// all), restrictSummaryToTeam for the summary, a team filter, surveys, touchpoints, dates, hidden
// responses, restrict-by-answer (AND across questions, OR within), metadata strict and not strict,
// a share-link caller, and another organisation's ids giving nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, noDatabase, type TestApp } from "../../test/harness.js";
import { createOrganizationFixture, type OrganizationFixture } from "../../test/fixtures.js";
import { loadViewer } from "../viewer.js";
import type { DomainContext } from "../context.js";
import { parseResultsFilters } from "./filters.js";
import { buildScope, callerVisibility, responseScope, type ResultsReader, type Visibility } from "./response-scope.js";
import { createAnalyticsSurvey, createTestTouchpoint, insertTestResponses, type TestSurvey } from "../../test/analytics-survey.js";

describe.skipIf(noDatabase)("responseScope", () => {
  let t: TestApp;
  let org: OrganizationFixture;
  let other: OrganizationFixture;
  let s: TestSurvey;
  let otherSurvey: TestSurvey;
  const tp: Record<string, string> = {};
  const day = (d: number, h = 12) => new Date(Date.UTC(2026, 9, d, h));
  const now = new Date("2026-10-31T12:00:00Z");

  const ctxOf = async (userId: string): Promise<DomainContext> => ({
    prisma: t.prisma,
    bus: t.bus,
    jobs: t.jobs,
    config: t.config,
    viewer: (await loadViewer(t.prisma, userId, "accessToken"))!,
  });
  async function ids(caller: ResultsReader, input: Record<string, unknown>, purpose: "results" | "summary" = "results"): Promise<string[]> {
    const f = parseResultsFilters({ from: "2026-10-01", to: "2026-10-31", ...input }, { now });
    const scope = await responseScope(caller, f, { purpose });
    const rows = await t.prisma.$queryRawUnsafe<{ id: string }[]>(`SELECT r.id FROM "Response" r WHERE ${scope.sql} ORDER BY r."createdAt"`, ...scope.params);
    return rows.map((r) => r.id);
  }
  let r: string[];

  beforeAll(async () => {
    t = await startTestApp();
    org = await createOrganizationFixture(t.prisma, "Scoped");
    other = await createOrganizationFixture(t.prisma, "Other");
    s = await createAnalyticsSurvey(t.prisma, org.organization.id, org.units.root.id);
    otherSurvey = await createAnalyticsSurvey(t.prisma, other.organization.id, other.units.root.id);
    tp.a = (await createTestTouchpoint(t.prisma, org.organization.id, org.units.unitA.id, "A")).id;
    tp.a1 = (await createTestTouchpoint(t.prisma, org.organization.id, org.units.unitA1.id, "A1")).id;
    tp.b = (await createTestTouchpoint(t.prisma, org.organization.id, org.units.unitB.id, "B")).id;
    tp.other = (await createTestTouchpoint(t.prisma, other.organization.id, other.units.root.id, "Other")).id;
    const q = s.questions;
    const resp = (
      touchpoint: "a" | "a1" | "b",
      unitId: string,
      d: number,
      nps: number,
      choice: string,
      metadata: Record<string, string> = {},
      hidden = false,
    ) => ({
      surveyId: s.survey.id,
      touchpointId: tp[touchpoint]!,
      unitId,
      createdAt: day(d),
      metadata,
      hidden,
      answers: [
        { questionId: q.nps.id, n: nps },
        { questionId: q.single.id, choices: [choice] },
      ],
    });
    const u = org.units;
    r = await insertTestResponses(t.prisma, org.organization.id, [
      resp("a", u.unitA.id, 2, 10, "ca", { store: "1", region: "north" }), // 0
      resp("a1", u.unitA1.id, 3, 3, "cb", { store: "2", region: "north" }), // 1
      resp("b", u.unitB.id, 4, 9, "ca", { store: "3", region: "south" }), // 2
      resp("b", u.unitB.id, 5, 7, "cc", {}, true), // 3 hidden
      resp("a", u.unitA.id, 40, 10, "ca"), // 4 outside the range (Nov 9)
      resp("a", u.unitA.id, -5, 10, "ca"), // 5 before (Sep 25)
    ]);
    await insertTestResponses(t.prisma, other.organization.id, [
      { surveyId: otherSurvey.survey.id, touchpointId: tp.other!, unitId: other.units.root.id, createdAt: day(2), answers: [] },
    ]);
  });
  afterAll(async () => t?.close());

  it("admins see every unit; a role covers its sub-units; hidden and out-of-range responses are left out", async () => {
    expect(await ids(await ctxOf(org.users.admin.id), {})).toEqual([r[0], r[1], r[2]]);
    expect(await ids(await ctxOf(org.users.viewerA.id), {})).toEqual([r[0], r[1]]);
    expect(await ids(await ctxOf(org.users.adminB.id), {})).toEqual([r[2]]);
    expect(await ids(await ctxOf(org.users.admin.id), { from: "2026-09-01", to: "2026-09-30" })).toEqual([r[5]]);
  });

  it("the earlier window and a team filter (team and sub-teams; a team outside the caller's gives nothing)", async () => {
    const admin = await ctxOf(org.users.admin.id);
    const f = parseResultsFilters({ from: "2026-10-01", to: "2026-10-31" }, { now });
    const scope = await responseScope(admin, f, { period: "earlier" });
    const rows = await t.prisma.$queryRawUnsafe<{ id: string }[]>(`SELECT r.id FROM "Response" r WHERE ${scope.sql}`, ...scope.params);
    expect(rows.map((x) => x.id)).toEqual([r[5]]);
    expect(await ids(admin, { unitId: org.units.unitA.id })).toEqual([r[0], r[1]]);
    expect(await ids(admin, { unitId: org.units.unitA1.id })).toEqual([r[1]]);
    expect(await ids(await ctxOf(org.users.viewerA.id), { unitId: org.units.unitB.id })).toEqual([]);
    expect(await ids(admin, { unitId: other.units.root.id })).toEqual([]);
  });

  it("names the teams by the codes the visibility holds, or looks them up when it holds none: the same rows", async () => {
    // A response names its team by code (Response.unitCode). A visibility read with the caller's access
    // holds every team with its code, so the scope carries the codes as constants; one built without its
    // teams makes the SQL look the codes up. Both give the same rows, with the hidden responses of the
    // teams where the caller manages responses, and the parameters numbered from the given first one.
    const f = parseResultsFilters({ from: "2026-10-01", to: "2026-10-31" }, { now });
    const rowsOf = async (v: Visibility, opts: Parameters<typeof buildScope>[2]) => {
      const scope = buildScope(v, f, { ...opts, firstParam: 2 });
      const rows = await t.prisma.$queryRawUnsafe<{ id: string }[]>(
        `SELECT r.id FROM "Response" r WHERE r."id" <> $1 AND ${scope.sql} ORDER BY r."createdAt"`,
        "none",
        ...scope.params,
      );
      return { scope, ids: rows.map((x) => x.id) };
    };
    const viewer = await callerVisibility(await ctxOf(org.users.viewerA.id), "results");
    expect(viewer.units.find((u) => u.id === org.units.unitA.id)?.code).toBe(org.units.unitA.code);
    const blind: Visibility = { ...viewer, units: [] };
    for (const opts of [{}, { hiddenAlsoInUnits: [org.units.unitB.id] }]) {
      const known = await rowsOf(viewer, opts);
      const looked = await rowsOf(blind, opts);
      expect(known.scope.sql).not.toContain(`"Unit"`);
      expect(looked.scope.sql).toContain(`"Unit"`);
      expect(looked.ids).toEqual(known.ids);
    }
    expect((await rowsOf(viewer, {})).ids).toEqual([r[0], r[1]]);
    // The admin, who sees hidden responses of team B, and sees every team: the hidden one too.
    const admin = await callerVisibility(await ctxOf(org.users.admin.id), "results");
    for (const v of [admin, { ...admin, units: [] }])
      expect((await rowsOf(v, { hiddenAlsoInUnits: [org.units.unitB.id] })).ids).toEqual([r[0], r[1], r[2], r[3]]);
    // Another organisation's team, named by hand, admits none of this organisation's responses.
    const foreign: Visibility = { ...blind, unitIds: [other.units.root.id] };
    expect((await rowsOf(foreign, {})).ids).toEqual([]);
  });

  it("restrictSummaryToTeam limits the summary (not the results) to the viewer's own teams, admins included", async () => {
    const adminA = await ctxOf(org.users.adminA.id);
    await t.prisma.organization.update({ where: { id: org.organization.id }, data: { restrictSummaryToTeam: true } });
    try {
      expect(await ids(await ctxOf(org.users.admin.id), {}, "summary")).toEqual([r[0], r[1], r[2]]); // root admin: the whole tree
      expect(await ids(adminA, {}, "summary")).toEqual([r[0], r[1]]);
      const orgAdminOfB = await t.prisma.membership.update({
        where: { userId_organizationId: { userId: org.users.adminB.id, organizationId: org.organization.id } },
        data: { organizationAdmin: true },
      });
      expect(orgAdminOfB.organizationAdmin).toBe(true);
      expect(await ids(await ctxOf(org.users.adminB.id), {}, "summary")).toEqual([r[2]]);
      expect(await ids(await ctxOf(org.users.adminB.id), {}, "results")).toEqual([r[0], r[1], r[2]]);
      await t.prisma.membership.update({
        where: { userId_organizationId: { userId: org.users.adminB.id, organizationId: org.organization.id } },
        data: { organizationAdmin: false },
      });
    } finally {
      await t.prisma.organization.update({ where: { id: org.organization.id }, data: { restrictSummaryToTeam: false } });
    }
  });

  it("surveys and touchpoints narrow; another organisation's ids give nothing", async () => {
    const admin = await ctxOf(org.users.admin.id);
    expect(await ids(admin, { channelId: [tp.a1!, tp.b!] })).toEqual([r[1], r[2]]);
    expect(await ids(admin, { surveyId: [s.survey.id] })).toEqual([r[0], r[1], r[2]]);
    expect(await ids(admin, { surveyId: [otherSurvey.survey.id] })).toEqual([]);
    expect(await ids(admin, { channelId: [tp.other!] })).toEqual([]);
  });

  it("restrict by answer: OR within a question, AND across questions, numeric ranges", async () => {
    const admin = await ctxOf(org.users.admin.id);
    const q = s.questions;
    expect(await ids(admin, { restrictByAnswer: [{ questionId: q.nps.id, values: [9, 10] }] })).toEqual([r[0], r[2]]);
    expect(await ids(admin, { restrictByAnswer: [{ questionId: q.nps.id, lt: 7 }] })).toEqual([r[1]]);
    expect(
      await ids(admin, {
        restrictByAnswer: [
          { questionId: q.nps.id, values: [9, 10] },
          { questionId: q.single.id, values: ["ca", "cb"] },
        ],
      }),
    ).toEqual([r[0], r[2]]);
    expect(
      await ids(admin, {
        restrictByAnswer: [
          { questionId: q.nps.id, values: [10] },
          { questionId: q.single.id, values: ["cb"] },
        ],
      }),
    ).toEqual([]);
  });

  it("metadata: not strict matches any pair, strict needs every key", async () => {
    const admin = await ctxOf(org.users.admin.id);
    const items = [
      { key: "region", value: "north" },
      { key: "store", value: "3" },
    ];
    expect(await ids(admin, { metaDataMatch: { items, strict: false } })).toEqual([r[0], r[1], r[2]]);
    expect(await ids(admin, { metaDataMatch: { items, strict: true } })).toEqual([]);
    expect(
      await ids(admin, {
        metaDataMatch: {
          items: [
            { key: "region", value: "north" },
            { key: "store", value: "2" },
          ],
          strict: true,
        },
      }),
    ).toEqual([r[1]]);
    expect(
      await ids(admin, {
        metaDataMatch: {
          items: [
            { key: "store", value: "1" },
            { key: "store", value: "2" },
          ],
          strict: true,
        },
      }),
    ).toEqual([r[0], r[1]]);
  });

  it("a share-link caller sees its organisation only, narrowed by its filters", async () => {
    const share = { prisma: t.prisma, share: { organizationId: org.organization.id, createdByUserId: org.users.admin.id } };
    expect(await ids(share, {})).toEqual([r[0], r[1], r[2]]);
    expect(await ids(share, { channelId: [tp.b!] })).toEqual([r[2]]);
    const byViewerA = { prisma: t.prisma, share: { organizationId: org.organization.id, createdByUserId: org.users.viewerA.id } };
    expect(await ids(byViewerA, {})).toEqual([r[0], r[1]]);
    const byOutsider = { prisma: t.prisma, share: { organizationId: org.organization.id, createdByUserId: other.users.admin.id } };
    expect(await ids(byOutsider, {})).toEqual([]);
    const otherShare = { prisma: t.prisma, share: { organizationId: other.organization.id, createdByUserId: other.users.admin.id } };
    expect(await ids(otherShare, { surveyId: [s.survey.id] })).toEqual([]);
  });
});
