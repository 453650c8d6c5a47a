// Response bit strings (docs/analytics.md "Response bit strings"; prisma/schema.prisma, migration
// 20261127040350_response_bits): the filters the roll-ups cannot serve, as bit arithmetic.
//
// Each response of an organisation has an ordinal, given when it is stored ("Response"."ordinal",
// from the organisation's sequence: migration 20261128200000); ordinals are cut into blocks of 8,192. "ResponseBits" holds, per block and key, one bit per
// response of the block that has the key (hidden and over-limit responses have none):
//   d  yyyy-MM-dd (UTC day)   t  touchpoint   u  unit   s  survey
//   a:<question>  "*" (answered), "c:<choice id>", "n:<number>" (answers without choices),
//                 "cn:<choice id>:<number>" (an emotion: its choice and its cluster's number)
//   m:<key>       a metadata value (not JSON null)
//   k             a metadata key (whatever its value, JSON null too): the feedback list's meta_ columns
//   k#            "": the block holds a key longer than `metadataTextKept`, or more than
//                 `metadataKeysPerBlock` keys (its "k" strings are not all kept); the meta_ columns of a
//                 window holding such a block come from the raw rows
//   m#            <key>: the key had more than `metadataValuesPerBlock` values in the block; reads of
//                 that key go to the raw rows (its values are no longer all kept)
// Numbers are PostgreSQL's exact float8 text, so a restriction's 1e-6 tolerance and ranges test the
// stored number as the raw rows do, and a value's sum is its count times the number.
//
// Written in the applier's transaction (`addResponseBits`, after the roll-ups), rebuilt per block
// after hides, shows, deletes and edits (`refreshBitsOfBuckets`) and per organisation by
// `buildOrganizationBits`. Every writer holds the roll-up locks (rollups.ts lockRollups), so they
// take turns. Reads (`bitsAnswerSql`, `bitsResponseSql`, `bitsCountSql`) serve the whole UTC days of
// a window; the hours at either end and the responses still pending come from the raw rows in the
// same statement (one snapshot). Reads are in response-bits-read.ts. An organisation marked not built
// (it had responses before the bit strings came) reads the raw rows while the roll-up applier builds
// it in the background, a step at a time (`buildBitsStep`).
import { answersJoin } from "../answers/rows.js";
import { answerTimeWithin, createdSince, createdUntil, timeOrder } from "../answers/answer-hours.js";
import type { Prisma, PrismaClient } from "../../generated/prisma/client.js";
import { metadataObjectSql } from "../results-scope/response-scope.js";
import { idOf } from "../results-scope/codes.js";
import { ordinalEndsSql, ordinalsBetween } from "./response-ordinals.js";

type Db = PrismaClient | Prisma.TransactionClient;

/** Responses per block: 8,192 bits, 1 KiB, below PostgreSQL's TOAST threshold (stored inline). */
export const bitsBlock = 8192;
/** Values of one metadata key kept per block; a key with more is read from the raw rows. */
export const metadataValuesPerBlock = 64;
/**
 * The longest metadata key and value kept (characters): both go into the strings' primary key, whose
 * btree entries hold at most 2,704 bytes. A longer key is not kept (reads naming it use the raw
 * rows: response-bits-read.ts bitsReady); a longer value makes its key overflow in the block.
 */
export const metadataTextKept = 200;
/**
 * Metadata keys kept as "k" strings per block: respondents name the keys, and every feedback-list
 * page reads the "k" strings of its window. A block with more is marked "k#".
 */
export const metadataKeysPerBlock = 256;

/** A block's string with no bit set. */
export const zeroBlock = `repeat('0', ${bitsBlock})::bit(${bitsBlock})`;

