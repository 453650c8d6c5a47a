// The list fields that used to ask the database once per row (Survey.hidden, Survey.questionCount,
// Member.unitRoles) cost the same number of SQL statements for 2 rows as for 8: counted with
// Prisma's query events on a client of the test's own, the schema executed in process.
import { PrismaPg } from "@prisma/adapter-pg";
import { createRequire } from "node:module";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.js";
import type { DomainContext } from "../domain/context.js";
import { loadViewer } from "../domain/viewer.js";
import { PrismaClient } from "../generated/prisma/client.js";
import { createEventBus } from "../pubsub/bus.js";
import { createOrganizationFixture, type OrganizationFixture } from "../test/fixtures.js";
import { databaseUrl, noDatabase } from "../test/harness.js";
import { buildSchema } from "./index.js";

// The schema is built with the graphql module Node loads (CommonJS); execute it with the same one.
const { execute, parse } = createRequire(import.meta.url)("graphql") as typeof import("graphql");

describe.skipIf(noDatabase)("batched list fields", () => {
  const schema = buildSchema();
  const bus = createEventBus(undefined);
  let prisma: PrismaClient;
  let statements = 0;
  let org: OrganizationFixture;
  const hiddenSurveyIds = new Set<string>();

  /** Runs a query as the organisation's admin and answers its data and the SQL statements it cost. */
  async function run(query: string): Promise<{ data: any; statements: number }> {
    const viewer = await loadViewer(prisma, org.users.admin.id, "accessToken", { organizationId: org.organization.id });
    const context: DomainContext = {
      prisma,
      bus,
      jobs: undefined as never,
      config: loadConfig({ NODE_ENV: "test", DATABASE_URL: databaseUrl ?? "", LOG_LEVEL: "silent" }),
      viewer,
    };
    const before = statements;
    const result = await execute({ schema, document: parse(query), contextValue: context });
    expect(result.errors).toBeUndefined();
    return { data: result.data, statements: statements - before };
  }

  beforeAll(async () => {
    prisma = new PrismaClient({
      adapter: new PrismaPg(new pg.Pool({ connectionString: databaseUrl ?? "", max: 2 })),
      log: [{ level: "query", emit: "event" }],
    });
    (prisma as unknown as { $on(event: "query", listener: () => void): void }).$on("query", () => {
      statements++;
    });
    org = await createOrganizationFixture(prisma, "Loaders");
    for (let i = 0; i < 10; i++) {
      const survey = await prisma.survey.create({
        data: { organizationId: org.organization.id, unitId: org.units.unitA.id, name: `Survey ${i}`, languages: ["en"], createdByUserId: org.users.admin.id },
      });
      await prisma.question.createMany({
        data: [0, 1, 2, 3].slice(0, 2 + (i % 3)).map((position) => ({
          organizationId: org.organization.id,
          surveyId: survey.id,
          position,
          type: "openText" as const,
          title: { en: `Q${position}` },
          hidden: position === 1,
        })),
      });
      if (i === 0 || i === 5) {
        await prisma.surveyHidden.create({ data: { userId: org.users.admin.id, surveyId: survey.id } });
        hiddenSurveyIds.add(survey.id);
      }
    }
  });

  afterAll(async () => {
    await prisma?.$disconnect();
    await bus.close();
  });

  const surveys = (first: number, tab = "all") => `{ surveys(first: ${first}, tab: ${tab}) { edges { node { legacyId name hidden questionCount } } } }`;

  it("Survey.hidden and Survey.questionCount: as many statements for 8 surveys as for 2 (the 'all' tab leaves out the 2 the caller hid), with each survey's own values", async () => {
    const two = await run(surveys(2));
    const eight = await run(surveys(8));
    expect(two.data.surveys.edges).toHaveLength(2);
    expect(eight.data.surveys.edges).toHaveLength(8);
    expect(eight.statements).toBe(two.statements);
    for (const { node } of eight.data.surveys.edges) {
      const i = Number(node.name.replace("Survey ", ""));
      // 2, 3 or 4 questions, one of them hidden.
      expect(node.questionCount).toBe(1 + (i % 3));
      expect(node.hidden).toBe(false);
    }
    // The caller's hidden surveys (the "hidden" tab) say so.
    const hidden = await run(surveys(8, "hidden"));
    expect(hidden.data.surveys.edges.map(({ node }: any) => [node.legacyId, node.hidden]).sort()).toEqual([...hiddenSurveyIds].map((id) => [id, true]).sort());
  });

  const members = (first: number) => `{ members(first: ${first}) { edges { node { userLegacyId unitRoles { role unit { name } } } } } }`;

  it("Member.unitRoles: as many statements for 6 members as for 2, each with their own roles by unit name", async () => {
    const extra = await prisma.user.create({ data: { email: `two-units.${org.organization.id}@example.test`, currentOrganizationId: org.organization.id } });
    await prisma.membership.create({ data: { userId: extra.id, organizationId: org.organization.id } });
    await prisma.unitRole.createMany({
      data: [
        { organizationId: org.organization.id, userId: extra.id, unitId: org.units.unitB.id, role: "viewer" },
        { organizationId: org.organization.id, userId: extra.id, unitId: org.units.unitA.id, role: "editor" },
      ],
    });
    const two = await run(members(2));
    const six = await run(members(6));
    expect(two.data.members.edges).toHaveLength(2);
    expect(six.data.members.edges).toHaveLength(6);
    expect(six.statements).toBe(two.statements);
    const roles = new Map(six.data.members.edges.map(({ node }: any) => [node.userLegacyId, node.unitRoles]));
    expect(roles.get(org.users.admin.id)).toEqual([{ role: "admin", unit: { name: "Loaders HQ" } }]);
    expect(roles.get(org.users.viewerA.id)).toEqual([{ role: "viewer", unit: { name: "Stores" } }]);
    expect(roles.get(extra.id)).toEqual([
      { role: "viewer", unit: { name: "Online" } },
      { role: "editor", unit: { name: "Stores" } },
    ]);
  });
});
