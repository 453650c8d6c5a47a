// The roll-up applier: adds the responses ingestion marked pending ("RollupPending") to the
// analytics roll-ups, off the request's path (docs/analytics.md "Roll-ups").
//
// Ingestion stores a group of responses in one statement and marks them pending there; it then
// kicks the applier, which waits `delayMs` (so the groups stored meanwhile go together: one upsert
// per bucket rather than one per group; under sustained ingestion until the oldest pending row is
// `hold.holdMs` old, one wait across processes: pendingHold) and applies everything pending in transactions of at most
// `batch` responses. A sweep every `sweepMs` picks up what another process or a crash left. Each
// transaction takes the roll-up tables' ROW EXCLUSIVE lock first (a recompute holds SHARE ROW
// EXCLUSIVE: they wait for each other), then claims, deletes and adds in one statement, so a
// pending response is added exactly once, or stays pending. Roll-up reads add pending responses
// from the raw rows, so nobody sees the lag. One applier works at a time across all processes (an
// advisory lock); the others leave their pending responses to it and look again after their wait.
import type { PrismaClient } from "../../generated/prisma/client.js";
import { applyPendingSql, lockRollups } from "./rollups.js";
import { addResponseBits, BitsBuildFailed, buildBitsStep } from "./response-bits.js";

/**
 * The advisory lock that makes the applier one across every process on the database: several api
 * processes each applying their own responses fought over the same roll-up rows (8 processes cut
 * ingestion to a third; docs/analytics.md "One applier across processes").
 */
export const rollupApplierLockKey = 7_262_001;

/** What `applyPendingRollups` answers when another process's applier holds the lock. */
export const applierBusy = -1;

/**
 * Applies at most `limit` pending responses in one transaction; answers how many were claimed, or
 * `applierBusy` when another applier (in any process) is applying now: it will also claim ours.
 */
export async function applyPendingRollups(prisma: PrismaClient, limit = 5000): Promise<number> {
  return prisma.$transaction(async (tx) => {
    // One round trip for the transaction's settings (set_config(…, true) is SET LOCAL) and the lock:
    // - JIT off (the app's pools already start connections so; this covers any other client): the
    //   planner's estimates for the claimed rows' answers pass jit_above_cost, and compiling the
    //   statement took ~750 ms of a 890 ms apply of 2,000 responses (10 M database).
    // - work_mem 64 MB: a batch's answer values (several per answer) are grouped per roll-up key in
    //   memory rather than spilled to disk.
    const [lock] = await tx.$queryRawUnsafe<{ ok: boolean }[]>(
      `SELECT set_config('jit', 'off', true), set_config('work_mem', '64MB', true), pg_try_advisory_xact_lock($1::bigint) AS ok`,
      rollupApplierLockKey,
    );
    if (!lock?.ok) return applierBusy;
    await tx.$executeRawUnsafe(lockRollups("ROW EXCLUSIVE"));
    const rows = await tx.$queryRawUnsafe<{ claimed: number; ids: string[] }[]>(applyPendingSql(), limit);
    // The same responses' bits (response-bits.ts), in the same transaction.
    await addResponseBits(tx, rows[0]?.ids ?? []);
    return rows[0]?.claimed ?? 0;
  });
}

/**
 * One step of the background build of an organisation's response bit strings (response-bits.ts
 * buildBitsStep), as the applier: under its advisory lock and the roll-up locks, so it takes turns
 * with the applier in every process and with recomputes. Answers "busy" (another applier works now),
 * "more" (a step was made) or "none" (no organisation is left to build).
 */
