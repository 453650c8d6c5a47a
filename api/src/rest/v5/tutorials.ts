// PUT /api/v5/user/tutorials and GET /api/v5/location (spec 000 §7 "Session and user").
import { z } from "zod";
import { defineRoute } from "./route.js";
import { markTutorialSeen } from "../../domain/users/tutorials.js";
import { getLocation } from "../../domain/users/location.js";

export const tutorialAndLocationRoutes = [
  defineRoute({
    method: "PUT",
    path: "/user/tutorials",
    tag: "Session and user",
    summary: "Remember that the user has seen a tutorial (adding one twice changes nothing)",
    auth: "bearer",
    body: z.object({ tutorialId: z.unknown() }),
    response: z.object({ tutorialsSeen: z.array(z.string()) }),
    handler: async ({ ctx, body }) => markTutorialSeen(ctx, body.tutorialId),
  }),
  defineRoute({
    method: "GET",
    path: "/location",
    tag: "Session and user",
    summary:
      "The caller's country code: the user's, else the organisation's, else the Accept-Language region, else FI; and the first interface language Accept-Language asks for",
    auth: "bearer",
    response: z.object({
      countryCode: z.string().describe("ISO 3166-1 alpha-2"),
      source: z.enum(["user", "organization", "acceptLanguage", "default"]),
      language: z.enum(["en", "es", "fi"]).nullable(),
    }),
    handler: async ({ ctx, request }) => getLocation(ctx, request.headers["accept-language"]),
  }),
];
