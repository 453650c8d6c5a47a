// One layer for answers (docs/analytics.md "One layer for reads of answers"): outside answers/, no
// source file of the api reads or changes the answer table itself, in SQL or through Prisma's answer
// model, nor names the response row's coded answers ("answerCodes", "answerNumbers", "answerTexts",
// "hiddenSlots", stage S3b and the texts after it); only ingestion, which stores a response and its answers in one statement, inserts
// answer rows and coded answers itself (through the layer's codedAnswersSql; every other writer, the
// demo data and the test fixtures included, uses insertAnswerRows). The roll-ups' and the bit
// strings' sources name the coded columns to hand them to the layer's answersJoin.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const writers = new Set(["domain/respondent/insert-batch.ts"]);
/** Files that pass a response's coded columns on to the layer (a CTE of responses for answersJoin). */
const codedColumnCarriers = new Set(["domain/analytics/rollups.ts", "domain/analytics/response-bits.ts"]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return entry === "generated" ? [] : sourceFiles(full);
    return entry.endsWith(".ts") && !entry.endsWith(".test.ts") ? [full] : [];
  });
}

/**
 * The places of a file's code (comments left out) that touch the answer table: SQL naming it after a
 * keyword (written in capitals, as every statement here is), or Prisma's answer model.
 */
function answerTableUses(source: string): string[] {
  const text = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:])\/\/.*$/gm, "$1");
  const found: string[] = [];
  for (const m of text.matchAll(/\b(FROM|JOIN|UPDATE|INTO)\s+"Answer"/g)) found.push(m[0]);
  for (const m of text.matchAll(/\.answer\s*\.\s*(find\w*|create\w*|update\w*|upsert|delete\w*|count|aggregate|groupBy)\b/g)) found.push(m[0]);
  for (const m of text.matchAll(/\banswers\s*:\s*\{\s*(where|select|include|create|connect)\b/g)) found.push(m[0]);
  for (const m of text.matchAll(/"(answerCodes|answerNumbers|answerTexts|hiddenSlots)"|\b(answerCodes|answerNumbers|answerTexts|hiddenSlots)\s*:/g))
    found.push(m[0]);
  return found;
}

describe("the answers layer", () => {
  it("is the only reader of the answer table; only ingestion writes new answers besides it", () => {
    const offenders: string[] = [];
    for (const file of sourceFiles(srcDir)) {
      const rel = path.relative(srcDir, file).split(path.sep).join("/");
      if (rel.startsWith("domain/answers/")) continue;
      const uses = answerTableUses(readFileSync(file, "utf8"));
      const allowed = uses.filter(
        (u) =>
          !(writers.has(rel) && (/^INTO\s+"Answer"$/.test(u) || /^"answer(Codes|Numbers|Texts)"$/.test(u))) &&
          !(codedColumnCarriers.has(rel) && /^"(answerCodes|answerNumbers|answerTexts|hiddenSlots)"$/.test(u)),
      );
      for (const u of allowed) offenders.push(`${rel}: ${u}`);
    }
    expect(offenders).toEqual([]);
  });

  it("finds the uses it looks for", () => {
    expect(answerTableUses(`SELECT 1 FROM "Answer" a JOIN "Answer" b; prisma.answer.findMany(); x.answer.updateMany(); { answers: { where: {} } }`)).toEqual([
      'FROM "Answer"',
      'JOIN "Answer"',
      ".answer.findMany",
      ".answer.updateMany",
      "answers: { where",
    ]);
    expect(answerTableUses(`// read from "Answer" by question\n/* answers: { connect } */ const url = "http://x"; INTO "Answer"`)).toEqual(['INTO "Answer"']);
    expect(answerTableUses(`SELECT r."answerCodes", r."hiddenSlots", r."answerTexts" FROM x; data: { answerNumbers: [] }`)).toEqual([
      '"answerCodes"',
      '"hiddenSlots"',
      '"answerTexts"',
      "answerNumbers:",
    ]);
  });
});
