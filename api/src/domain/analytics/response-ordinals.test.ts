// Responses are found by ordinal through "Response_organizationId_ordinalGroup_idx", an index on
// (organizationId, ordinal / 16) (migration 20261129130000_response_ordinal_groups; docs/analytics.md
// "Ordinals by group of 16"). A read must select exactly the ordinals it asks for, whatever groups its
// ends fall in, and must name the group as the index does, or it reads every response of the
// organisation.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseUrl, noDatabase } from "../../test/harness.js";
import { createPrisma } from "../../db/client.js";
import { capturedStatements, planNodes as nodes, planOf as planOfStatement, type PlanNode } from "../../test/query-plans.js";
import { createOrganizationFixture, type OrganizationFixture } from "../../test/fixtures.js";
import { createAnalyticsSurvey, createTestTouchpoint, insertTestResponses, type TestSurvey } from "../../test/analytics-survey.js";
import type { PrismaClient } from "../../generated/prisma/client.js";
import { parseResultsFilters } from "../results-scope/filters.js";
import type { Visibility } from "../results-scope/response-scope.js";
import { listSampleIds } from "./engine.js";
import { bitsBlock, buildBitsStep, buildOrganizationBits } from "./response-bits.js";
import { ordinalEndsSql, ordinalGroupSize, ordinalsAmong, ordinalsBetween } from "./response-ordinals.js";

const groupIndex = "Response_organizationId_ordinalGroup_idx";

