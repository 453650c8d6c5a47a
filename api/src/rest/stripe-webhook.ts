// POST /api/v5/stripe/webhook: the payment provider's events (domain/billing/webhooks.ts). Its own
// plugin keeps the body raw (the signature covers the exact bytes); 400 for a bad signature, 409
// without a payment provider, 500 when applying failed (the provider then delivers it again).
import type { FastifyInstance } from "fastify";
import type { PrismaClient } from "../generated/prisma/client.js";
import type { Config } from "../config.js";
import { errorReply } from "./v5/route.js";
import { handleEvent, verifyEvent } from "../domain/billing/webhooks.js";

export const stripeWebhookPath = "/api/v5/stripe/webhook";

export async function registerStripeWebhook(app: FastifyInstance, deps: { prisma: PrismaClient; config: Config }): Promise<void> {
  await app.register(async (hooks) => {
    hooks.removeAllContentTypeParsers();
    hooks.addContentTypeParser("*", { parseAs: "string", bodyLimit: 1_048_576 }, (_request, body, done) => done(null, body));
    hooks.post(stripeWebhookPath, async (request, reply) => {
      try {
        const raw = typeof request.body === "string" ? request.body : "";
        const signature = request.headers["stripe-signature"];
        const event = verifyEvent(deps.config, raw, typeof signature === "string" ? signature : undefined);
        return reply.send(await handleEvent(deps.prisma, deps.config, event));
      } catch (error) {
        const { status, body } = errorReply(error);
        if (status >= 500) request.log.error({ err: error }, "stripe webhook failed");
        return reply.status(status).send(body);
      }
    });
  });
}
