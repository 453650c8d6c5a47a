// Migrations 20261129030000_answers_in_response and 20261129080000_text_answers_in_response move the
// answers already there into the response rows: on a database at the migration before the first,
// every answer a code can hold is coded into its response's "answerCodes" / "answerNumbers", the
// texts last with "answerTexts" (hidden ones into "hiddenSlots") and leaves "Answer"; the rest stays
// a row; every answer reads back the same, through the "EveryAnswer" view and the layer. The layout
// checked is the one the later migrations leave: 20261129110000_numbers_in_codes puts a number a code
// can hold into its element (migration-numbers-in-codes.test.ts).
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createPrisma } from "./client.js";
import { answersOf } from "../domain/answers/rows.js";
import { skipWithout } from "../test/services.js";
import { createScratchDatabase, type ScratchDatabase } from "../test/support.js";
import { deployMigrations } from "./migrations.js";

const noDatabase = skipWithout("PostgreSQL");
const migration = "20261129030000_answers_in_response";
let database: ScratchDatabase | undefined;

afterAll(async () => {
  await database?.drop();
});

type Row = { responseId: string; questionId: string; numericValue: number | null; textValue: string | null; choiceIds: string[] | null; hidden: boolean };
const sorted = (rows: Row[]) =>
  rows
    .map((r) => ({ ...r, choiceIds: r.choiceIds ?? [] }))
    .sort(
      (a, b) =>
        a.responseId.localeCompare(b.responseId) ||
        a.questionId.localeCompare(b.questionId) ||
        String(a.numericValue).localeCompare(String(b.numericValue)) ||
        String(a.choiceIds).localeCompare(String(b.choiceIds)) ||
        String(a.textValue).localeCompare(String(b.textValue)),
    );

