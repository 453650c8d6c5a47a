// Scale-out on one machine (issue 18, item 6): two api processes and a worker process, started as a
// deployment starts them (`node api/src/main.ts` with RUN_WORKERS=false, `api/src/worker.ts`), on
// one PostgreSQL database of their own and one Redis (their own queue prefix).
//
// - A response stored through process A is pushed live to a subscriber on process B.
// - The respondent rate limit per address holds across both (counted in Redis, not per process).
// - The roll-up applier adds every response once across both.
// - Analytics reads go to a PostgreSQL streaming replica with DATABASE_REPLICA_URL: the test makes a
//   primary and a replica cluster of its own with the machine's PostgreSQL tools (initdb,
//   pg_basebackup, pg_ctl), and skips that part with a message when the tools are missing.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, rmSync, chmodSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeGlobalID } from "@pothos/plugin-relay";
import pg from "pg";
import { createPrisma } from "./db/client.js";
import type { PrismaClient } from "./generated/prisma/client.js";
import { apiKeyPrefix, hashApiKey } from "./domain/api-keys/key.js";
import { deployMigrations } from "./db/migrations.js";
import { codeOf } from "./domain/results-scope/codes.js";
import { createAnalyticsSurvey, createTestTouchpoint } from "./test/analytics-survey.js";
import { createOrganizationFixture } from "./test/fixtures.js";
import { subscribeWs } from "./test/graphql-client.js";
import { noDatabase, redisUrl } from "./test/harness.js";
import { createScratchDatabase, freePort, type ScratchDatabase } from "./test/support.js";
import { healthy, type RunningProcess, startProcess, startTwoApis, type TwoApis } from "./test/api-processes.js";

const noRedis = !redisUrl;

/** An organisation with a survey on a link touchpoint, and an API key of its admin. */
async function prepareOrganization(prisma: PrismaClient) {
  const org = await createOrganizationFixture(prisma, "Scale-out");
  const s = await createAnalyticsSurvey(prisma, org.organization.id, org.units.unitA.id);
  const touchpoint = await createTestTouchpoint(prisma, org.organization.id, org.units.unitA.id, "Door", s.survey.id);
  const apiKey = `${apiKeyPrefix}${randomBytes(24).toString("base64url")}`;
  await prisma.apiKey.create({
    data: { organizationId: org.organization.id, userId: org.users.admin.id, name: "scale-out", keyHash: hashApiKey(apiKey), keyPrefix: apiKey.slice(0, 8) },
  });
  return { org, s, touchpointId: touchpoint.id, apiKey };
}

function postResponse(baseUrl: string, touchpointId: string, surveyId: string, npsQuestionId: string, address: string, i: number) {
  return fetch(`${baseUrl}/r/${touchpointId}/responses`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": address },
    body: JSON.stringify({
      idempotencyKey: randomBytes(10).toString("hex"),
      surveyId,
      language: "en",
      answers: [{ questionId: npsQuestionId, value: i % 11 }],
    }),
  });
}

