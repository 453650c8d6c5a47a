// The open unsubscribe calls (no sign-in: the signed token, `?token=`, is the proof; rate-limited per
// client address, for invalid tokens only). GET reads what the /unsubscribe page shows and never changes anything; POST
// unsubscribes (again: the same success); POST …/one-click is the RFC 8058 address of the
// List-Unsubscribe header, which takes the form body `List-Unsubscribe=One-Click` (urlencoded or multipart).
import type { FastifyRequest } from "fastify";
import type {} from "@fastify/multipart"; // request.parts() and request.isMultipart()
import { z } from "zod";
import { defineRoute } from "./route.js";
import { unsubscribe, unsubscribeMessages, unsubscribeState } from "../../domain/campaigns/unsubscribe/unsubscribe.js";
import { badInput } from "../../domain/errors.js";
import { isRuleUnsubscribeToken, ruleUnsubscribe, ruleUnsubscribeState } from "../../domain/notifications/unsubscribe.js";
import { digestUnsubscribe, digestUnsubscribeState, isDigestToken } from "../../domain/digest/digest.js";

const stateShape = z.object({
  maskedEmail: z.string().describe("the address with most of it hidden, e.g. j***@e***.com"),
  organizationName: z.string(),
  unsubscribed: z.boolean(),
});
const tokenQuery = z.object({ token: z.string({ message: unsubscribeMessages.invalidToken }).max(600, unsubscribeMessages.invalidToken) });
const errors = { 429: "too many invalid unsubscribe links from this address" } as const;

/** The text fields of a multipart/form-data body (files are skipped). */
async function multipartFields(request: FastifyRequest): Promise<Record<string, string>> {
  const fields: Record<string, string> = Object.create(null);
  for await (const part of request.parts()) {
    if (part.type === "field") fields[part.fieldname] = String(part.value);
    else part.file.resume();
  }
  return fields;
}

export const unsubscribeRoutes = [
  defineRoute({
    method: "GET",
    path: "/unsubscribe",
    summary: "Whose subscription a link is (masked address, organisation) and whether it is already unsubscribed; changes nothing",
    tag: "Campaigns",
    auth: "none",
    errors,
    query: tokenQuery,
    response: stateShape,
    handler: ({ ctx, query, request }) =>
      isDigestToken(query.token)
        ? digestUnsubscribeState(ctx, query.token)
        : isRuleUnsubscribeToken(query.token)
          ? ruleUnsubscribeState(ctx, query.token, { clientAddress: request.ip })
          : unsubscribeState(ctx, query.token, { clientAddress: request.ip }),
  }),
  defineRoute({
    method: "POST",
    path: "/unsubscribe",
    summary:
      "Unsubscribe the link's address from the organisation's campaign messages (its block list); for a notification alert's link, from that one rule; for a weekly digest's link, the digest off. A second call answers the same",
    tag: "Campaigns",
    auth: "none",
    errors,
    query: tokenQuery,
    response: stateShape.extend({ message: z.string() }),
    handler: ({ ctx, query, request }) =>
      isDigestToken(query.token)
        ? digestUnsubscribe(ctx, query.token)
        : isRuleUnsubscribeToken(query.token)
          ? ruleUnsubscribe(ctx, query.token, { clientAddress: request.ip })
          : unsubscribe(ctx, query.token, { clientAddress: request.ip }),
  }),
  defineRoute({
    method: "POST",
    path: "/unsubscribe/one-click",
    summary: "RFC 8058 one-click unsubscribe (the List-Unsubscribe address): a POST whose form body is List-Unsubscribe=One-Click",
    tag: "Campaigns",
    auth: "none",
    errors,
    query: tokenQuery,
    body: z.unknown(),
    response: z.object({ message: z.string() }),
    handler: async ({ ctx, query, body, request }) => {
      // RFC 8058 allows the form as application/x-www-form-urlencoded or multipart/form-data.
      const form: Record<string, unknown> = request.isMultipart()
        ? await multipartFields(request)
        : body && typeof body === "object"
          ? (body as Record<string, unknown>)
          : {};
      if (form["List-Unsubscribe"] !== "One-Click") throw badInput(unsubscribeMessages.oneClickBody);
      const done = isRuleUnsubscribeToken(query.token)
        ? await ruleUnsubscribe(ctx, query.token, { clientAddress: request.ip })
        : await unsubscribe(ctx, query.token, { clientAddress: request.ip });
      return { message: done.message };
    },
  }),
];
