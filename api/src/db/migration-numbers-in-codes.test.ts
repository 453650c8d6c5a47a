// Migration 20261129110000_numbers_in_codes moves the numbers a code can hold (multiples of 1/2520
// rounded to 9 decimals, as the respondent runtime rounds them, between -13 and 13, of a slot without
// choices) from "answerNumbers" into their elements of
// "answerCodes": on a database at the migration before it, with response rows as the previous code
// stored them (every number in the array, its element's code 0), the numbers no code holds stay in the
// array and their elements come first; an emotion's number stays beside its choice code, even when that
// code is 0 (the first choice: only the slot tells it from a numeric answer); every answer reads back
// the very same (the same doubles), through the "EveryAnswer" view and the layer.
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createPrisma } from "./client.js";
import { answersOf } from "../domain/answers/rows.js";
import { skipWithout } from "../test/services.js";
import { createScratchDatabase, type ScratchDatabase } from "../test/support.js";
import { deployMigrations } from "./migrations.js";

const noDatabase = skipWithout("PostgreSQL");
const migration = "20261129110000_numbers_in_codes";
let database: ScratchDatabase | undefined;

afterAll(async () => {
  await database?.drop();
});

type Row = { responseId: string; questionId: string; numericValue: number | null; textValue: string | null; choiceIds: string[] | null; hidden: boolean };
const sorted = (rows: Row[]) =>
  rows
    .map((r) => ({ ...r, choiceIds: r.choiceIds ?? [] }))
    .sort((a, b) => a.responseId.localeCompare(b.responseId) || a.questionId.localeCompare(b.questionId));
const num = (n: number) => Math.round(n * 2520) + 32768;