describe.skipIf(noDatabase || noRedis)("two api processes and a worker on one database and one Redis", () => {
  let database: ScratchDatabase;
  let prisma: PrismaClient;
  let apis: TwoApis;
  let a: string;
  let b: string;
  let setup: Awaited<ReturnType<typeof prepareOrganization>>;

  beforeAll(async () => {
    database = await createScratchDatabase("feedback_scaleout");
    prisma = createPrisma(database.url, { max: 2 });
    setup = await prepareOrganization(prisma);
    apis = await startTwoApis(database.url, {
      env: { REDIS_URL: redisUrl!, QUEUE_PREFIX: `scaleout${randomBytes(3).toString("hex")}`, RUN_WORKERS: "false", TRUST_PROXY: "127.0.0.1" },
      worker: true,
    });
    ({ a, b } = apis);
  }, 240_000);

  afterAll(async () => {
    await apis?.stop();
    await prisma?.$disconnect();
    await database?.drop();
  }, 60_000);

  it("pushes a response stored through A to a subscriber on B", async () => {
    const subscription = subscribeWs(
      b,
      `subscription { responseCountChanged(surveyId: "${encodeGlobalID("Survey", setup.s.survey.id)}") { surveyId responseCount } }`,
      setup.apiKey,
    );
    try {
      await subscription.connected;
      // The subscription is open once B has registered it; post until B's subscriber hears of one.
      for (let i = 0; i < 20 && subscription.events.length === 0; i++) {
        expect((await postResponse(a, setup.touchpointId, setup.s.survey.id, setup.s.questions.nps.id, "203.0.113.7", i)).status).toBe(201);
        await subscription.waitFor(1, 1500);
      }
      expect(subscription.errors).toEqual([]);
      expect(subscription.events[0]?.data).toMatchObject({ responseCountChanged: { surveyId: setup.s.survey.id } });
    } finally {
      await subscription.close();
    }
  });

  it("holds the per-address rate limit across both processes", async () => {
    // A fresh address: 60 writes per 12 s (domain/respondent/rate-limit.ts), whichever process takes them.
    const address = `198.18.${randomBytes(1)[0]}.${randomBytes(1)[0]! % 250}`;
    const statuses: number[] = [];
    for (let i = 0; i < 70; i++) {
      const res = await postResponse(i % 2 ? b : a, setup.touchpointId, setup.s.survey.id, setup.s.questions.nps.id, address, i);
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(60);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });

  it("adds every response to the roll-ups and the bit strings once, whichever process stored it; both number them from one sequence", async () => {
    // Both processes at once: their ingestion statements take ordinals of the same organisation.
    const stored = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        postResponse(i % 2 ? b : a, setup.touchpointId, setup.s.survey.id, setup.s.questions.nps.id, `192.0.2.${(i % 200) + 1}`, i),
      ),
    );
    expect(stored.map((r) => r.status)).toEqual(Array.from({ length: 30 }, () => 201));
    const counts = async () =>
      (
        await prisma.$queryRawUnsafe<{ rolled: number; raw: number; pending: number }[]>(
          `SELECT (SELECT coalesce(sum("responses"), 0)::int FROM "RollupResponseDay" WHERE "organizationCode" = ${codeOf("organization", "$1")}) AS rolled,
                  (SELECT count(*)::int FROM "Response" WHERE "organizationId" = $1 AND "hidden" = false AND "overLimit" = false) AS raw,
                  (SELECT count(*)::int FROM "RollupPending") AS pending`,
          setup.org.organization.id,
        )
      )[0]!;
    const until = Date.now() + 30_000;
    let c = await counts();
    while (c.pending > 0 && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 100));
      c = await counts();
    }
    expect(c.pending).toBe(0);
    expect(c.rolled).toBe(c.raw);
    // One ordinal each, none shared, and one bit each in the day strings.
    const [n] = await prisma.$queryRawUnsafe<{ responses: number; numbered: number; distinct: number; bits: number }[]>(
      `SELECT count(*)::int AS responses, count("ordinal")::int AS numbered, count(DISTINCT "ordinal")::int AS distinct,
         (SELECT coalesce(sum(bit_count(x."bits")), 0)::int FROM "ResponseBits" x WHERE x."organizationId" = $1 AND x."field" = 'd') AS bits
       FROM "Response" WHERE "organizationId" = $1`,
      setup.org.organization.id,
    );
    expect(n).toEqual({ responses: c.raw, numbered: c.raw, distinct: c.raw, bits: c.raw });
  });
});

// ------------------------------------------------------------------------------------------------
// A streaming replica for the analytics reads.
// ------------------------------------------------------------------------------------------------

const pgBin = (() => {
  const base = "/usr/lib/postgresql";
  if (!existsSync(base)) return undefined;
  for (const version of readdirSync(base).sort().reverse()) {
    const dir = path.join(base, version, "bin");
    if (["initdb", "pg_ctl", "pg_basebackup"].every((tool) => existsSync(path.join(dir, tool)))) return dir;
  }
  return undefined;
})();
const runningAsRoot = process.getuid?.() === 0;
if (!pgBin) console.warn("scale-out.test.ts: PostgreSQL's server tools (initdb, pg_ctl, pg_basebackup) are missing: the read-replica test is skipped");

/** Runs a PostgreSQL tool; as root, as the postgres user (the server refuses to run as root). */
function pgTool(tool: string, args: string[]) {
  const bin = path.join(pgBin!, tool);
  if (runningAsRoot) execFileSync("runuser", ["-u", "postgres", "--", bin, ...args], { stdio: "pipe" });
  else execFileSync(bin, args, { stdio: "pipe" });
}

