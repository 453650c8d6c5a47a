// The cursor stream on the real PostgreSQL: both paths (a connection of its own through pg with a
// DATABASE_URL, the Prisma client without one) give every row of the scope once, newest first, in
// batches of the asked size, and only rows of the scope.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseUrl, noDatabase } from "../../test/harness.js";
import { createPrisma } from "../../db/client.js";
import type { PrismaClient } from "../../generated/prisma/client.js";
import { createOrganizationFixture, type OrganizationFixture } from "../../test/fixtures.js";
import { createListSurvey, fullAnswers, insertResponses, type ListSurvey } from "../../test/list-survey.js";
import { parseResultsFilters } from "../results-scope/filters.js";
import { responseScope } from "../results-scope/response-scope.js";
import { planFeedbackList } from "./query.js";
import { connectExportClient, countRows, streamRows, streamRowsOnClient, type OnBatch } from "./stream.js";

describe.skipIf(noDatabase)("feedback list cursor stream", () => {
  let prisma: PrismaClient;
  let org: OrganizationFixture;
  let other: OrganizationFixture;
  let s: ListSurvey;
  let ids: string[];

  beforeAll(async () => {
    prisma = createPrisma(databaseUrl!, { max: 3 });
    org = await createOrganizationFixture(prisma, "Streamed");
    other = await createOrganizationFixture(prisma, "Elsewhere");
    s = await createListSurvey(prisma, org);
    const base = Date.UTC(2026, 2, 1, 12);
    ids = await insertResponses(
      prisma,
      org.organization.id,
      s.survey.id,
      Array.from({ length: 7 }, (_, i) => ({ touchpoint: s.touchpointA, createdAt: new Date(base + i * 60_000), answers: fullAnswers(s) })),
    );
    const o = await createListSurvey(prisma, other);
    await insertResponses(prisma, other.organization.id, o.survey.id, [{ touchpoint: o.touchpointA, createdAt: new Date(base), answers: fullAnswers(o) }]);
  });
  afterAll(async () => prisma?.$disconnect());

  it("streams every row of the scope once, newest first, in batches, through pg and through Prisma", async () => {
    const filters = parseResultsFilters({ from: "2026-03-01", to: "2026-03-01" });
    const ctx = {
      prisma,
      viewer: { userId: org.users.admin.id, organizationId: org.organization.id, organizationAdmin: true, systemAdmin: false, grants: [] },
    } as never;
    const scope = await responseScope(ctx, filters);
    const plan = await planFeedbackList(prisma, { scope, filters, locale: "en" });
    expect(await countRows(prisma, plan)).toBe(7);
    // Through a connection of its own (the export process's way), then through Prisma.
    const throughPg = async (onBatch: OnBatch) => {
      const client = await connectExportClient(databaseUrl!);
      try {
        await client.query("BEGIN READ ONLY");
        const total = await streamRowsOnClient(client, plan, onBatch, 3);
        await client.query("COMMIT");
        return total;
      } finally {
        await client.end();
      }
    };
    for (const stream of [throughPg, (onBatch: OnBatch) => streamRows(prisma, plan, onBatch, 3)]) {
      const batches: string[][] = [];
      const total = await stream(async (rows) => void batches.push(rows.map((r) => r.id)));
      expect(total).toBe(7);
      expect(batches.map((b) => b.length)).toEqual([3, 3, 1]);
      expect(batches.flat()).toEqual([...ids].reverse());
    }
  });
});
