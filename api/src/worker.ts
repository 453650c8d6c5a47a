// `npm run worker`: runs the job workers as a process of their own, beside api processes started
// with RUN_WORKERS=false. Needs REDIS_URL (the queue) and DATABASE_URL (the jobs read and write it).
import { loadConfig, ConfigError } from "./config.js";
import { createPrisma } from "./db/client.js";
import { startJobRunner } from "./jobs/start.js";
import { logger } from "./log.js";
import { withUnsubscribeSecret } from "./domain/campaigns/unsubscribe/secret.js";
import { runLaunchScheduler } from "./domain/campaigns/launch/firing.js";

try {
  let config = loadConfig();
  const problems: string[] = [];
  if (!config.redisUrl) problems.push("REDIS_URL: required by `npm run worker` (the jobs come from Redis)");
  if (!config.databaseUrl) problems.push("DATABASE_URL: required by `npm run worker` (the embedded database belongs to the api process)");
  if (problems.length) throw new ConfigError(problems);

  const prisma = createPrisma(config.databaseUrl!, { max: 5 });
  config = await withUnsubscribeSecret(config, prisma);
  const log = logger(config, "worker");
  const jobs = startJobRunner({ config, prisma, runWorkers: true });
  // scheduled and recurring launches: every process polls, each firing happens once
  const stopLaunches = runLaunchScheduler({ prisma, jobs, log });
  log.info(`running jobs from ${new URL(config.redisUrl!).host}; mail: ${config.smtpUrl ? "SMTP" : "outbox"}`);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    log.info("stopping");
    await stopLaunches();
    await jobs.close();
    await prisma.$disconnect();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
} catch (error) {
  // The configuration may be what failed: this logger does not depend on it.
  const log = logger({ logLevel: "info" }, "worker", { stderr: true });
  if (error instanceof ConfigError) {
    log.fatal(error.message);
    process.exit(2);
  }
  log.fatal({ err: error }, "the worker did not start");
  process.exit(1);
}