describe.skipIf(!pgBin || noRedis)("analytics reads on a streaming replica (DATABASE_REPLICA_URL)", () => {
  let dir: string;
  let primaryPort: number;
  let replicaPort: number;
  let api: RunningProcess | undefined;
  let baseUrl: string;
  let setup: Awaited<ReturnType<typeof prepareOrganization>>;
  let prisma: PrismaClient;
  const started: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "pg-replica-"));
    chmodSync(dir, 0o777);
    const primary = path.join(dir, "primary");
    const replica = path.join(dir, "replica");
    primaryPort = await freePort();
    replicaPort = await freePort();
    // initdb's defaults: wal_level replica, 10 WAL senders, and (with --auth=trust) replication from 127.0.0.1.
    pgTool("initdb", ["-D", primary, "-U", "postgres", "--auth=trust"]);
    pgTool("pg_ctl", ["-D", primary, "-o", `-p ${primaryPort} -k ${dir} -h 127.0.0.1 -c fsync=off`, "-l", path.join(dir, "primary.log"), "-w", "start"]);
    started.push(primary);
    pgTool("pg_basebackup", ["-h", "127.0.0.1", "-p", String(primaryPort), "-U", "postgres", "-D", replica, "-R", "-X", "stream"]);
    pgTool("pg_ctl", ["-D", replica, "-o", `-p ${replicaPort} -k ${dir} -h 127.0.0.1 -c fsync=off`, "-l", path.join(dir, "replica.log"), "-w", "start"]);
    started.push(replica);
    const primaryUrl = `postgresql://postgres@127.0.0.1:${primaryPort}/feedback`;
    const admin = new pg.Client({ connectionString: `postgresql://postgres@127.0.0.1:${primaryPort}/postgres` });
    await admin.connect();
    await admin.query("CREATE DATABASE feedback");
    await admin.end();
    await deployMigrations(primaryUrl);
    prisma = createPrisma(primaryUrl, { max: 2 });
    setup = await prepareOrganization(prisma);
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    api = await startProcess(
      "api/src/main.ts",
      {
        DATABASE_URL: primaryUrl,
        DATABASE_REPLICA_URL: `postgresql://postgres@127.0.0.1:${replicaPort}/feedback`,
        REDIS_URL: redisUrl!,
        QUEUE_PREFIX: `replica${randomBytes(3).toString("hex")}`,
        PORT: String(port),
        HOST: "127.0.0.1",
        PUBLIC_URL: baseUrl,
        SEED_DEMO: "false",
        SERVE_WEB: "false",
        TRUST_PROXY: "127.0.0.1",
        LOG_LEVEL: "warn",
        NODE_ENV: "development",
      },
      healthy(baseUrl),
    );
  }, 240_000);

  afterAll(async () => {
    await api?.stop();
    await prisma?.$disconnect();
    for (const data of started.reverse()) {
      try {
        pgTool("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
      } catch {
        // already stopped
      }
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it("answers the summary from the replica, with what the primary stored", async () => {
    for (let i = 0; i < 5; i++) {
      expect((await postResponse(baseUrl, setup.touchpointId, setup.s.survey.id, setup.s.questions.nps.id, `192.0.2.${i + 1}`, i)).status).toBe(201);
    }
    const replica = new pg.Client({ connectionString: `postgresql://postgres@127.0.0.1:${replicaPort}/feedback` });
    await replica.connect();
    try {
      expect((await replica.query("SELECT pg_is_in_recovery() AS standby")).rows[0].standby).toBe(true);
      // Replication is asynchronous: wait until the replica has the five responses.
      const until = Date.now() + 20_000;
      while (Number((await replica.query(`SELECT count(*) AS n FROM "Response"`)).rows[0].n) < 5 && Date.now() < until) {
        await new Promise((r) => setTimeout(r, 100));
      }
      // Who else is connected to the replica: nobody until the analytics pool's first read.
      const others = async () =>
        Number(
          (
            await replica.query(
              `SELECT count(*) AS n FROM pg_stat_activity WHERE datname = 'feedback' AND backend_type = 'client backend' AND pid <> pg_backend_pid()`,
            )
          ).rows[0].n,
        );
      expect(await others()).toBe(0);
      // The responses were stored now (the server's clock): a window of the days around it.
      const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
      const res = await fetch(`${baseUrl}/api/v5/summary`, {
        method: "POST",
        headers: { authorization: `Bearer ${setup.apiKey}`, "content-type": "application/json" },
        body: JSON.stringify({ from: day(-2), to: day(1) }),
      });
      expect(res.status, await res.clone().text()).toBe(200);
      const summary = (await res.json()) as { count?: { now?: number } };
      expect(summary.count?.now).toBe(5);
      // The api's analytics pool read it from the replica (its connections stay open, idle).
      expect(await others()).toBeGreaterThan(0);
    } finally {
      await replica.end();
    }
  });
});