export async function buildResponseBitsStep(
  prisma: PrismaClient,
  limit?: number,
  which: { only?: readonly string[]; skip?: readonly string[] } = {},
): Promise<"busy" | "more" | "none"> {
  // The organisation stepped, so that a step failing only at its commit (a deferred check, a lost
  // connection) is set aside as one failing inside it is.
  let stepped: string | null = null;
  try {
    return await prisma.$transaction(
      async (tx) => {
        const [lock] = await tx.$queryRawUnsafe<{ ok: boolean }[]>(
          `SELECT set_config('jit', 'off', true), pg_try_advisory_xact_lock($1::bigint) AS ok`,
          rollupApplierLockKey,
        );
        if (!lock?.ok) return "busy";
        await tx.$executeRawUnsafe(lockRollups("ROW EXCLUSIVE"));
        stepped = await buildBitsStep(tx, limit, which);
        return stepped === null ? "none" : "more";
      },
      { timeout: 120_000, maxWait: 30_000 },
    );
  } catch (error) {
    if (stepped === null || error instanceof BitsBuildFailed) throw error;
    throw new BitsBuildFailed(stepped, error);
  }
}

/**
 * How long to hold the next apply back under sustained ingestion, in ms (0: apply now). When
 * `busyAt` responses or more are pending and the oldest was marked pending less than `holdMs` ago,
 * the apply waits until it is `holdMs` old: each apply then adds several times more responses to
 * the same buckets in one upsert (10–25 % less of PostgreSQL's CPU per ingested response, docs/
 * analytics.md "The applier holds back under load"). Read from the shared table, so the wait is one
 * across every process, however many appliers kick; a trickle (fewer pending) is applied at once,
 * and a backlog older than the wait too.
 */
export async function pendingHold(prisma: PrismaClient, hold: { busyAt: number; holdMs: number }): Promise<number> {
  // The oldest row only when enough are pending (min() reads every pending row). Never more than
  // holdMs: a row marked "in the future" (clocks, a long transaction) cannot stall the applies.
  const [row] = await prisma.$queryRawUnsafe<{ n: number; age: number | null }[]>(
    `WITH c AS (SELECT count(*)::int AS n FROM (SELECT 1 FROM "RollupPending" LIMIT $1) x)
     SELECT c.n, CASE WHEN c.n >= $1 THEN (SELECT extract(epoch FROM clock_timestamp() - min(p."at")) * 1000 FROM "RollupPending" p) END::float8 AS age FROM c`,
    hold.busyAt,
  );
  if (!row || row.n < hold.busyAt || row.age === null) return 0;
  return Math.min(hold.holdMs, Math.max(0, Math.ceil(hold.holdMs - row.age)));
}

export type RollupApplierOptions = {
  /** Wait after a kick, so groups stored meanwhile are applied together. */
  delayMs?: number;
  /**
   * Under sustained ingestion, hold applies back until the oldest pending response is `holdMs` old
   * (pendingHold; default 100 pending, 250 ms). null: never. `drain()` and `close()` apply at once.
   */
  hold?: { busyAt: number; holdMs: number } | null;
  /** Sweep for pending responses nobody kicked for (another process, a crash). 0: no sweep. */
  sweepMs?: number;
  /** Responses per transaction. */
  batch?: number;
  /**
   * Build, between applies, the bit strings of organisations not built yet (buildResponseBitsStep),
   * a step at a time until none is left (`organizationIds`: only those, for tests on a shared
   * database). An organisation whose step failed waits `retryFailedMs` (10 minutes) while the others
   * are built. Off in the tests' servers.
   */
  buildBits?: boolean | { organizationIds: string[]; stepSize?: number; retryFailedMs?: number };
  onError?: (error: unknown) => void;
};

export class RollupApplier {
  private timer: NodeJS.Timeout | undefined;
  private sweeper: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private closed = false;
  /** Whether an organisation may still be left to build (buildBits); found none: not asked again. */
  private bitsLeft = true;
  /** Organisations whose last build step failed, and when (buildBits: retried after retryFailedMs). */
  private readonly bitsFailed = new Map<string, number>();

  constructor(
    private readonly prisma: PrismaClient,
    private readonly opts: RollupApplierOptions = {},
  ) {
    const sweepMs = opts.sweepMs ?? 2000;
    if (sweepMs > 0) {
      this.sweeper = setInterval(() => this.kick(0), sweepMs);
      this.sweeper.unref();
    }
  }