describe.skipIf(noDatabase)("responses by ordinal, through the index by group of 16", () => {
  let prisma: PrismaClient;
  let org: OrganizationFixture;
  let empty: OrganizationFixture;
  let s: TestSurvey;
  let ordinals: number[] = [];
  const day = Date.UTC(2026, 4, 12);
  const firstOrdinal = 122 * bitsBlock - 350;

  beforeAll(async () => {
    prisma = createPrisma(databaseUrl!, { max: 3 });
    org = await createOrganizationFixture(prisma, "Ordinal groups");
    empty = await createOrganizationFixture(prisma, "Ordinal groups, none");
    s = await createAnalyticsSurvey(prisma, org.organization.id, org.units.unitA.id);
    const tp = await createTestTouchpoint(prisma, org.organization.id, org.units.unitA.id, "Desk", s.survey.id);
    // The organisation's numbering past a million (a large organisation), its 700 ordinals half in one
    // block of the bit strings and half in the next: reading a block then reads half of them, and a
    // plan that reads the organisation's every response differs from one that reads the block's groups.
    await prisma.$executeRawUnsafe(`SELECT setval("response_ordinal_sequence"($1)::regclass, $2::int, false)`, org.organization.id, firstOrdinal);
    // 700 responses over one day, NPS 0–10 in turn: 10s are sparse (one in eleven), spread over many groups.
    await insertTestResponses(
      prisma,
      org.organization.id,
      Array.from({ length: 700 }, (_, i) => ({
        surveyId: s.survey.id,
        touchpointId: tp.id,
        unitId: org.units.unitA.id,
        createdAt: new Date(day + 6 * 3_600_000 + i * 60_000),
        metadata: { store: `S${i % 4}` },
        answers: [{ questionId: s.questions.nps.id, n: i % 11 }],
      })),
    );
    await prisma.$executeRawUnsafe(`ANALYZE "Response"`);
    ordinals = (
      await prisma.$queryRawUnsafe<{ o: number }[]>(`SELECT "ordinal" AS o FROM "Response" WHERE "organizationId" = $1 ORDER BY 1`, org.organization.id)
    ).map((r) => r.o);
  });
  afterAll(async () => prisma?.$disconnect());

  const planOf = (text: string, values: unknown[]) => planOfStatement(prisma, text, values);
  const groupScans = (plan: PlanNode) => nodes(plan).filter((n) => n["Index Name"] === groupIndex && /ordinal \/ 16/.test(n["Index Cond"] ?? ""));
  const selected = async (where: string, values: unknown[]) =>
    (
      await prisma.$queryRawUnsafe<{ o: number }[]>(
        `SELECT r."ordinal" AS o FROM "Response" r WHERE r."organizationId" = $1 AND ${where} ORDER BY 1`,
        org.organization.id,
        ...values,
      )
    ).map((r) => r.o);

  it("selects exactly the ordinals asked for, ends inside groups or on their edges", async () => {
    expect(ordinals).toHaveLength(700);
    expect(ordinals[0]).toBe(firstOrdinal);
    expect(new Set(ordinals).size).toBe(700);
    const [ends] = await prisma.$queryRawUnsafe<{ first: number; last: number }[]>(ordinalEndsSql("$1"), org.organization.id);
    expect(ends).toEqual({ first: ordinals[0], last: ordinals.at(-1) });
    const [none] = await prisma.$queryRawUnsafe<{ first: number | null; last: number | null }[]>(ordinalEndsSql("$1"), empty.organization.id);
    expect(none).toEqual({ first: null, last: null });

    const base = ordinals[0]!;
    const edge = Math.ceil((base + 1) / ordinalGroupSize) * ordinalGroupSize;
    const ranges: [number, number][] = [
      [base, base],
      [edge - 1, edge],
      [edge, edge + ordinalGroupSize - 1],
      [edge + 3, edge + 5 * ordinalGroupSize + 7],
      [base - 40, base + 2],
      [ordinals.at(-1)! - 20, ordinals.at(-1)! + 500],
    ];
    for (const [first, last] of ranges)
      expect(await selected(ordinalsBetween("r", "$2::int", "$3::int"), [first, last]), `${first}–${last}`).toEqual(
        ordinals.filter((o) => o >= first && o <= last),
      );

    const asked = [ordinals[0]!, ordinals[1]!, ordinals[17]!, ordinals[18]!, ordinals[400]!, ordinals.at(-1)!, ordinals.at(-1)! + 1, -5];
    expect(await selected(ordinalsAmong("r", "$2::int[]"), [asked])).toEqual(ordinals.filter((o) => asked.includes(o)));
    expect(await selected(ordinalsAmong("r", "$2::int[]"), [[]])).toEqual([]);
  });

  it("the unique index is gone, and every reader by ordinal ranges the groups", async () => {
    const names = (await prisma.$queryRawUnsafe<{ indexname: string }[]>(`SELECT indexname FROM pg_indexes WHERE tablename = 'Response'`)).map(
      (i) => i.indexname,
    );
    expect(names).toContain(groupIndex);
    expect(names).not.toContain("Response_organizationId_ordinal_key");

    const v: Visibility = { organizationId: org.organization.id, unitIds: null, units: [], restrictSummaryToTeam: false };
    const f = parseResultsFilters(
      { from: "2026-05-12", to: "2026-05-12", restrictByAnswer: [{ questionId: s.questions.nps.id, gte: 10 }] },
      { now: new Date(day + 2 * 86_400_000) },
    );
    const readers: Record<string, (db: PrismaClient) => Promise<unknown>> = {
      "building an organisation's bit strings from scratch": (db) =>
        db.$transaction((tx) => buildOrganizationBits(tx as unknown as PrismaClient, org.organization.id)),
      "a step adding the metadata keys' strings": async (db) => {
        await db.$executeRawUnsafe(
          `INSERT INTO "ResponseBitsState" ("organizationId", built, "keysBuilt", "keysBlock") VALUES ($1, true, false, $2)
           ON CONFLICT ("organizationId") DO UPDATE SET built = true, "keysBuilt" = false, "keysBlock" = $2`,
          org.organization.id,
          Math.floor(firstOrdinal / bitsBlock),
        );
        return db.$transaction((tx) => buildBitsStep(tx as unknown as PrismaClient, 4096, { only: [org.organization.id] }));
      },
      "the feedback list's sample of a sparse restriction, looked up by ordinal": async (db) => {
        const ids = await listSampleIds(db, v, f, [], 20, null);
        // The sample is the newest 20 of the 10s (one in eleven), found through their ordinals.
        expect(ids).toHaveLength(20);
        return ids;
      },
    };
    for (const [name, run] of Object.entries(readers)) {
      const reads = (await capturedStatements(databaseUrl!, run)).filter(
        (x) => /FROM "Response" r\b/.test(x.text) && /r\."ordinal"/.test(x.text) && !/INSERT|UPDATE/.test(x.text.slice(0, 20)),
      );
      expect(reads.length, name).toBeGreaterThan(0);
      for (const read of reads) {
        const plan = await planOf(read.text, read.values);
        expect(
          groupScans(plan).length,
          `${name}: ${read.text.slice(0, 160)} → ${JSON.stringify(nodes(plan).map((n) => n["Index Name"] ?? n["Node Type"]))}`,
        ).toBeGreaterThan(0);
      }
    }
    const [state] = await prisma.$queryRawUnsafe<{ keysBuilt: boolean }[]>(
      `SELECT "keysBuilt" FROM "ResponseBitsState" WHERE "organizationId" = $1`,
      org.organization.id,
    );
    expect(state?.keysBuilt).toBe(true);
  });
});
