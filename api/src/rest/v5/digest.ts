// The weekly digest's RFC 8058 one-click address (the List-Unsubscribe header; no sign-in: the signed
// token is the proof). The link a person clicks opens the web's /unsubscribe page instead, which
// shows whose digest it is and turns it off on a click (rest/v5/unsubscribe.ts): a mail scanner that
// opens every link turns nothing off. docs/digest.md.
import { z } from "zod";
import { defineRoute } from "./route.js";
import { unsubscribeFromDigest } from "../../domain/digest/digest.js";

const query = z.object({ token: z.string().max(300).optional() });
const response = z.object({ message: z.string().describe("You will no longer receive the weekly report") });

export const digestRoutes = [
  defineRoute({
    method: "POST",
    path: "/weekly-digest/unsubscribe",
    summary: "RFC 8058 one-click (the List-Unsubscribe header): turns the weekly digest off for the user the signed token names; again: the same answer",
    tag: "User",
    auth: "none",
    query,
    body: z.unknown(),
    response,
    handler: ({ ctx, query }) => unsubscribeFromDigest(ctx, query.token),
  }),
];