describe.skipIf(noDatabase)(`migration ${migration}`, () => {
  it("codes the numbers a code can hold, keeps the others first in the array, and every answer reads back the same", async () => {
    database = await createScratchDatabase("db_migration_numbers", undefined, { before: migration });
    const c = new pg.Client({ connectionString: database.url });
    await c.connect();
    try {
      await c.query(`SET session_replication_role = replica`);
      await c.query(`INSERT INTO "Survey" ("id", "organizationId", "unitId", "name") VALUES ('s1', 'o', 'u', 'One')`);
      await c.query(
        `INSERT INTO "QuestionSlot" ("surveyId", "slot", "questionId", "current", "encoding", "choiceCodes", "choiceValues") VALUES
          ('s1', 0, 'q-nps', true, '{"type": "nps"}', '{}', NULL),
          ('s1', 1, 'q-smiley', true, '{"type": "smiley"}', '{}', NULL),
          ('s1', 2, 'q-slider', true, '{"type": "slider"}', '{}', NULL),
          ('s1', 3, 'q-emotion', true, '{"type": "emotion"}', '{joy,fear}', '{1,-1}'),
          ('s1', 4, 'q-multi', true, '{"type": "multipleChoice"}', '{mx,my}', NULL),
          ('s1', 5, 'q-text', true, '{"type": "openText"}', '{}', NULL)`,
      );
      // Responses as the previous code stored them: the elements with a number first, each number in
      // "answerNumbers" in that order, the texts last.
      const responses: [string, number[] | null, number[] | null, string[] | null, number[] | null][] = [
        // NPS 9, a 4-button smiley's 2/3 as the runtime stores it (0.666666667), slider 0.1 + 0.2 (no
        // multiple of 1/2520), emotion's first choice (code 0) with 1, then a multiple choice and a text
        ["r1", [0 << 16, 1 << 16, 2 << 16, (3 << 16) | 0, (4 << 16) | 1, (4 << 16) | 0, 5 << 16], [9, 0.666666667, 0.1 + 0.2, 1], ["Fine"], [1]],
        // the ends of the range, and just past one; an exact ninth (not rounded as the runtime rounds)
        ["r2", [0 << 16, 1 << 16, 2 << 16], [13, 1 / 9, 13.5], null, null],
        ["r3", [2 << 16], [-13], null, null],
        // no numbers at all, and no answers at all
        ["r4", [(4 << 16) | 1, 5 << 16], null, ["Only words"], null],
        ["r5", null, null, null, null],
        // a tiny number (no multiple of 1/2520) and zero
        ["r6", [0 << 16, 2 << 16], [0, 1e-9], null, null],
        // a ninth as the runtime stores it; a number too large to multiply by 2,520 (stays, no error)
        ["r7", [1 << 16, 2 << 16], [0.111111111, 1e305], null, null],
      ];
      // The responses' touchpoint: migration 20261129200000 names it by its code, so it must exist.
      await c.query(`INSERT INTO "Touchpoint" ("id", "organizationId", "unitId", "name", "type") VALUES ('t', 'o', 'u', 'T', 'link')`);
      for (const [i, [id, codes, numbers, texts, hidden]] of responses.entries())
        await c.query(
          `INSERT INTO "Response" ("id", "organizationId", "surveyId", "touchpointId", "unitId", "createdAt", "ordinal", "answerCodes", "answerNumbers", "answerTexts", "hiddenSlots")
           VALUES ($1, 'o', 's1', 't', 'u', '2026-11-01T10:00:00Z', $2, $3, $4, $5, $6)`,
          [id, i, codes, numbers, texts, hidden],
        );
      await c.query(`SET session_replication_role = DEFAULT`);
      const ids = responses.map((r) => r[0]);
      const read = async () => {
        const prisma = createPrisma(database!.url, { max: 1 });
        try {
          const every = (await c.query<Row>(`SELECT "responseId", "questionId", "numericValue", "textValue", "choiceIds", "hidden" FROM "EveryAnswer"`)).rows;
          return { layer: sorted(await answersOf(prisma, ids)), every: sorted(every) };
        } finally {
          await prisma.$disconnect();
        }
      };
      const before = await read();
      expect(before.layer).toEqual(before.every);
      expect(before.layer).toHaveLength(16);

      expect(await deployMigrations(database.url)).toContain(migration);

      const layout = await c.query(`SELECT "id", "answerCodes", "answerNumbers", "answerTexts", "hiddenSlots" FROM "Response" ORDER BY "id"`);
      expect(layout.rows).toEqual([
        {
          id: "r1",
          // the slider's and the emotion's numbers stay (first, in their order); NPS and smiley in their codes; then the choices, the text last
          answerCodes: [2 << 16, (3 << 16) | 0, (0 << 16) | num(9), (1 << 16) | num(0.666666667), (4 << 16) | 1, (4 << 16) | 0, 5 << 16],
          answerNumbers: [0.1 + 0.2, 1],
          answerTexts: ["Fine"],
          hiddenSlots: [1],
        },
        { id: "r2", answerCodes: [1 << 16, 2 << 16, (0 << 16) | num(13)], answerNumbers: [1 / 9, 13.5], answerTexts: null, hiddenSlots: null },
        { id: "r3", answerCodes: [(2 << 16) | num(-13)], answerNumbers: null, answerTexts: null, hiddenSlots: null },
        { id: "r4", answerCodes: [(4 << 16) | 1, 5 << 16], answerNumbers: null, answerTexts: ["Only words"], hiddenSlots: null },
        { id: "r5", answerCodes: null, answerNumbers: null, answerTexts: null, hiddenSlots: null },
        { id: "r6", answerCodes: [2 << 16, (0 << 16) | num(0)], answerNumbers: [1e-9], answerTexts: null, hiddenSlots: null },
        { id: "r7", answerCodes: [2 << 16, (1 << 16) | num(0.111111111)], answerNumbers: [1e305], answerTexts: null, hiddenSlots: null },
      ]);
      const after = await read();
      expect(after.layer).toEqual(before.layer);
      expect(after.every).toEqual(before.layer);
      // The very same doubles.
      const numbers = after.layer.filter((a) => a.numericValue !== null).map((a) => [a.responseId, a.questionId, a.numericValue]);
      expect(numbers).toContainEqual(["r1", "q-smiley", 0.666666667]);
      expect(numbers).toContainEqual(["r1", "q-slider", 0.1 + 0.2]);
      expect(numbers).toContainEqual(["r2", "q-smiley", 1 / 9]);
      expect(numbers).toContainEqual(["r3", "q-slider", -13]);
      expect(numbers).toContainEqual(["r6", "q-slider", 1e-9]);
      expect(numbers).toContainEqual(["r7", "q-smiley", 0.111111111]);
      expect(numbers).toContainEqual(["r7", "q-slider", 1e305]);
    } finally {
      await c.end();
    }
  });
});