/**
 * The keys of the responses that `ordinals` selects (a subquery giving (ordinal, "responseId") of
 * responses of organisation $1), grouped per (field, value) with their ordinals. Hidden, over-limit
 * and deleted responses give none, and neither do (left out here, whatever the caller selects):
 * - the responses still pending: the applier sets their bits when it adds them, after deleting their
 *   pending rows (the bit strings never hold a response that reads count raw);
 * - the responses without an ordinal (none should be: every insert gets one, but a row written with
 *   the triggers off would otherwise set bit 0 of block 0, another response's).
 */
const keysSql = (ordinals: string) => `WITH o AS MATERIALIZED (${ordinals}),
r AS MATERIALIZED (
  SELECT o.ordinal, r."id", r."createdAt" AS c, r."touchpointCode" AS t, r."unitCode" AS u, r."surveyId" AS s, r."metadata" AS m,
    -- the bit strings hold no text: a coded text answer reads as an answer without its text
    r."surveyId", r."createdAt", r."answerCodes", r."answerNumbers", NULL::text[] AS "answerTexts", r."hiddenSlots"
  FROM o CROSS JOIN LATERAL (SELECT r.* FROM "Response" r WHERE r."id" = o."responseId" AND r."organizationId" = $1 AND r."hidden" = false AND r."overLimit" = false
    AND NOT EXISTS (SELECT 1 FROM "RollupPending" pp WHERE pp."responseId" = r."id") OFFSET 0) r
  WHERE o.ordinal IS NOT NULL
)
-- A touchpoint's and a team's key is its id (the response row holds their codes): each code is named
-- once, after grouping (OFFSET 0: not flattened into the condition below, which would name it again). A
-- team deleted since (or code 0) names none: its responses get no "u" bits, as no filter can name it.
SELECT * FROM (
SELECT g.field, CASE g.field WHEN 't' THEN ${idOf("touchpoint", "g.value::int")} WHEN 'u' THEN ${idOf("unit", "g.value::int")} ELSE g.value END AS value, g.ords FROM (
SELECT k.field, k.value, array_agg(k.ordinal) AS ords FROM (
  SELECT ordinal, 'd' AS field, to_char(c AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS value FROM r
  UNION ALL SELECT ordinal, 't', t::text FROM r
  UNION ALL SELECT ordinal, 'u', u::text FROM r
  UNION ALL SELECT ordinal, 's', s FROM r
  UNION ALL SELECT r.ordinal, 'm:' || e.key, e.value FROM r
    CROSS JOIN LATERAL jsonb_each_text(${metadataObjectSql("r.m")}) e WHERE e.value IS NOT NULL
  UNION ALL SELECT r.ordinal, 'k', e.key FROM r
    CROSS JOIN LATERAL jsonb_object_keys(${metadataObjectSql("r.m")}) e(key)
  UNION ALL SELECT r.ordinal, 'a:' || a.q, v.value FROM r ${answersJoin("x", "r")}
    CROSS JOIN LATERAL (SELECT x."questionId" AS q, coalesce(x."choiceIds", '{}'::text[]) AS h, x."numericValue"::float8 AS n) a
    CROSS JOIN LATERAL unnest(ARRAY['*']
      || CASE WHEN cardinality(a.h) = 0 AND a.n IS NOT NULL THEN ARRAY['n:' || a.n::text] ELSE '{}'::text[] END
      || ARRAY(SELECT 'c:' || c FROM unnest(a.h) c)
      || CASE WHEN a.n IS NOT NULL THEN ARRAY(SELECT 'cn:' || c || ':' || a.n::text FROM unnest(a.h) c) ELSE '{}'::text[] END) AS v(value)
) k GROUP BY 1, 2) g OFFSET 0) named WHERE named.field <> 'u' OR named.value IS NOT NULL`;

