// The embedded database: PGlite through pglite-socket, migrated with deployMigrations, used by Prisma.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createPrisma } from "./client.js";
import { startEmbeddedDatabase } from "./embedded.js";
import { deployMigrations, readMigrations } from "./migrations.js";

describe("startEmbeddedDatabase", () => {
  let dataDir = "";
  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("deploys the migrations onto PGlite, serves Prisma, and keeps the data across restarts", async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "embedded-db-test-"));
    const local = await readMigrations();

    const first = await startEmbeddedDatabase(dataDir);
    let orgId = "";
    try {
      expect(first.url).toMatch(/^postgresql:\/\/postgres:postgres@127\.0\.0\.1:\d+\/postgres\?sslmode=disable$/);
      expect(await deployMigrations(first.url)).toEqual(local.map((m) => m.name));
      expect(await deployMigrations(first.url)).toEqual([]);

      const prisma = createPrisma(first.url, { max: 4 });
      try {
        const org = await prisma.organization.create({
          data: {
            name: "Embedded Oy",
            featureSet: { create: { name: "full", features: ["channelCreation", "feedbackInbox"] } },
            units: { create: { name: "Headquarters" } },
          },
        });
        orgId = org.id;
        expect(org.id).toMatch(/^[0-9a-f]{24}$/);
        expect(org.segment).toBe("customer");
        expect(org.smsBalance.toString()).toBe("0");
        const user = await prisma.user.create({
          data: {
            email: "owner@example.com",
            displayName: "Owner",
            currentOrganizationId: org.id,
            memberships: { create: { organizationId: org.id, organizationAdmin: true } },
          },
        });
        const read = await prisma.user.findUniqueOrThrow({
          where: { email: "owner@example.com" },
          include: { memberships: { include: { organization: { include: { featureSet: true } } } }, currentOrganization: true },
        });
        expect(read.id).toBe(user.id);
        expect(read.locale).toBe("en");
        expect(read.currentOrganization?.name).toBe("Embedded Oy");
        expect(read.memberships[0]?.organization.featureSet.features).toEqual(["channelCreation", "feedbackInbox"]);
        // the question slots' triggers (plpgsql) run on PGlite too
        const unit = await prisma.unit.findFirstOrThrow({ where: { organizationId: org.id } });
        const survey = await prisma.survey.create({ data: { organizationId: org.id, unitId: unit.id, name: "Slots" } });
        const question = await prisma.question.create({
          data: { organizationId: org.id, surveyId: survey.id, position: 0, type: "singleChoice", title: {}, choices: [{ id: "a" }, { id: "b" }] },
        });
        expect(await prisma.$queryRawUnsafe(`SELECT "slot", "questionId", "choiceCodes" FROM "QuestionSlot" WHERE "surveyId" = $1`, survey.id)).toEqual([
          { slot: 0, questionId: question.id, choiceCodes: ["a", "b"] },
        ]);
        // an interactive transaction through the single serialised backend
        const count = await prisma.$transaction(async (tx) => {
          await tx.organization.update({ where: { id: org.id }, data: { profanityFilter: true } });
          return tx.organization.count();
        });
        expect(count).toBe(1);
      } finally {
        await prisma.$disconnect();
      }
    } finally {
      await first.stop();
    }

    const second = await startEmbeddedDatabase(dataDir);
    try {
      expect(await deployMigrations(second.url)).toEqual([]);
      const prisma = createPrisma(second.url, { max: 2 });
      try {
        const org = await prisma.organization.findUniqueOrThrow({ where: { id: orgId } });
        expect(org.profanityFilter).toBe(true);
      } finally {
        await prisma.$disconnect();
      }
    } finally {
      await second.stop();
    }
  });
});
