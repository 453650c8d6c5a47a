// The weekly digest's unsubscribe link (no sign-in: the signed token is the proof). GET is the link
// in the mail (a click turns the digest off, as the legacy link did); POST is the RFC 8058 one-click
// address of the List-Unsubscribe header. docs/digest.md.
import { z } from "zod";
import { defineRoute } from "./route.js";
import { unsubscribeFromDigest } from "../../domain/digest/digest.js";

const query = z.object({ token: z.string().max(300).optional() });
const response = z.object({ message: z.string().describe("You will no longer receive the weekly report") });

export const digestRoutes = [
  defineRoute({
    method: "GET",
    path: "/weekly-digest/unsubscribe",
    summary: "Turn the weekly digest off for the user the signed token names (receive_digest false); again: the same answer",
    tag: "User",
    auth: "none",
    query,
    response,
    handler: ({ ctx, query }) => unsubscribeFromDigest(ctx, query.token),
  }),
  defineRoute({
    method: "POST",
    path: "/weekly-digest/unsubscribe",
    summary: "RFC 8058 one-click: the same as GET, for the List-Unsubscribe header",
    tag: "User",
    auth: "none",
    query,
    body: z.unknown(),
    response,
    handler: ({ ctx, query }) => unsubscribeFromDigest(ctx, query.token),
  }),
];
