// The storage bench's data set is one organisation holding every response (the shape: 1 M
// responses, as LimeSurvey was measured). An index that leads with the organisation packs differently
// when many organisations store at once: each appends at the end of its own range, in the middle of
// the index, and a key that seldom repeats (an hour of a small organisation) gets little from
// deduplication (docs/analytics.md "For S5: which 8-byte key packs when many organisations store at
// once"). This builds a scratch copy of "Response" with the very index definitions the migrations made
// (`pg_get_indexdef`), fills it with `rows` responses from `organisations` organisations storing in
// turn over a year (each numbering its own, with 4 surveys and 12 touchpoints; ids that look random, as
// ingestion's), and measures each index's bytes per row, beside the S5 candidate key (organisation
// code, ordinal). Dropped afterwards; `dropInterleavedScratch` drops one a killed run left behind.
import type pg from "pg";

export type InterleavedIndex = { index: string; bytesPerRow: number };

const scratch = "bench_interleaved_response";
/** The name under which the S5 candidate key (organisation code, ordinal), built only here, is reported. */
export const s5Key = "(organisation code, ordinal)";

/** Drops the scratch table (a run killed half-way leaves it; the storage bench drops it before measuring). */
export async function dropInterleavedScratch(db: pg.Client): Promise<void> {
  await db.query(`DROP TABLE IF EXISTS ${scratch}`);
}

export async function interleavedIndexSizes(db: pg.Client, opts: { rows: number; organisations: number }): Promise<InterleavedIndex[]> {
  const { rows, organisations } = opts;
  if (!Number.isInteger(organisations) || organisations < 1) throw new Error(`organisations must be a whole number ≥ 1, not ${organisations}`);
  await dropInterleavedScratch(db);
  try {
    // The columns with their types and NOT NULLs; no constraints, triggers or foreign keys.
    await db.query(`CREATE TABLE ${scratch} (LIKE "Response" INCLUDING DEFAULTS, "organizationCode" int4)`);
    const defs = await db.query<{ name: string; def: string }>(
      `SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS def FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
       WHERE i.indrelid = '"Response"'::regclass ORDER BY 1`,
    );
    // Short names (an identifier has at most 63 bytes), mapped back to the originals.
    const names = new Map<string, string>();
    for (const [i, d] of defs.rows.entries()) {
      // "CREATE [UNIQUE] INDEX "X" ON public."Response" USING …" → the same on the scratch table.
      const def = d.def.replace(/INDEX "?[^"\s]+"? ON (public\.)?"Response"/, `INDEX "${scratch}_${i}" ON ${scratch}`);
      if (def === d.def) throw new Error(`unexpected index definition: ${d.def}`);
      await db.query(def);
      names.set(`${scratch}_${i}`, d.name);
    }
    await db.query(`CREATE INDEX "${scratch}_s5" ON ${scratch} ("organizationCode", "ordinal")`);
    names.set(`${scratch}_s5`, s5Key);
    // Arrival g: organisation g mod N, its response g div N (its ordinal), at an even pace through a
    // year, to one of the organisation's 4 surveys and 12 touchpoints in turn; every second one with a
    // text answer; every one with an idempotency digest; ids of 24 hexadecimal characters that look
    // random (an md5 of the arrival, so that runs repeat); the touchpoint by its code, as "Response"
    // names it (12 codes per organisation, given in the order organisations were created), and the
    // team likewise (one team per organisation, its code given in the same order).
    const perBatch = 100_000;
    for (let from = 0; from < rows; from += perBatch) {
      await db.query(
        `INSERT INTO ${scratch} ("id", "organizationId", "surveyId", "touchpointCode", "unitCode", "language", "metadata", "idempotencyDigest",
                                 "createdAt", "submittedAt", "ordinal", "answerTexts", "organizationCode")
         SELECT substr(md5('response ' || g), 1, 24), o.id, substr(md5(o.id || ' survey ' || (g / $3) % 4), 1, 24),
                1 + (g % $3) * 12 + (g / $3) % 12, 1 + g % $3, 'en', '{}'::jsonb, md5('key' || g)::uuid,
                t.at, t.at, g / $3, CASE WHEN g % 2 = 0 THEN ARRAY['a text answer'] END, g % $3
         FROM generate_series($1::int, $2::int - 1) g
         CROSS JOIN LATERAL (SELECT substr(md5('organisation ' || (g % $3)), 1, 24) AS id) o
         CROSS JOIN LATERAL (SELECT timestamptz '2026-01-01 00:00:00+00' + (g::float8 / $4 * 365 * 86400) * interval '1 second' AS at) t
         ORDER BY g`,
        [from, Math.min(rows, from + perBatch), organisations, rows],
      );
    }
    const sizes = await db.query<{ name: string; bytes: string }>(
      `SELECT c.relname AS name, pg_relation_size(i.indexrelid) AS bytes FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
       WHERE i.indrelid = '${scratch}'::regclass ORDER BY 2 DESC, 1`,
    );
    return sizes.rows.map((s) => ({ index: names.get(s.name) ?? s.name, bytesPerRow: Number(s.bytes) / rows }));
  } finally {
    await dropInterleavedScratch(db).catch(() => undefined);
  }
}
