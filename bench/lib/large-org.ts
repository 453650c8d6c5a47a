// The kept large organisation the analytics, journeys and super-admin suites read: made (or checked
// complete) by bench/generate-large-org.ts unless `BENCH_ANALYTICS_AS_IS=1`, migrated to the newest
// schema (a kept database may predate it); its URL and name returned.
import { deployMigrations } from "../../api/src/db/migrations.js";
import { generateLargeOrg, largeOrgDefaults, largeOrgUrl } from "../generate-large-org.js";
import type { BenchContext } from "./suite.js";

export async function prepareLargeOrg(ctx: BenchContext, responses: number, options: { asIs?: boolean } = {}): Promise<{ url: string; database: string }> {
  // BENCH_ANALYTICS_DATABASE: a database name of one's own (e.g. a branch with a migration others do not have).
  const database =
    process.env.BENCH_ANALYTICS_DATABASE || (responses === largeOrgDefaults.responses ? largeOrgDefaults.database : `feedback_bench_${responses}`);
  if (options.asIs) ctx.log(`${database} used as it is (BENCH_ANALYTICS_AS_IS=1)`);
  else {
    const gen = await generateLargeOrg({ responses, database });
    if (gen.generated) ctx.log(`generated ${database} in ${Math.round(gen.seconds)} s`);
  }
  const url = largeOrgUrl(database);
  await deployMigrations(url);
  return { url, database };
}
