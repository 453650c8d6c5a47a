// The Prisma client over node-postgres (Prisma 7 `prisma-client` generator, no Rust engine).
// Model types come from "../generated/prisma/client.js".
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "../generated/prisma/client.js";

/**
 * A PrismaClient backed by its own pg pool of at most `max` connections (default 10).
 * `$disconnect()` closes the pool.
 */
export function createPrisma(databaseUrl: string, opts?: { max?: number }): PrismaClient {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: opts?.max ?? 10 });
  const adapter = new PrismaPg(pool, { disposeExternalPool: true });
  return new PrismaClient({ adapter });
}
