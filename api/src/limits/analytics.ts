// The analytics reads' limits, one set per api process for GraphQL and REST alike (docs/decisions.md
// "GraphQL"): each caller runs at most GRAPHQL_CALLER_CONCURRENCY analyses at once with
// GRAPHQL_CALLER_QUEUE more waiting, on a pool of their own where PostgreSQL stops a statement
// after ANALYTICS_STATEMENT_TIMEOUT_MS, so one caller never holds up respondents or other
// organisations. The embedded database (PGlite, one backend) has no second pool and no timeout.
import type { PrismaClient } from "../generated/prisma/client.js";
import type { Config } from "../config.js";
import { createPrisma } from "../db/client.js";
import type { Viewer } from "../domain/viewer.js";
import { DomainError } from "../domain/errors.js";

export type AnalyticsLimits = {
  budget: CallerBudget;
  /** the analytics pool's client; undefined: the request's own (embedded mode) */
  analyticsPrisma: PrismaClient | undefined;
  close(): Promise<void>;
};

/**
 * work_mem of the analytics pool's connections. The raw path (engine.ts) joins a window's answers
 * of a question to their responses by hash: with PostgreSQL's default 4 MB a year of one NPS
 * question at 1 M responses (290,000 answers) spilled to disk in 8 batches; with 32 MB it does not,
 * and the query took 1,258 ms instead of 1,765 ms (same run, docs/analytics.md "Storage and the raw
 * path"). At most pool size × (1 + 2 parallel workers) × 32 MB per hash or sort node.
 */
export const analyticsWorkMem = "32MB";

export function createAnalyticsLimits(config: Config): AnalyticsLimits {
  const analyticsPrisma =
    config.databaseUrl && !config.embedded
      ? // On a streaming replica when DATABASE_REPLICA_URL names one (docs/decisions.md "Scale-out").
        createPrisma(config.databaseReplicaUrl ?? config.databaseUrl, {
          max: config.analytics.poolSize,
          statementTimeoutMs: config.analytics.statementTimeoutMs,
          workMem: analyticsWorkMem,
        })
      : undefined;
  return {
    budget: new CallerBudget(config.graphql.callerConcurrency, config.graphql.callerQueue),
    analyticsPrisma,
    close: async () => {
      await analyticsPrisma?.$disconnect();
    },
  };
}

/** The budget's refusal: 429 over REST, TOO_MANY_REQUESTS in GraphQL (graphql/yoga.ts). */
const tooManyRequests = () =>
  new DomainError("RATE_LIMITED", "Too many analytics requests at once from you: wait for the ones running to finish, then try again.");

/**
 * At most `concurrency` pieces of work at once per caller, at most `queue` more waiting (in order);
 * beyond that `run` refuses (tooManyRequests). In memory: each api process keeps its own.
 */
export class CallerBudget {
  private readonly callers = new Map<string, { running: number; waiting: (() => void)[] }>();

  constructor(
    readonly concurrency: number,
    readonly queue: number,
  ) {}

  async run<T>(caller: string, work: () => Promise<T>): Promise<T> {
    let state = this.callers.get(caller);
    if (!state) this.callers.set(caller, (state = { running: 0, waiting: [] }));
    if (state.running < this.concurrency) {
      state.running++;
    } else {
      if (state.waiting.length >= this.queue) throw tooManyRequests();
      const s = state;
      // The slot is handed over by the finishing work (running stays counted).
      await new Promise<void>((resolve) => s.waiting.push(resolve));
    }
    try {
      return await work();
    } finally {
      const next = state.waiting.shift();
      if (next) next();
      else if (--state.running === 0) this.callers.delete(caller);
    }
  }

  /** Work running and waiting for this caller. */
  load(caller: string): { running: number; waiting: number } {
    const state = this.callers.get(caller);
    return { running: state?.running ?? 0, waiting: state?.waiting.length ?? 0 };
  }
}

/** The budget key: the signed-in user (every token and API key of theirs), else the client's address. */
export function callerKey(viewer: Viewer | null, address: string | undefined): string {
  return viewer ? `user:${viewer.userId}` : `address:${address ?? "unknown"}`;
}

/** PostgreSQL's "canceling statement due to statement timeout" (57014), however the driver wrapped it. */
export function isStatementTimeout(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 6) return false;
  const e = error as { code?: unknown; originalCode?: unknown; message?: unknown; cause?: unknown; meta?: unknown; originalError?: unknown };
  if (e.code === "57014" || e.originalCode === "57014") return true;
  if (typeof e.message === "string" && /canceling statement due to statement timeout/.test(e.message)) return true;
  return [e.cause, e.meta, e.originalError, (e.meta as { driverAdapterError?: unknown } | undefined)?.driverAdapterError].some(
    (inner) => inner !== error && isStatementTimeout(inner, depth + 1),
  );
}

/** An analysis PostgreSQL stopped at the statement timeout: 503 over REST, ANALYTICS_TIMEOUT in GraphQL. */
export const analysisTimedOut = () =>
  new DomainError("ANALYTICS_TIMEOUT", "This analysis took too long and was stopped. Narrow the filters (a shorter period or fewer surveys) and try again.");

/** Runs an analysis under the caller's budget; a statement timeout becomes analysisTimedOut(). */
export async function runAnalysis<T>(limits: Pick<AnalyticsLimits, "budget">, caller: string, work: () => Promise<T>): Promise<T> {
  try {
    return await limits.budget.run(caller, work);
  } catch (error) {
    if (isStatementTimeout(error)) throw analysisTimedOut();
    throw error;
  }
}
