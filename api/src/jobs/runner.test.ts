// The job runner's retry policy, in process and on Redis (BullMQ), and separate workers.
import { describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { spawnSync } from "node:child_process";
import { createJobRunner, type JobHandlers, type JobFailure } from "./runner.js";
import type { QueuedMail } from "../mail/queue-mail.js";
import { redisUrl, skipWithout } from "../test/services.js";

const mail = (to: string): QueuedMail => ({ kind: "passwordReset", to, locale: "en", organizationId: null, data: { link: "http://x/y" } });

function flakyHandlers(failures: number) {
  const seen: { to: string; attempt: number }[] = [];
  const handlers: Partial<JobHandlers> = {
    "mail.send": async (payload, { attempt }) => {
      seen.push({ to: payload.to, attempt });
      if (attempt <= failures) throw new Error(`refused ${attempt}`);
    },
  };
  return { handlers, seen };
}

const modes = [{ mode: "in-process", redis: undefined as string | undefined }, ...(redisUrl ? [{ mode: "redis", redis: redisUrl }] : [])];

describe.each(modes)("job runner ($mode)", ({ redis }) => {
  const prefix = () => `test-${randomBytes(6).toString("hex")}`;

  it("retries a failing job with backoff and succeeds on the third attempt", async () => {
    const { handlers, seen } = flakyHandlers(2);
    const failures: JobFailure[] = [];
    const runner = createJobRunner({
      redisUrl: redis,
      handlers,
      prefix: prefix(),
      removeOnClose: true,
      retry: { attempts: 3, backoffMs: 50 },
      onFailure: (f) => failures.push(f),
    });
    try {
      await runner.enqueue("mail.send", mail("a@example.test"));
      await runner.idle(10_000);
      expect(seen.map((s) => s.attempt)).toEqual([1, 2, 3]);
      expect(failures.map((f) => [f.attempt, f.final])).toEqual([
        [1, false],
        [2, false],
      ]);
    } finally {
      await runner.close();
    }
  });

  it("gives up after three attempts", async () => {
    const { handlers, seen } = flakyHandlers(99);
    const failures: JobFailure[] = [];
    const runner = createJobRunner({
      redisUrl: redis,
      handlers,
      prefix: prefix(),
      removeOnClose: true,
      retry: { attempts: 3, backoffMs: 20 },
      onFailure: (f) => failures.push(f),
    });
    try {
      await runner.enqueue("mail.send", mail("b@example.test"));
      await runner.idle(10_000);
      expect(seen).toHaveLength(3);
      expect(failures.at(-1)).toMatchObject({ attempt: 3, final: true });
    } finally {
      await runner.close();
    }
  });

  it("runs the job asynchronously: enqueue returns before the job function", async () => {
    let ran = false;
    const runner = createJobRunner({
      redisUrl: redis,
      prefix: prefix(),
      removeOnClose: true,
      handlers: { "mail.send": async () => void (ran = true) },
    });
    try {
      await runner.enqueue("mail.send", mail("c@example.test"));
      expect(ran).toBe(false);
      await runner.idle(10_000);
      expect(ran).toBe(true);
    } finally {
      await runner.close();
    }
  });
});

describe.skipIf(skipWithout("Redis"))("separate workers (RUN_WORKERS=false)", () => {
  it("an api runner without workers only queues; a worker with the same prefix runs the job", async () => {
    const prefix = `test-${randomBytes(6).toString("hex")}`;
    const seen: string[] = [];
    const handlers: Partial<JobHandlers> = { "mail.send": async (p) => void seen.push(p.to) };
    const api = createJobRunner({ redisUrl: redisUrl!, handlers, prefix, runWorkers: false });
    await api.enqueue("mail.send", mail("d@example.test"));
    await new Promise((r) => setTimeout(r, 300));
    expect(seen).toEqual([]);
    const worker = createJobRunner({ redisUrl: redisUrl!, handlers, prefix, removeOnClose: true });
    try {
      await worker.idle(10_000);
      expect(seen).toEqual(["d@example.test"]);
    } finally {
      await api.close();
      await worker.close();
    }
  });
});

describe("configuration", () => {
  it("the in-process runner refuses RUN_WORKERS=false (nobody else could run the jobs)", () => {
    expect(() => createJobRunner({ redisUrl: undefined, runWorkers: false, handlers: flakyHandlers(0).handlers })).toThrow(/REDIS_URL/);
  });

  it("npm run worker stops with a clear message without REDIS_URL and DATABASE_URL", () => {
    const result = spawnSync(process.execPath, ["--import", "tsx", "api/src/worker.ts"], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("REDIS_URL: required by `npm run worker`");
    expect(result.stderr).toContain("DATABASE_URL");
  });
});
