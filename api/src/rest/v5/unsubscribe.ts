// The open unsubscribe calls (no sign-in: the signed token in the path is the proof; rate-limited per
// client address). GET reads what the /unsubscribe page shows and never changes anything; POST
// unsubscribes (again: the same success); POST …/one-click is the RFC 8058 address of the
// List-Unsubscribe header, which takes the form body `List-Unsubscribe=One-Click`.
import { z } from "zod";
import { defineRoute } from "./route.js";
import { unsubscribe, unsubscribeMessages, unsubscribeState } from "../../domain/campaigns/unsubscribe/unsubscribe.js";
import { badInput } from "../../domain/errors.js";

const stateShape = z.object({
  maskedEmail: z.string().describe("the address with most of it hidden, e.g. j***@e***.com"),
  organizationName: z.string(),
  unsubscribed: z.boolean(),
});
const tokenParams = z.object({ token: z.string().max(600) });
const errors = { 429: "too many unsubscribe calls from this address" } as const;

export const unsubscribeRoutes = [
  defineRoute({
    method: "GET",
    path: "/unsubscribe/{token}",
    summary: "Whose subscription a link is (masked address, organisation) and whether it is already unsubscribed; changes nothing",
    tag: "Campaigns",
    auth: "none",
    errors,
    params: tokenParams,
    response: stateShape,
    handler: ({ ctx, params, request }) => unsubscribeState(ctx, params.token, { clientAddress: request.ip }),
  }),
  defineRoute({
    method: "POST",
    path: "/unsubscribe/{token}",
    summary: "Unsubscribe the link's address from the organisation's campaign messages (its block list); a second call answers the same",
    tag: "Campaigns",
    auth: "none",
    errors,
    params: tokenParams,
    response: stateShape.extend({ message: z.string() }),
    handler: ({ ctx, params, request }) => unsubscribe(ctx, params.token, { clientAddress: request.ip }),
  }),
  defineRoute({
    method: "POST",
    path: "/unsubscribe/{token}/one-click",
    summary: "RFC 8058 one-click unsubscribe (the List-Unsubscribe address): a POST whose form body is List-Unsubscribe=One-Click",
    tag: "Campaigns",
    auth: "none",
    errors,
    params: tokenParams,
    body: z.unknown(),
    response: z.object({ message: z.string() }),
    handler: async ({ ctx, params, body, request }) => {
      const form = body && typeof body === "object" ? (body as Record<string, unknown>) : {};
      if (form["List-Unsubscribe"] !== "One-Click") throw badInput(unsubscribeMessages.oneClickBody);
      const done = await unsubscribe(ctx, params.token, { clientAddress: request.ip });
      return { message: done.message };
    },
  }),
];
