// The Prisma client over node-postgres (Prisma 7 `prisma-client` generator, no Rust engine).
// Model types come from "../generated/prisma/client.js".
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "../generated/prisma/client.js";

const pools = new WeakMap<PrismaClient, pg.Pool>();

/**
 * A PrismaClient over this pool; `$disconnect()` closes the pool. Every connection of the pool runs
 * with JIT compilation off: the analytics reads are short (a few ms from the roll-ups) but their
 * estimated costs can pass `jit_above_cost`, and compiling then cost 20–750 ms per statement (10 M
 * benchmark: summary p50 35 ms with JIT, 7.5 ms without; the raw-row aggregates were no slower
 * without it). Queued on the new connection before anything else the pool hands it for.
 */
export function prismaOverPool(pool: pg.Pool): PrismaClient {
  pool.on("connect", (client) => {
    client.query("SET jit = off").catch(() => undefined);
  });
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
  pools.set(prisma, pool);
  return prisma;
}

/**
 * A PrismaClient backed by its own pg pool of at most `max` connections (default 10).
 * `$disconnect()` closes the pool.
 */
export function createPrisma(databaseUrl: string, opts?: { max?: number }): PrismaClient {
  return prismaOverPool(new pg.Pool({ connectionString: databaseUrl, max: opts?.max ?? 10 }));
}

/**
 * A hot read as a named prepared statement on the client's pool: PostgreSQL plans it once per
 * connection instead of on every request (planning cost more than running the per-request reads).
 * A client without a known pool (a transaction, one built elsewhere) runs it as a raw query.
 */
export async function queryPrepared<Row>(prisma: PrismaClient, name: string, text: string, values: unknown[]): Promise<Row[]> {
  const pool = pools.get(prisma);
  if (!pool) return prisma.$queryRawUnsafe<Row[]>(text, ...values);
  const result = await pool.query<Row & pg.QueryResultRow>({ name, text, values });
  return result.rows;
}
