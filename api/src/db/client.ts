// The Prisma client over node-postgres (Prisma 7 `prisma-client` generator, no Rust engine).
// Model types come from "../generated/prisma/client.js".
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "../generated/prisma/client.js";

const pools = new WeakMap<PrismaClient, pg.Pool>();

/**
 * A PrismaClient over this pool; `$disconnect()` closes the pool. `namedStatements: false` where
 * the pool's connections share one backend session (the embedded PGlite behind pglite-socket): a
 * statement prepared by name on one connection would already exist for the next.
 */
export function prismaOverPool(pool: pg.Pool, opts: { namedStatements?: boolean } = {}): PrismaClient {
  watchWrites(pool);
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
  if (opts.namedStatements !== false) pools.set(prisma, pool);
  return prisma;
}

/**
 * A PrismaClient backed by its own pg pool of at most `max` connections (default 10).
 * `$disconnect()` closes the pool.
 */
export function createPrisma(
  databaseUrl: string,
  opts?: { max?: number; namedStatements?: boolean; statementTimeoutMs?: number; workMem?: string },
): PrismaClient {
  return prismaOverPool(new pg.Pool(poolConfig(databaseUrl, opts?.max ?? 10, opts?.statementTimeoutMs, opts?.workMem)), {
    namedStatements: opts?.namedStatements,
  });
}

/**
 * The startup option every connection that reads or writes analytics runs with (the pools below, an
 * export's own connection, the benchmark generator): the engine's SQL names UTC days and hours
 * (date_trunc, to_char, day roll-up buckets) and Prisma sends timestamps without a zone, so in a
 * session of another zone (a server's default may be one) its answers would differ from the raw rows'
 * (found by a review: 4,896 of 6,804 cases in a Europe/Helsinki session).
 */
export const utcSession = "-c TimeZone=UTC";

/**
 * The app's pool settings. Connections run with JIT compilation off (a startup option, so it holds
 * from the first statement): the analytics reads are short (a few ms from the roll-ups) but their
 * estimated costs can pass `jit_above_cost`, and compiling then cost 20–750 ms per statement (10 M
 * benchmark: summary p50 35 ms with JIT, 6 ms without; the raw-row aggregates were no slower
 * without it). PGlite has no JIT and ignores the option.
 */
export function poolConfig(databaseUrl: string, max: number, statementTimeoutMs?: number, workMem?: string): pg.PoolConfig {
  // statement_timeout: a pool whose every statement PostgreSQL cancels after that long (the analytics
  // reads' pool, limits/analytics.ts), also a startup option; work_mem likewise (that pool's raw-row
  // aggregates hash a year of answers: limits/analytics.ts analyticsWorkMem).
  const timeout = statementTimeoutMs ? ` -c statement_timeout=${Math.trunc(statementTimeoutMs)}` : "";
  if (workMem !== undefined && !/^\d+(kB|MB)$/.test(workMem)) throw new Error(`work_mem must be like 32MB: ${workMem}`);
  const mem = workMem ? ` -c work_mem=${workMem}` : "";
  return { connectionString: databaseUrl, max, options: `-c jit=off ${utcSession}${timeout}${mem}` };
}

/**
 * The pg pool under a client built by `createPrisma` (or `prismaOverPool` with named statements),
 * for the reads Prisma's raw queries cannot make: several statements in one snapshot on one
 * connection, with the connection's own error handling (analytics/engine.ts countedInServer). Undefined for a transaction's client or one whose connections share a
 * session (the embedded database): the caller then reads through Prisma.
 */
export function poolOf(prisma: PrismaClient): pg.Pool | undefined {
  return pools.get(prisma);
}

/** `derived` (an extension of `base`: `$extends` makes a new client over the same connections) reads through `base`'s pool. */
export function samePool(derived: PrismaClient, base: PrismaClient): void {
  const pool = pools.get(base);
  if (pool) pools.set(derived, pool);
}

/**
 * A hot read as a named prepared statement on the client's pool: PostgreSQL plans it once per
 * connection instead of on every request (planning cost more than running the per-request reads).
 * A client without a known pool (a transaction, one built elsewhere, one whose connections share a
 * session) runs it as a raw query.
 */
export async function queryPrepared<Row>(prisma: PrismaClient, name: string, text: string, values: unknown[]): Promise<Row[]> {
  const pool = pools.get(prisma);
  if (!pool) return prisma.$queryRawUnsafe<Row[]>(text, ...values);
  const result = await pool.query<Row & pg.QueryResultRow>({ name, text, values });
  return result.rows;
}

// ---------------------------------------------------------------------------------------------
// Writes this process sends to the tables behind the cached access data (auth/access-cache.ts).
// PostgreSQL tells every process of such a change (trigger → pg_notify) just after commit; the
// process that wrote also hears of it at once here, so its next request never sees the old data
// while the message is on its way. Only what the triggers watch (the same tables and columns).

const writeListeners = new Set<() => void>();

/** Calls `listener` after each write statement to a table behind the access data; returns the unsubscribe. */
export function onWrite(listener: () => void): () => void {
  writeListeners.add(listener);
  return () => void writeListeners.delete(listener);
}

const accessWrite =
  /^\s*(insert\s+into|update|delete\s+from)\s+(?:"public"\.)?"(User|Membership|UnitRole|Unit|Organization|FeatureSet|ApiKey|Subscription|Touchpoint|Invite|OidcPayload)"/i;
/** Updates of these tables matter only when they set one of these columns (the triggers' UPDATE OF). */
const watchedColumns: Record<string, RegExp> = {
  ApiKey: /"(revokedAt|keyHash|userId|organizationId)"/,
  Touchpoint: /"(name|type|deleted|unitId|organizationId)"/,
};

/** Whether a statement's text writes access data (exported for its test). */
export function writesAccessData(text: string): boolean {
  const match = accessWrite.exec(text);
  if (!match) return false;
  const verb = match[1]!.toLowerCase();
  const table = match[2]!;
  if (table === "OidcPayload") return verb.startsWith("delete");
  const columns = watchedColumns[table];
  if (!columns || verb !== "update") return true;
  const set = text.slice(match[0].length);
  const end = set.search(/\b(where|from|returning)\b/i);
  return columns.test(end < 0 ? set : set.slice(0, end));
}

function watchWrites(pool: pg.Pool): void {
  pool.on("connect", (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const first = args[0] as string | { text?: unknown } | undefined;
      const text = typeof first === "string" ? first : typeof first?.text === "string" ? first.text : "";
      if (writeListeners.size === 0 || !text || !writesAccessData(text)) return query(...args);
      const notify = () => {
        for (const listener of writeListeners) listener();
      };
      // Before the answer reaches the caller: the next thing they do sees the drop. pg.Pool's own
      // query() passes a callback; everything else awaits the promise.
      const last = args.length - 1;
      const callback = args[last];
      if (typeof callback === "function") {
        args[last] = (...results: unknown[]) => {
          notify();
          return (callback as (...r: unknown[]) => unknown)(...results);
        };
        return query(...args);
      }
      const result = query(...args);
      if (!(result instanceof Promise)) return result;
      return result.then(
        (value: unknown) => {
          notify();
          return value;
        },
        (error: unknown) => {
          notify();
          throw error;
        },
      );
    };
  });
}
