// A Prisma client that counts the SQL statements it sends, for tests and the bench that assert or
// report statements per request.
import pg from "pg";
import type { PrismaClient } from "../generated/prisma/client.js";
import { poolConfig, prismaOverPool } from "../db/client.js";

/** A statement a connection was asked to run, with its values. */
export type SentStatement = { text: string; values: unknown[] };

/**
 * A PrismaClient built like db/client.ts `createPrisma` (a pg pool of `max` connections under
 * @prisma/adapter-pg), whose pool counts every statement its connections send: Prisma's queries,
 * raw queries and the prepared hot reads (`queryPrepared`, which go to the pool past Prisma).
 * With `record`, it also keeps each statement's text and values (`sent`), for tests that plan them.
 */
export function createCountingPrisma(
  databaseUrl: string,
  max: number,
  opts: { namedStatements?: boolean; record?: boolean } = {},
): { prisma: PrismaClient; statements(): number; sent: SentStatement[] } {
  let statements = 0;
  const sent: SentStatement[] = [];
  const pool = new pg.Pool(poolConfig(databaseUrl, max));
  pool.on("connect", (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      statements++;
      if (opts.record) {
        const [first, second] = args as [unknown, unknown];
        if (typeof first === "string") sent.push({ text: first, values: Array.isArray(second) ? second : [] });
        else if (first && typeof first === "object" && "text" in first) {
          const config = first as { text: string; values?: unknown[] };
          sent.push({ text: String(config.text), values: config.values ?? [] });
        }
      }
      return query(...args);
    };
  });
  return { prisma: prismaOverPool(pool, opts), statements: () => statements, sent };
}