/** keysSql's "k" strings only, for the organisations whose strings came before them (buildBitsStep). */
const metadataKeysSql = `SELECT 'k' AS field, e.key AS value, array_agg(r."ordinal") AS ords
  FROM "Response" r CROSS JOIN LATERAL jsonb_object_keys(${metadataObjectSql('r."metadata"')}) e(key)
  WHERE r."organizationId" = $1 AND ${ordinalsBetween("r", "$2::int", "$3::int")} AND r."hidden" = false AND r."overLimit" = false
    AND NOT EXISTS (SELECT 1 FROM "RollupPending" pp WHERE pp."responseId" = r."id") GROUP BY 2`;

type KeyRow = { field: string; value: string; ords: number[] };

/**
 * Sets the bits of the keyed ordinals (OR-ed into the stored strings; new strings start at zero).
 * `fresh`: the blocks were just emptied (a rebuild), so no stored metadata value counts yet.
 */
async function writeKeys(db: Db, organizationId: string, keys: KeyRow[], fresh: boolean): Promise<void> {
  if (keys.length === 0) return;
  // Per (block, field, value): the ordinals inside the block.
  const cells = new Map<string, { field: string; value: string; block: number; ords: number[] }>();
  for (const k of keys)
    for (const o of k.ords) {
      const block = Math.floor(o / bitsBlock);
      const id = `${block}\u0000${k.field}\u0000${k.value}`;
      let cell = cells.get(id);
      if (!cell) cells.set(id, (cell = { field: k.field, value: k.value, block, ords: [] }));
      cell.ords.push(o % bitsBlock);
    }
  // Metadata keys with too many values in a block: a marker instead of their values.
  const blocks = [...new Set([...cells.values()].map((c) => c.block))];
  const stored = new Map<string, Set<string>>(); // block/field -> values
  const marked = new Set<string>(); // block/key
  const blockKeys = new Map<number, Set<string>>(); // block -> its keys ("k" strings stored and new)
  const unkeptKeyBlocks = new Set<number>(); // blocks marked "k#" (stored or to write)
  const keysOfBlock = (block: number) => {
    let keys = blockKeys.get(block);
    if (!keys) blockKeys.set(block, (keys = new Set()));
    return keys;
  };
  if (!fresh) {
    const rows = await db.$queryRawUnsafe<{ block: number; field: string; value: string }[]>(
      `SELECT block, field, value FROM "ResponseBits" WHERE "organizationId" = $1 AND block = ANY($2::int[]) AND (field LIKE 'm:%' OR field IN ('m#', 'k', 'k#'))`,
      organizationId,
      blocks,
    );
    for (const r of rows) {
      if (r.field === "m#") marked.add(`${r.block}\u0000${r.value}`);
      else if (r.field === "k#") unkeptKeyBlocks.add(r.block);
      else if (r.field === "k") keysOfBlock(r.block).add(r.value);
      else {
        const id = `${r.block}\u0000${r.field}`;
        let s = stored.get(id);
        if (!s) stored.set(id, (s = new Set()));
        s.add(r.value);
      }
    }
  }
  const overflowing = new Set<string>();
  for (const c of cells.values()) {
    if (!c.field.startsWith("m:")) continue;
    const id = `${c.block}\u0000${c.field}`;
    let s = stored.get(id);
    if (!s) stored.set(id, (s = new Set()));
    s.add(c.value);
    if (c.value.length > metadataTextKept) overflowing.add(id);
  }
  for (const [id, values] of stored) if (values.size > metadataValuesPerBlock) overflowing.add(id);
  // Keys: too long, or too many in the block (those stored and the new ones), mark the block.
  for (const c of cells.values()) {
    if (c.field !== "k") continue;
    if (c.value.length > metadataTextKept) unkeptKeyBlocks.add(c.block);
    keysOfBlock(c.block).add(c.value);
  }
  for (const [block, keys] of blockKeys) if (keys.size > metadataKeysPerBlock) unkeptKeyBlocks.add(block);
  for (const m of marked) overflowing.add(m.replace("\u0000", "\u0000m:"));
  const f: string[] = [];
  const v: string[] = [];
  const b: number[] = [];
  const lo: number[] = [];
  const len: number[] = [];
  const hex: string[] = [];
  const markers = new Set<string>();
  const sorted = [...cells.values()].sort((x, y) =>
    x.field < y.field ? -1 : x.field > y.field ? 1 : x.value < y.value ? -1 : x.value > y.value ? 1 : x.block - y.block,
  );
  for (const c of sorted) {
    // A key too long to keep: no row at all (reads naming it use the raw rows).
    if (c.field.startsWith("m:") && c.field.length - 2 > metadataTextKept) continue;
    // Nor as a key, nor any key of a block with too many: the block is marked (the meta_ columns of
    // a window holding it come from the raw rows).
    if (c.field === "k" && unkeptKeyBlocks.has(c.block)) continue;
    if (c.field.startsWith("m:") && overflowing.has(`${c.block}\u0000${c.field}`)) {
      markers.add(`${c.block}\u0000${c.field.slice(2)}`);
      continue;
    }
    // Only the bytes the cell's ordinals span travel: placed into zeros, OR-ed into what is stored.
    let first = bitsBlock;
    let last = 0;
    for (const o of c.ords) {
      if (o < first) first = o;
      if (o > last) last = o;
    }
    const loByte = first >> 3;
    const bytes = new Uint8Array((last >> 3) - loByte + 1);
    for (const o of c.ords) bytes[(o >> 3) - loByte]! |= 0x80 >> (o & 7);
    f.push(c.field);
    v.push(c.value);
    b.push(c.block);
    lo.push(loByte * 8 + 1);
    len.push(bytes.length * 8);
    hex.push(Buffer.from(bytes).toString("hex"));
  }
  for (const m of markers) {
    const [block, key] = m.split("\u0000") as [string, string];
    f.push("m#");
    v.push(key);
    b.push(Number(block));
    lo.push(1);
    len.push(8);
    hex.push("00");
  }
  for (const block of unkeptKeyBlocks) {
    f.push("k#");
    v.push("");
    b.push(block);
    lo.push(1);
    len.push(8);
    hex.push("00");
  }
  for (let i = 0; i < f.length; i += 2000) {
    const end = i + 2000;
    await db.$executeRawUnsafe(
      `INSERT INTO "ResponseBits" AS x ("organizationId", field, value, block, bits)
       SELECT $1, d.f, d.v, d.b, overlay(${zeroBlock} PLACING ('x' || d.h)::bit varying FROM d.lo FOR d.len)::bit(${bitsBlock})
       FROM unnest($2::text[], $3::text[], $4::int[], $5::int[], $6::int[], $7::text[]) AS d(f, v, b, lo, len, h)
       ON CONFLICT ("organizationId", field, value, block) DO UPDATE SET bits = x.bits | EXCLUDED.bits`,
      organizationId,
      f.slice(i, end),
      v.slice(i, end),
      b.slice(i, end),
      lo.slice(i, end),
      len.slice(i, end),
      hex.slice(i, end),
    );
  }
}

