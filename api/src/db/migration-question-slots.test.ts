// Migration 20261129000000_question_slots gives the questions already there their slots: on a database
// at the migration before it, each survey's questions get slots 0, 1, 2… in the survey's order
// (position, then id), with their encodings and choice codes (their choices, then the choice ids their
// answers hold that they no longer list), and the survey's next slot follows them.
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { skipWithout } from "../test/services.js";
import { createScratchDatabase, type ScratchDatabase } from "../test/support.js";
import { deployMigrations } from "./migrations.js";

const noDatabase = skipWithout("PostgreSQL");
const migration = "20261129000000_question_slots";
let database: ScratchDatabase | undefined;

afterAll(async () => {
  await database?.drop();
});

describe.skipIf(noDatabase)(`migration ${migration}`, () => {
  it("numbers each survey's questions in its order and sets the survey's next slot after them", async () => {
    database = await createScratchDatabase("db_migration_slots", undefined, { before: migration });

    const c = new pg.Client({ connectionString: database.url });
    await c.connect();
    try {
      await c.query(`SET session_replication_role = replica`);
      await c.query(
        `INSERT INTO "Survey" ("id", "organizationId", "unitId", "name") VALUES ('s1', 'o', 'u', 'One'), ('s2', 'o', 'u', 'Two'), ('s3', 'o', 'u', 'Empty')`,
      );
      const question = (id: string, survey: string, position: number, type: string, options: object = {}, choices: object[] = []) =>
        c.query(
          `INSERT INTO "Question" ("id", "organizationId", "surveyId", "position", "type", "title", "options", "choices") VALUES ($1, 'o', $2, $3, $4::"QuestionType", '{}', $5, $6)`,
          [id, survey, position, type, JSON.stringify(options), JSON.stringify(choices)],
        );
      // s1: ids out of position order; two questions at one position (a hidden one kept its place)
      await question("q-c", "s1", 0, "nps");
      await question("q-a", "s1", 2, "slider", { min: 1, max: 5 });
      await question("q-b", "s1", 1, "emotion", {}, [{ id: "joy", cluster: "advocacy" }, { id: "fear" }]);
      await question("q-0", "s1", 1, "singleChoice", {}, [{ id: "y" }, { id: "x" }]);
      await question("q-z", "s2", 0, "openText");
      // answers holding choices the questions no longer list (removed before slots existed)
      const answer = (question: string, choiceIds: string[], n: number | null = null) =>
        c.query(`INSERT INTO "Answer" ("responseId", "questionId", "numericValue", "choiceIds") VALUES ('r', $1, $2, $3)`, [question, n, choiceIds]);
      await answer("q-0", ["y"]);
      await answer("q-0", ["gone"]);
      await answer("q-0", ["earlier"]);
      await answer("q-0", ["gone"]);
      await answer("q-b", ["lost"], -1);
      await answer("q-b", ["lost"], -1);
      await answer("q-b", ["mixed"], -1);
      await answer("q-b", ["mixed"], 0.33);
      await answer("q-b", ["joy"], 1);
      await c.query(`SET session_replication_role = DEFAULT`);

      expect(await deployMigrations(database.url)).toContain(migration);

      const slots = await c.query(
        `SELECT "surveyId", "slot", "questionId", "encoding", "choiceCodes", "choiceValues" FROM "QuestionSlot" WHERE "current" ORDER BY "surveyId", "slot"`,
      );
      expect(slots.rows).toEqual([
        { surveyId: "s1", slot: 0, questionId: "q-c", encoding: { type: "nps" }, choiceCodes: [], choiceValues: null },
        { surveyId: "s1", slot: 1, questionId: "q-0", encoding: { type: "singleChoice" }, choiceCodes: ["y", "x", "earlier", "gone"], choiceValues: null },
        // a removed emotion takes the value its answers agree on, else none
        {
          surveyId: "s1",
          slot: 2,
          questionId: "q-b",
          encoding: { type: "emotion" },
          choiceCodes: ["joy", "fear", "lost", "mixed"],
          choiceValues: [1, null, -1, null],
        },
        { surveyId: "s1", slot: 3, questionId: "q-a", encoding: { type: "slider", min: 1, max: 5, step: 1 }, choiceCodes: [], choiceValues: null },
        { surveyId: "s2", slot: 0, questionId: "q-z", encoding: { type: "openText" }, choiceCodes: [], choiceValues: null },
      ]);
      const next = await c.query(`SELECT "id", "nextSlot" FROM "Survey" ORDER BY "id"`);
      expect(next.rows).toEqual([
        { id: "s1", nextSlot: 4 },
        { id: "s2", nextSlot: 1 },
        { id: "s3", nextSlot: 0 },
      ]);
    } finally {
      await c.end();
    }
  });
});
