// The organisation's response limit (Organization.responseLimit; null = no limit), counted per
// calendar month in UTC by the response's time (createdAt). The month's count is read from the
// database when first needed and again every `refreshMs` (30 s: other api processes' responses
// show up then), and kept up to date in memory in between: a submission reserves one before it is
// stored and gives it back if it was not stored (a duplicate or an error). Within one process the
// limit is therefore exact; across several it may be passed by what they store within one refresh.
import type { PrismaClient } from "../../generated/prisma/client.js";
import { DomainError } from "../errors.js";

export const responseLimitMessage = "Response limit exceeded";

export function monthStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
}

type Entry = { month: number; count: number; refreshedAt: number; loading?: Promise<void> };

export class ResponseLimiter {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly prisma: PrismaClient,
    private readonly refreshMs = 30_000,
  ) {}

  /** Reserves one response of this month; throws "Response limit exceeded" when none is left. */
  async reserve(organizationId: string, limit: number | null, now = new Date()): Promise<() => void> {
    if (limit === null) return () => {};
    const entry = await this.current(organizationId, now);
    if (entry.count >= limit) throw new DomainError("FORBIDDEN", responseLimitMessage);
    entry.count++;
    let released = false;
    return () => {
      if (!released) entry.count--;
      released = true;
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
          `SELECT count(*) AS n FROM "Response" WHERE "organizationId" = $1 AND "createdAt" >= $2::timestamptz`,
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
