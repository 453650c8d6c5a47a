// The outbox (embedded mode): mail the platform would have sent, newest first, so a person trying
// the product without an SMTP server can open verification, reset and invitation links.
//
// It holds everyone's reset and invitation links, so only a signed-in system admin reads it (the
// demo's admin@demo.example is one); anyone else gets 403 (401 without sign-in). It exists only when
// no SMTP_URL is configured and NODE_ENV is not production; otherwise it answers "not found", as if
// it did not exist (docs/decisions.md "Outbox").
import { z } from "zod";
import type { DomainContext } from "../context.js";
import { badInput, forbidden, notFound, unauthenticated } from "../errors.js";
import { parseInput } from "../validation.js";

const outboxMessages = {
  unavailable: "The outbox exists only when no SMTP server is configured",
  systemAdminsOnly: "Only system administrators can read the outbox",
  badCursor: "Invalid cursor",
} as const;

export function outboxAvailable(config: DomainContext["config"]): boolean {
  return !config.smtpUrl && config.env !== "production";
}

export type OutboxMail = {
  id: string;
  kind: string;
  to: string;
  subject: string;
  text: string;
  sentAt: Date | null;
  createdAt: Date;
};

const pageSchema = z.object({
  cursor: z.string().max(200, outboxMessages.badCursor).optional(),
  limit: z.coerce
    .number("Limit must be a number")
    .int("Limit must be a whole number")
    .min(1, "Limit must be at least 1")
    .max(100, "Limit must be at most 100")
    .default(20),
});

// The cursor names the last mail of a page: its creation time and id (ties broken by id).
const encodeCursor = (m: { createdAt: Date; id: string }) => Buffer.from(`${m.createdAt.toISOString()}|${m.id}`).toString("base64url");
function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [iso, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const createdAt = new Date(iso ?? "");
  if (!id || !/^[0-9a-f]{24}$/.test(id) || Number.isNaN(createdAt.getTime())) throw badInput(outboxMessages.badCursor, "cursor");
  return { createdAt, id };
}

export async function listOutbox(ctx: DomainContext, input: unknown): Promise<{ mails: OutboxMail[]; nextCursor: string | null }> {
  if (!outboxAvailable(ctx.config)) throw notFound(outboxMessages.unavailable);
  if (!ctx.viewer) throw unauthenticated();
  if (!ctx.viewer.systemAdmin) throw forbidden(outboxMessages.systemAdminsOnly);
  const { cursor, limit } = parseInput(pageSchema, input);
  const after = cursor ? decodeCursor(cursor) : undefined;
  const rows = await ctx.prisma.mailOutbox.findMany({
    where: {
      channel: "email",
      ...(after ? { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] } : {}),
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit + 1,
    select: { id: true, kind: true, to: true, subject: true, text: true, sentAt: true, createdAt: true },
  });
  const mails = rows.slice(0, limit);
  return { mails, nextCursor: rows.length > limit ? encodeCursor(mails[mails.length - 1]!) : null };
}
