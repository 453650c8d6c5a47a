// The integer codes the roll-ups name entities by, instead of their 24-character ids
// (prisma/schema.prisma; docs/analytics.md "Answer roll-ups by codes", "Response roll-ups by codes"). A code is given once by a sequence and never
// changes, so SQL turns ids into codes where it reads, with no cache.

/** The table of each coded entity. */
export const codeTables = { organization: "Organization", survey: "Survey", touchpoint: "Touchpoint", unit: "Unit", question: "Question" } as const;

export type Coded = keyof typeof codeTables;

/**
 * The code of the entity whose id `idSql` gives (a scalar subquery). Given a parameter, it runs once
 * per statement (an initplan); given another table's column, it would run again for every row.
 */
export const codeOf = (of: Coded, idSql: string) => `(SELECT "code" FROM "${codeTables[of]}" WHERE "id" = ${idSql})`;

/**
 * The id of the entity whose code the SQL expression `codeSql` gives: a scalar subquery by the unique
 * code, so one index probe per row that reads it (a response names its touchpoint by code: migration
 * 20261129200000_response_touchpoint_code).
 */
export const idOf = (of: Coded, codeSql: string) => `(SELECT "id" FROM "${codeTables[of]}" WHERE "code" = ${codeSql})`;

/** `column = ANY(codes of the ids in the text[] expression idsSql)`: an initplan, so the column's index serves it. */
export const codesOf = (of: Coded, idsSql: string) => `ANY(ARRAY(SELECT "code" FROM "${codeTables[of]}" WHERE "id" = ANY(${idsSql})))`;

/** What unitCodesOf reads: a client, a transaction or a tenant-scoped client. */
type UnitReader = { unit: { findMany(args: { where: { id: { in: string[] } }; select: { code: true } }): Promise<{ code: number }[]> } };

/**
 * The codes of the teams whose ids are given, for Prisma writes and reads of `Response.unitCode` (which
 * has no relation to keep: migration 20261130000000_response_unit_code) where the caller's access, whose
 * teams carry their codes (permissions/access.ts unitCodesAmong), is not at hand. An id that names no
 * team gives no code.
 */
export async function unitCodesOf(db: UnitReader, unitIds: Iterable<string>): Promise<number[]> {
  const ids = [...new Set(unitIds)];
  if (ids.length === 0) return [];
  return (await db.unit.findMany({ where: { id: { in: ids } }, select: { code: true } })).map((u) => u.code);
}
