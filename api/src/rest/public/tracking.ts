// A campaign message's open routes (no sign-in; the unguessable token of the record is the key):
// - GET /r/m/{token}/open.gif   the tracking pixel: OPENED, always answers the 1×1 GIF, never cached
// - GET /r/m/{token}            the survey link in the message: CLICKED, then 302 to the personal
//                               survey address (/s/{touchpointId}?m={token}), whose response makes it RESPONDED
// Unknown tokens get the same pixel, and the click a 404: nothing tells one organisation's tokens from another's.
import type { FastifyInstance } from "fastify";
import type { PrismaClient } from "../../generated/prisma/client.js";
import { trackByToken } from "../../domain/campaigns/sending/status.js";
import { personalSurveyUrl } from "../../domain/campaigns/sending/run.js";

export const openPixel = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

export async function registerTrackingRoutes(app: FastifyInstance, deps: { prisma: PrismaClient; publicUrl: string }): Promise<void> {
  app.get<{ Params: { token: string } }>("/r/m/:token/open.gif", async (request, reply) => {
    await trackByToken(deps.prisma, request.params.token, "OPENED").catch((error: unknown) => request.log.warn({ err: error }, "open not recorded"));
    return reply.header("content-type", "image/gif").header("cache-control", "no-store, max-age=0").send(openPixel);
  });
  app.get<{ Params: { token: string } }>("/r/m/:token", async (request, reply) => {
    const record = await trackByToken(deps.prisma, request.params.token, "CLICKED");
    if (!record?.touchpointId) return reply.status(404).header("cache-control", "no-store").send({ error: "This link is not valid" });
    return reply.header("cache-control", "no-store").redirect(personalSurveyUrl({ publicUrl: deps.publicUrl }, record.touchpointId, request.params.token), 302);
  });
}
