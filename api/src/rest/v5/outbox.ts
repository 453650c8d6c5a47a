// GET /api/v5/outbox: mail kept instead of sent when no SMTP server is configured (embedded mode),
// newest first, paged by cursor. For signed-in system admins only (it shows everyone's reset and
// invitation links); it answers 404 whenever SMTP_URL is set or NODE_ENV=production (see
// api/src/domain/mail/outbox.ts).
import { z } from "zod";
import { defineRoute } from "./route.js";
import { listOutbox } from "../../domain/mail/outbox.js";

export const outboxRoutes = [
  defineRoute({
    method: "GET",
    path: "/outbox",
    errors: { 404: "there is no outbox: mail is sent (SMTP_URL set) or NODE_ENV is production" },
    summary: "Mail kept in the outbox (only without SMTP_URL, outside production; system admins only), newest first, paged by cursor",
    tag: "Outbox",
    auth: "bearer",
    query: z.object({ cursor: z.string().optional(), limit: z.string().optional() }),
    response: z.object({
      items: z.array(
        z.object({
          _id: z.string(),
          kind: z.string(),
          to: z.string(),
          subject: z.string(),
          text: z.string(),
          sentAt: z.string().nullable(),
          createdAt: z.string(),
        }),
      ),
      nextCursor: z.string().nullable(),
    }),
    handler: async ({ ctx, query }) => {
      const page = await listOutbox(ctx, query);
      return {
        items: page.mails.map((m) => ({
          _id: m.id,
          kind: m.kind,
          to: m.to,
          subject: m.subject,
          text: m.text,
          sentAt: m.sentAt?.toISOString() ?? null,
          createdAt: m.createdAt.toISOString(),
        })),
        nextCursor: page.nextCursor,
      };
    },
  }),
];