describe.skipIf(noDatabase)(`migration ${migration}`, () => {
  it("codes the answers a code can hold into their responses, keeps the rest as rows, and every answer reads back the same", async () => {
    database = await createScratchDatabase("db_migration_s3b", undefined, { before: migration });
    const c = new pg.Client({ connectionString: database.url });
    await c.connect();
    try {
      // Rows as an earlier version left them (triggers off: the slots are given by hand, as S0's backfill gave them).
      await c.query(`SET session_replication_role = replica`);
      await c.query(`INSERT INTO "Survey" ("id", "organizationId", "unitId", "name") VALUES ('s1', 'o', 'u', 'One')`);
      const question = (id: string, position: number, type: string) =>
        c.query(
          `INSERT INTO "Question" ("id", "organizationId", "surveyId", "position", "type", "title", "options", "choices") VALUES ($1, 'o', 's1', $2, $3::"QuestionType", '{}', '{}', '[]')`,
          [id, position, type],
        );
      await question("q-nps", 0, "nps");
      await question("q-multi", 1, "multipleChoice");
      await question("q-text", 2, "openText");
      await question("q-single", 3, "singleChoice");
      await question("q-emotion", 4, "emotion");
      await question("q-noslot", 5, "nps");
      await c.query(
        `INSERT INTO "QuestionSlot" ("surveyId", "slot", "questionId", "current", "encoding", "choiceCodes", "choiceValues") VALUES
          ('s1', 0, 'q-nps', true, '{"type": "nps"}', '{}', NULL),
          ('s1', 1, 'q-multi', true, '{"type": "multipleChoice"}', '{mx,my,mz}', NULL),
          ('s1', 2, 'q-text', true, '{"type": "openText"}', '{}', NULL),
          ('s1', 3, 'q-single', true, '{"type": "singleChoice"}', '{a,b}', NULL),
          ('s1', 4, 'q-emotion', true, '{"type": "emotion"}', '{joy,fear}', '{1,-1}')`,
      );
      // The responses' touchpoint: migration 20261129200000 names it by its code, so it must exist.
      await c.query(`INSERT INTO "Touchpoint" ("id", "organizationId", "unitId", "name", "type") VALUES ('t', 'o', 'u', 'T', 'link')`);
      for (const [id, at] of [
        ["r1", "2026-11-01T10:00:00Z"],
        ["r2", "2026-11-02T10:00:00Z"],
        ["r3", "2026-11-03T10:00:00Z"],
        ["r4", "2026-11-04T10:00:00Z"],
      ])
        await c.query(
          `INSERT INTO "Response" ("id", "organizationId", "surveyId", "touchpointId", "unitId", "createdAt", "ordinal") VALUES ($1, 'o', 's1', 't', 'u', $2, $3)`,
          [id, at, Number(id!.slice(1))],
        );
      const answer = (r: string, q: string, n: number | null, x: string | null, h: string[], hidden = false) =>
        c.query(
          `INSERT INTO "Answer" ("responseId", "questionId", "createdAt", "numericValue", "textValue", "choiceIds", "hidden")
           SELECT $1::varchar, $2, r."createdAt", $3::float8, $4::text, $5::text[], $6::boolean FROM "Response" r WHERE r."id" = $1::varchar`,
          [r, q, n, x, h, hidden],
        );
      await answer("r1", "q-multi", null, null, ["mz", "mx"]);
      await answer("r1", "q-text", null, "Friendly", []);
      await answer("r1", "q-text", null, "Second text", []); // a second text to one slot: stays a row
      await answer("r1", "q-emotion", 1, null, ["joy"], true);
      await answer("r1", "q-nps", 7, null, []);
      await answer("r2", "q-single", null, null, ["gone"]); // a choice its slot never coded: stays a row
      await answer("r2", "q-nps", 3, null, []);
      await answer("r2", "q-nps", 5, null, []); // a second answer to one slot: stays a row
      await answer("r2", "q-noslot", 2, null, []); // a question without a slot: stays a row
      await answer("r2", "q-single", null, null, ["b"], true);
      await answer("r2", "q-nps", null, "a text on an NPS question", []); // a text outside a text question: stays a row
      await answer("r4", "q-text", null, "Hidden words", [], true); // only a text, hidden
      // an answer of no response (only triggers off leave one): no reader sees it, and it is not kept
      await c.query(`INSERT INTO "Answer" ("responseId", "questionId", "numericValue", "choiceIds") VALUES ('gone', 'q-nps', 1, '{}')`);
      await c.query(`SET session_replication_role = DEFAULT`);
      const before = sorted(
        (
          await c.query<Row>(
            `SELECT a."responseId", a."questionId", a."numericValue", a."textValue", a."choiceIds", a."hidden" FROM "Answer" a WHERE a."responseId" <> 'gone'`,
          )
        ).rows,
      );
      expect(before).toHaveLength(12);

      expect(await deployMigrations(database.url)).toContain(migration);

      const layout = await c.query(`SELECT "id", "answerCodes", "answerNumbers", "answerTexts", "hiddenSlots" FROM "Response" ORDER BY "id"`);
      expect(layout.rows).toEqual([
        // the number no code holds first (the emotion's, beside its choice), then the NPS answer's in its
        // code, the multiple choice's two side by side, the text last
        {
          id: "r1",
          answerCodes: [(4 << 16) | 0, (0 << 16) | (7 * 2520 + 32768), (1 << 16) | 2, (1 << 16) | 0, 2 << 16],
          answerNumbers: [1],
          answerTexts: ["Friendly"],
          hiddenSlots: [4],
        },
        // r2's first NPS answer and its coded choice; its hidden choice answer is the first of slot 3 coded (the "gone" one is a row)
        { id: "r2", answerCodes: [(0 << 16) | (3 * 2520 + 32768), (3 << 16) | 1], answerNumbers: null, answerTexts: null, hiddenSlots: [3] },
        { id: "r3", answerCodes: null, answerNumbers: null, answerTexts: null, hiddenSlots: null },
        { id: "r4", answerCodes: [2 << 16], answerNumbers: null, answerTexts: ["Hidden words"], hiddenSlots: [2] },
      ]);
      const rest = await c.query(`SELECT "responseId", "questionId", "numericValue", "textValue", "choiceIds" FROM "Answer" ORDER BY 1, 2, 3, 4`);
      expect(rest.rows).toEqual([
        { responseId: "r1", questionId: "q-text", numericValue: null, textValue: "Second text", choiceIds: [] },
        { responseId: "r2", questionId: "q-noslot", numericValue: 2, textValue: null, choiceIds: [] },
        { responseId: "r2", questionId: "q-nps", numericValue: 5, textValue: null, choiceIds: [] },
        { responseId: "r2", questionId: "q-nps", numericValue: null, textValue: "a text on an NPS question", choiceIds: [] },
        { responseId: "r2", questionId: "q-single", numericValue: null, textValue: null, choiceIds: ["gone"] },
      ]);
      const every = await c.query<Row>(`SELECT "responseId", "questionId", "numericValue", "textValue", "choiceIds", "hidden" FROM "EveryAnswer"`);
      expect(sorted(every.rows)).toEqual(before);
      const prisma = createPrisma(database.url, { max: 1 });
      try {
        expect(sorted(await answersOf(prisma, ["r1", "r2", "r3", "r4"]))).toEqual(before);
      } finally {
        await prisma.$disconnect();
      }
    } finally {
      await c.end();
    }
  });
});