/** Writes the keys of the responses not pending with ordinals in [first, last] (one block at a time). */
async function writeOrdinals(db: Db, organizationId: string, first: number, last: number, fresh: boolean): Promise<void> {
  for (let block = Math.floor(first / bitsBlock); block <= Math.floor(last / bitsBlock); block++) {
    const lo = Math.max(first, block * bitsBlock);
    const hi = Math.min(last, block * bitsBlock + bitsBlock - 1);
    const keys = await db.$queryRawUnsafe<KeyRow[]>(
      keysSql(`SELECT r."ordinal", r."id" AS "responseId" FROM "Response" r WHERE r."organizationId" = $1 AND ${ordinalsBetween("r", "$2::int", "$3::int")}`),
      organizationId,
      lo,
      hi,
    );
    await writeKeys(db, organizationId, keys, fresh);
  }
}

/** Empties the blocks and sets their bits again from the raw rows (hides, deletes, edits, moves). */
async function rebuildBlocks(db: Db, organizationId: string, blocks: number[]): Promise<void> {
  const unique = [...new Set(blocks)].sort((a, b) => a - b);
  if (unique.length === 0) return;
  await db.$executeRawUnsafe(`DELETE FROM "ResponseBits" WHERE "organizationId" = $1 AND block = ANY($2::int[])`, organizationId, unique);
  for (const block of unique) await writeOrdinals(db, organizationId, block * bitsBlock, block * bitsBlock + bitsBlock - 1, true);
}

