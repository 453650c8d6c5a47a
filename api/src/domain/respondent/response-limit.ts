// The organisation's response limit (Organization.responseLimit; null = no limit), counted per
// calendar month in UTC by the response's time (createdAt). Nothing a respondent sends is lost:
// a response beyond the limit is stored with "overLimit" set, and every results-like read leaves
// it out (results-scope/response-scope.ts, the roll-ups), where the results say "Response limit exceeded (some
// responses not shown)" (`overLimitNotice`). Raising the limit later does not show them: the
// limit of the month they arrived in decides (docs/decisions.md). The month's count is read from the
// database when first needed and again every `refreshMs` (30 s: other api processes' responses
// show up then), and kept up to date in memory in between: a submission reserves one before it is
// stored and gives it back if it was not stored (a duplicate or an error). Within one process the
// limit is therefore exact; across several it may be passed by what they store within one refresh.
import type { PrismaClient } from "../../generated/prisma/client.js";
import { createdSince } from "../answers/answer-hours.js";

export const responseLimitMessage = "Response limit exceeded (some responses not shown)";

function monthStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
}

type Entry = { month: number; count: number; refreshedAt: number; loading?: Promise<void> };

export class ResponseLimiter {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly prisma: PrismaClient,
    private readonly refreshMs = 30_000,
  ) {}

  /**
   * Reserves one response of this month: `overLimit` is true when the month's limit is used up
   * (the response is then stored over the limit); `release` gives the place back when nothing was stored.
   */
  async reserve(organizationId: string, limit: number | null, now = new Date()): Promise<{ overLimit: boolean; release: () => void }> {
    if (limit === null) return { overLimit: false, release: () => {} };
    const entry = await this.current(organizationId, now);
    const overLimit = entry.count >= limit;
    entry.count++;
    let released = false;
    return {
      overLimit,
      release: () => {
        if (!released) entry.count--;
        released = true;
      },
    };
  }

  private async current(organizationId: string, now: Date): Promise<Entry> {
    const month = monthStart(now).getTime();
    let entry = this.entries.get(organizationId);
    if (!entry || entry.month !== month) {
      entry = { month, count: 0, refreshedAt: 0 };
      this.entries.set(organizationId, entry);
    }
    if (Date.now() - entry.refreshedAt > this.refreshMs) {
      const e = entry;
      e.loading ??= this.prisma
        .$queryRawUnsafe<{ n: bigint }[]>(
          `SELECT count(*) AS n FROM "Response" r WHERE r."organizationId" = $1 AND ${createdSince("r", "$2::timestamptz")}`,
          organizationId,
          new Date(month).toISOString(),
        )
        .then((rows) => {
          e.count = Math.max(e.count, Number(rows[0]?.n ?? 0));
          e.refreshedAt = Date.now();
        })
        .finally(() => (e.loading = undefined));
      await e.loading;
    }
    return entry;
  }
}

/**
 * The results notice (spec 001 §8): "Response limit exceeded (some responses not shown)" when the
 * organisation has responses over its limit in [from, to), else null.
 */
export async function overLimitNotice(prisma: PrismaClient, organizationId: string, from: Date, to: Date): Promise<string | null> {
  const rows = await prisma.$queryRawUnsafe<{ found: boolean }[]>(
    `SELECT EXISTS (SELECT 1 FROM "Response" WHERE "organizationId" = $1 AND "overLimit" AND "createdAt" >= $2::timestamptz AND "createdAt" < $3::timestamptz) AS found`,
    organizationId,
    from.toISOString(),
    to.toISOString(),
  );
  return rows[0]?.found ? responseLimitMessage : null;
}
