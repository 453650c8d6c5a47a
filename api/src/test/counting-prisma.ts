// A Prisma client that counts the SQL statements it sends, for tests and the bench that assert or
// report statements per request.
import pg from "pg";
import type { PrismaClient } from "../generated/prisma/client.js";
import { poolConfig, prismaOverPool } from "../db/client.js";

/**
 * A PrismaClient built like db/client.ts `createPrisma` (a pg pool of `max` connections under
 * @prisma/adapter-pg), whose pool counts every statement its connections send: Prisma's queries,
 * raw queries and the prepared hot reads (`queryPrepared`, which go to the pool past Prisma).
 */
export function createCountingPrisma(
  databaseUrl: string,
  max: number,
  opts: { namedStatements?: boolean } = {},
): { prisma: PrismaClient; statements(): number } {
  let statements = 0;
  const pool = new pg.Pool(poolConfig(databaseUrl, max));
  pool.on("connect", (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      statements++;
      return query(...args);
    };
  });
  return { prisma: prismaOverPool(pool, opts), statements: () => statements };
}