/**
 * The applier's part (in its transaction, roll-up locks held): sets the bits of the responses it
 * claimed (their "RollupPending" rows are deleted already). Responses hidden or over the limit get
 * none (a later show rebuilds their block).
 */
export async function addResponseBits(tx: Db, responseIds: readonly string[]): Promise<void> {
  if (responseIds.length === 0) return;
  const orgs = await tx.$queryRawUnsafe<{ o: string }[]>(
    `SELECT DISTINCT r."organizationId" AS o FROM "Response" r WHERE r."id" = ANY($1::text[])`,
    responseIds as string[],
  );
  for (const { o } of orgs) {
    const keys = await tx.$queryRawUnsafe<KeyRow[]>(
      keysSql(`SELECT r."ordinal", r."id" AS "responseId" FROM "Response" r WHERE r."organizationId" = $1 AND r."id" = ANY($2::text[])`),
      o,
      responseIds,
    );
    await writeKeys(tx, o, keys, false);
  }
}

/**
 * After responses of these buckets (survey, touchpoint, UTC day) were hidden, shown, deleted, edited
 * or inserted outside ingestion (demo data, test helpers): rebuilds every block holding a response of
 * those days (a deleted response's block is among the blocks with the day's key) or of those buckets
 * (a response inserted without being marked pending gets its bits so). In the caller's transaction,
 * roll-up locks held.
 */
export async function refreshBitsOfBuckets(tx: Db, organizationId: string, bucketsJson: string): Promise<void> {
  const inBuckets = `EXISTS (SELECT 1 FROM json_to_recordset($2::json) AS k(s text, t text, d text) JOIN "Touchpoint" kt ON kt."id" = k.t
    WHERE r."surveyId" = k.s AND r."touchpointCode" = kt."code" AND ${answerTimeWithin("r", "k.d::timestamptz", "k.d::timestamptz + interval '1 day'", true)})`;
  const rows = await tx.$queryRawUnsafe<{ block: number }[]>(
    `SELECT DISTINCT x.block FROM "ResponseBits" x WHERE x."organizationId" = $1 AND x.field = 'd'
       AND x.value = ANY(ARRAY(SELECT to_char(k.d::timestamptz AT TIME ZONE 'UTC', 'YYYY-MM-DD') FROM json_to_recordset($2::json) AS k(s text, t text, d text)))
     UNION
     SELECT DISTINCT (r."ordinal" / ${bitsBlock})::int FROM "Response" r WHERE r."organizationId" = $1 AND ${inBuckets}`,
    organizationId,
    bucketsJson,
  );
  await rebuildBlocks(
    tx,
    organizationId,
    rows.map((r) => Number(r.block)),
  );
}

/** After a touchpoint's responses changed unit (a team move): rebuilds the blocks holding them. */
export async function refreshBitsOfTouchpoint(tx: Db, organizationId: string, touchpointId: string): Promise<void> {
  const rows = await tx.$queryRawUnsafe<{ block: number }[]>(
    `SELECT DISTINCT block FROM "ResponseBits" WHERE "organizationId" = $1 AND field = 't' AND value = $2`,
    organizationId,
    touchpointId,
  );
  await rebuildBlocks(
    tx,
    organizationId,
    rows.map((r) => Number(r.block)),
  );
}