  /** Something was marked pending: apply it soon. */
  kick(delayMs = this.opts.delayMs ?? 20): void {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.run();
    }, delayMs);
  }

  /** Applies everything pending now (tests, shutdown), held back or not; resolves when nothing is left. */
  async drain(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    while (this.running) await this.running;
    await this.run(true);
  }

  private run(now = false): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      const batch = this.opts.batch ?? 5000;
      const hold = this.opts.hold === undefined ? { busyAt: 100, holdMs: 250 } : this.opts.hold;
      // Set when this run is held back (pendingHold): the wait before the next look.
      let heldMs = 0;
      try {
        this.again = false;
        // Held back: look again when the oldest pending response is old enough (any process may
        // apply first; then the next look finds younger rows, or none).
        // A failed look holds nothing back (reported): the apply goes on as without the hold.
        heldMs =
          now || !hold
            ? 0
            : await pendingHold(this.prisma, hold).catch((error: unknown) => {
                this.opts.onError?.(error);
                return 0;
              });
        if (heldMs > 0) return;
        for (;;) {
          const claimed = await applyPendingRollups(this.prisma, batch);
          // Another process is applying: it takes what we stored too; look again shortly, in case it
          // finished just before our responses were committed.
          if (claimed === applierBusy) this.again = true;
          if (claimed < batch) break;
        }
        // Nothing more pending here: one step of a background build, the next after the usual wait
        // (another process's applier busy: the next sweep tries again).
        if (this.opts.buildBits && this.bitsLeft && !this.closed) {
          await this.buildBitsStep();
        }
      } catch (error) {
        // Left pending: the next kick or sweep tries again.
        this.opts.onError?.(error);
      } finally {
        this.running = undefined;
        // Held back: one look when the wait is over (kicks meanwhile find the timer set). Kicked while
        // applying: what was stored meanwhile goes after the usual wait.
        if (heldMs > 0) {
          this.again = false;
          this.kick(heldMs);
        } else if (this.again) {
          this.again = false;
          this.kick();
        }
      }
    })();
    return this.running;
  }

  /**
   * One step of the background build. An organisation whose step fails is set aside for a while, so
   * the others are built meanwhile; it does not count as none left.
   */
  private async buildBitsStep(): Promise<void> {
    const o = typeof this.opts.buildBits === "object" ? this.opts.buildBits : undefined;
    const retryMs = o?.retryFailedMs ?? 600_000;
    const now = Date.now();
    for (const [id, at] of this.bitsFailed) if (now - at >= retryMs) this.bitsFailed.delete(id);
    try {
      const step = await buildResponseBitsStep(this.prisma, o?.stepSize, { only: o?.organizationIds, skip: [...this.bitsFailed.keys()] });
      if (step === "none" && this.bitsFailed.size === 0) this.bitsLeft = false;
      else if (step === "more") this.again = true;
    } catch (error) {
      if (!(error instanceof BitsBuildFailed)) throw error;
      this.bitsFailed.set(error.organizationId, now);
      this.again = true;
      this.opts.onError?.(error);
    }
  }

  /** Stops the timers and applies what is pending. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.sweeper) clearInterval(this.sweeper);
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    while (this.running) await this.running;
    // At once, held back or not: nothing would look again after the close.
    await this.run(true);
  }
}

/**
 * Waits until nothing is pending: applies what it can claim and waits for what another applier
 * holds (its rows stay visible as pending until it commits). For tests, tools and the benchmark.
 */
export async function settleRollups(prisma: PrismaClient, timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    await applyPendingRollups(prisma);
    const [row] = await prisma.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM "RollupPending"`);
    if (!row || row.n === 0) return;
    if (Date.now() > until) throw new Error(`roll-ups not settled after ${timeoutMs} ms: ${row.n} responses pending`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
