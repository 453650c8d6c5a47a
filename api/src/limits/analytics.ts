// The analytics reads' limits, one set per api process for GraphQL and REST alike (docs/decisions.md
// "GraphQL"): each caller runs at most GRAPHQL_CALLER_CONCURRENCY analyses at once with
// GRAPHQL_CALLER_QUEUE more waiting, on a pool of their own where PostgreSQL stops a statement
// after ANALYTICS_STATEMENT_TIMEOUT_MS, so one caller never holds up respondents or other
// organisations. The embedded database (PGlite, one backend) has no second pool and no timeout.
import type { PrismaClient } from "../generated/prisma/client.js";
import type { Config } from "../config.js";
import { createPrisma } from "../db/client.js";
import { CallerBudget } from "../graphql/limits.js";

export type AnalyticsLimits = {
  budget: CallerBudget;
  /** the analytics pool's client; undefined: the request's own (embedded mode) */
  analyticsPrisma: PrismaClient | undefined;
  close(): Promise<void>;
};

export function createAnalyticsLimits(config: Config): AnalyticsLimits {
  const analyticsPrisma =
    config.databaseUrl && !config.embedded
      ? createPrisma(config.databaseUrl, { max: config.analytics.poolSize, statementTimeoutMs: config.analytics.statementTimeoutMs })
      : undefined;
  return {
    budget: new CallerBudget(config.graphql.callerConcurrency, config.graphql.callerQueue),
    analyticsPrisma,
    close: async () => {
      await analyticsPrisma?.$disconnect();
    },
  };
}