/**
 * Sets the bits of every response of the organisation not pending, from scratch, and marks it built (reads may use the bit strings from then on). In the caller's transaction, roll-up
 * locks held.
 */
export async function buildOrganizationBits(tx: Db, organizationId: string): Promise<void> {
  await tx.$executeRawUnsafe(`DELETE FROM "ResponseBits" WHERE "organizationId" = $1`, organizationId);
  await tx.$executeRawUnsafe(`DELETE FROM "ResponseBitsState" WHERE "organizationId" = $1`, organizationId);
  const [range] = await tx.$queryRawUnsafe<{ first: number | null; last: number | null }[]>(ordinalEndsSql("$1"), organizationId);
  if (range && range.first !== null && range.last !== null) await writeOrdinals(tx, organizationId, range.first, range.last, true);
  await tx.$executeRawUnsafe(
    `INSERT INTO "ResponseBitsState" ("organizationId", built) VALUES ($1, true)
     ON CONFLICT ("organizationId") DO UPDATE SET built = true, "keysBuilt" = true, "keysBlock" = 0`,
    organizationId,
  );
}

/** Responses per step of an organisation's background build (a step holds the roll-up locks). */
export const bitsBuildStepSize = 4096;

/**
 * One step of building the bit strings of an organisation marked not built (it had responses before
 * they came: migration 20261127044955): sets the bits of its next `limit` responses in order of
 * creation after where the last step stopped (`buildAfter`, `buildAfterId`), leaving out those
 * pending (the applier adds them); those the applier and recomputes gave bits meanwhile get the same
 * bits again (they are OR-ed). Marks the organisation built after its last step. Answers the
 * organisation stepped, or null when none is left to build (`only`: only those organisations, for
 * tests on a shared database; `skip`: not those, whose last step failed). A step that fails throws
 * BitsBuildFailed, naming its organisation. In the caller's transaction, roll-up locks held (the
 * applier's: rollup-applier.ts buildResponseBitsStep).
 */
export async function buildBitsStep(
  tx: Db,
  limit = bitsBuildStepSize,
  which: { only?: readonly string[]; skip?: readonly string[] } = {},
): Promise<string | null> {
  // The cursor's instant travels as PostgreSQL's text (microseconds; a JS Date keeps milliseconds:
  // a truncated cursor would skip the last responses of an instant, or never pass a crowded one).
  const [state] = await tx.$queryRawUnsafe<{ o: string; after: string | null; afterId: string | null }[]>(
    `SELECT "organizationId" AS o, "buildAfter"::text AS after, "buildAfterId" AS "afterId" FROM "ResponseBitsState"
     WHERE built = false AND ($1::text[] IS NULL OR "organizationId" = ANY($1::text[])) AND "organizationId" <> ALL($2::text[]) ORDER BY 1 LIMIT 1`,
    which.only ?? null,
    which.skip ?? [],
  );
  if (!state) return keysStep(tx, limit, which);
  try {
    await stepOf(tx, state, limit);
  } catch (error) {
    throw new BitsBuildFailed(state.o, error);
  }
  return state.o;
}

/**
 * A step of adding the "k" strings to an organisation built before they came (keysBuilt false:
 * migration 20261127144807): the blocks from `keysBlock`, about `limit` × 4 responses' worth (at least
 * one block: reading keys costs less than numbering), OR-ed into what the applier and recomputes wrote
 * meanwhile; keysBuilt once past its last block. Organisations still to build whole come first
 * (buildBitsStep): their build writes every key of the responses it steps over, and this step then adds the blocks numbered
 * before.
 */
