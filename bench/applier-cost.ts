// `npx tsx bench/applier-cost.ts [--database=feedback_bench_1000000] [--responses=2000] [--rounds=6]`
//
// What the co-occurrence roll-up (RollupCoAnswerDay) costs the roll-up applier: in a kept data set of
// bench/generate-large-org.ts, copies the newest `responses` responses with their answers as new
// responses of the last hour (as ingestion would store them: pending), then applies them with the
// applier's statement, once as it is and once without the co-occurrence upsert, alternately, each in
// a transaction rolled back afterwards (the data set is left as it was). Prints the time per apply
// and per response of both, their ratio, and the co-occurrence rows one response adds.
import pg from "pg";
import { applyPendingSql, lockRollups } from "../api/src/domain/analytics/rollups.js";
import { largeOrgUrl } from "./generate-large-org.js";

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const database = arg("database") ?? "feedback_bench_1000000";
const n = Number(arg("responses") ?? 2000);
const rounds = Number(arg("rounds") ?? 6);

/** The applier's statement without the co-occurrence upsert (the baseline). */
function withoutCooccurrence(sql: string): string {
  const start = sql.indexOf(", rollup_co AS (");
  const end = sql.indexOf("\nSELECT count(*)::int AS claimed");
  if (start < 0 || end < 0) throw new Error("applier statement not as expected");
  return sql.slice(0, start) + sql.slice(end);
}

async function main() {
  const c = new pg.Client({ connectionString: largeOrgUrl(database) });
  await c.connect();
  const load = () =>
    import("node:os").then((os) =>
      os
        .loadavg()
        .map((x) => x.toFixed(1))
        .join(" "),
    );
  const times: Record<"with" | "without", number[]> = { with: [], without: [] };
  let coRows = 0;
  let coUpserted = 0;
  try {
    // As the applier's transaction sets them (rollup-applier.ts).
    await c.query(`SET jit = off; SET work_mem = '64MB'`);
    const full = applyPendingSql();
    const base = withoutCooccurrence(full);
    console.log(`database ${database}, ${n} responses per apply, ${rounds} rounds each; load average ${await load()}`);
    for (let i = 0; i < rounds * 2; i++) {
      const variant = i % 2 === 0 ? "with" : "without";
      await c.query("BEGIN");
      try {
        await c.query(
          `CREATE TEMP TABLE src ON COMMIT DROP AS
             SELECT r.id AS old, substr(md5(random()::text || r.id), 1, 24) AS id,
                    now() - random() * interval '1 hour' AS c
             FROM "Response" r ORDER BY r."createdAt" DESC LIMIT $1`,
          [n],
        );
        await c.query(
          `INSERT INTO "Response" ("id","organizationId","surveyId","touchpointId","unitId","metadata","hidden","createdAt","updatedAt","submittedAt","language","status")
           SELECT s.id, r."organizationId", r."surveyId", r."touchpointId", r."unitId", r."metadata", false, s.c, s.c, s.c, r."language", r."status"
           FROM src s JOIN "Response" r ON r.id = s.old`,
        );
        await c.query(
          `INSERT INTO "Answer" ("responseId","organizationId","surveyId","touchpointId","questionId","createdAt","numericValue","textValue","choiceIds")
           SELECT s.id, a."organizationId", a."surveyId", a."touchpointId", a."questionId", s.c, a."numericValue", a."textValue", a."choiceIds"
           FROM src s JOIN "Answer" a ON a."responseId" = s.old`,
        );
        await c.query(`INSERT INTO "RollupPending" ("responseId") SELECT id FROM src`);
        const before = variant === "with" ? Number((await c.query(`SELECT count(*) AS n FROM "RollupCoAnswerDay"`)).rows[0].n) : 0;
        const t0 = performance.now();
        await c.query(lockRollups("ROW EXCLUSIVE"));
        const r = await c.query(variant === "with" ? full : base, [n]);
        times[variant].push(performance.now() - t0);
        if (Number(r.rows[0].claimed) < n) throw new Error(`claimed ${r.rows[0].claimed} of ${n}`);
        if (variant === "with") {
          coRows = Number((await c.query(`SELECT count(*) AS n FROM "RollupCoAnswerDay"`)).rows[0].n) - before;
          // Rows of the applied day that these responses touched (inserted or updated).
          coUpserted = Number((await c.query(`SELECT count(*) AS n FROM "RollupCoAnswerDay" x WHERE x.xmin::text = txid_current()::text`)).rows[0].n);
        }
      } finally {
        await c.query("ROLLBACK");
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const w = median(times.with);
    const wo = median(times.without);
    console.log(`applier, ${n} pending responses: without the co-occurrence roll-up ${wo.toFixed(0)} ms (${((wo / n) * 1000).toFixed(0)} µs/response)`);
    console.log(`applier, ${n} pending responses: with it                     ${w.toFixed(0)} ms (${((w / n) * 1000).toFixed(0)} µs/response)`);
    console.log(
      `ratio with ÷ without: ${(w / wo).toFixed(2)}; runs with: ${times.with.map((x) => x.toFixed(0)).join(", ")}; without: ${times.without.map((x) => x.toFixed(0)).join(", ")}`,
    );
    console.log(
      `co-occurrence rows of the last apply: ${coUpserted} written (${(coUpserted / n).toFixed(1)} per response), ${coRows} of them new; load average ${await load()}`,
    );
  } finally {
    await c.end();
  }
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