async function keysStep(tx: Db, limit: number, which: { only?: readonly string[]; skip?: readonly string[] }): Promise<string | null> {
  const [state] = await tx.$queryRawUnsafe<{ o: string; next: number; block: number }[]>(
    `SELECT s."organizationId" AS o, (SELECT coalesce(e.last, -1) + 1 FROM (${ordinalEndsSql(`s."organizationId"`)}) e) AS next,
       s."keysBlock" AS block FROM "ResponseBitsState" s
     WHERE built AND NOT "keysBuilt" AND ($1::text[] IS NULL OR "organizationId" = ANY($1::text[])) AND "organizationId" <> ALL($2::text[]) ORDER BY 1 LIMIT 1`,
    which.only ?? null,
    which.skip ?? [],
  );
  if (!state) return null;
  try {
    const last = Math.floor((Number(state.next) - 1) / bitsBlock);
    const end = Math.min(last, Number(state.block) + Math.max(1, Math.round((limit * 4) / bitsBlock)) - 1);
    for (let block = Number(state.block); block <= end; block++) {
      const keys = await tx.$queryRawUnsafe<KeyRow[]>(metadataKeysSql, state.o, block * bitsBlock, block * bitsBlock + bitsBlock - 1);
      await writeKeys(tx, state.o, keys, false);
    }
    await tx.$executeRawUnsafe(
      `UPDATE "ResponseBitsState" SET "keysBlock" = $2, "keysBuilt" = $3 WHERE "organizationId" = $1`,
      state.o,
      Math.max(end + 1, Number(state.block)),
      end >= last,
    );
  } catch (error) {
    throw new BitsBuildFailed(state.o, error);
  }
  return state.o;
}

/** A step of an organisation's background build failed (buildBitsStep). */
export class BitsBuildFailed extends Error {
  constructor(
    readonly organizationId: string,
    cause: unknown,
  ) {
    super(`Building the response bit strings of organisation ${organizationId} failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = "BitsBuildFailed";
  }
}

async function stepOf(tx: Db, state: { o: string; after: string | null; afterId: string | null }, limit: number): Promise<void> {
  // After the last step: by creation time, then id (several responses may share an instant).
  // Through the organisation's index by hour (answers/answer-hours.ts).
  const after = `${createdSince("r", `coalesce($2::timestamptz, '-infinity')`)} AND (r."createdAt", r."id") > (coalesce($2::timestamptz, '-infinity'), coalesce($3::text, ''))`;
  const [step] = await tx.$queryRawUnsafe<{ n: number; c: string | null; id: string | null }[]>(
    `WITH step AS MATERIALIZED (
       SELECT r."createdAt" AS c, r."id" FROM "Response" r WHERE r."organizationId" = $1 AND ${after} ORDER BY ${timeOrder("r", "ASC")}, r."id" LIMIT $4
     )
     SELECT (SELECT count(*) FROM step)::int AS n, l.c::text AS c, l.id FROM (SELECT 1) one LEFT JOIN (SELECT c, id FROM step ORDER BY c DESC, id DESC LIMIT 1) l ON true`,
    state.o,
    state.after,
    state.afterId,
    limit,
  );
  if (step && step.n > 0) {
    const keys = await tx.$queryRawUnsafe<KeyRow[]>(
      keysSql(`SELECT r."ordinal", r."id" AS "responseId" FROM "Response" r WHERE r."organizationId" = $1
        AND ${after} AND ${createdUntil("r", "$4::timestamptz")} AND (r."createdAt", r."id") <= ($4::timestamptz, $5::text)`),
      state.o,
      state.after,
      state.afterId,
      step.c,
      step.id,
    );
    await writeKeys(tx, state.o, keys, false);
  }
  const done = !step || step.n < limit;
  await tx.$executeRawUnsafe(
    `UPDATE "ResponseBitsState" SET built = $2, "buildAfter" = CASE WHEN $2 THEN NULL ELSE $3::timestamptz END, "buildAfterId" = CASE WHEN $2 THEN NULL ELSE $4::text END
     WHERE "organizationId" = $1`,
    state.o,
    done,
    step?.c ?? null,
    step?.id ?? null,
  );
}
