// The embeddable website widget's public calls, loaded from customers' sites (docs/widget.md):
// - GET /widget.js                          the script (built by `npm run build:web` to dist/widget/)
// - GET /r/{touchpointId}/widget-settings   the activation's settings with every default applied
// Both are open to every origin (CORS `*`, no credentials) and cached briefly.
import { createHash } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { FastifyInstance } from "fastify";
import type { PrismaClient } from "../../generated/prisma/client.js";
import { widgetSettingsFor } from "@feedback/shared/website-settings";
import { findWidgetTouchpoint } from "../../domain/touchpoints/widget-touchpoint.js";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");
const defaultWidgetFile = path.join(repoRoot, "dist/widget/widget.js");

/** Settings are cached at most this long (seconds), less when an active-period bound is nearer. */
const settingsMaxAge = 60;
/** The script's address never changes, so it is revalidated (ETag) after five minutes. */
const scriptMaxAge = 300;

function secondsUntilNextBound(activeTime: { from?: unknown; to?: unknown } | undefined, now: number): number {
  let next = settingsMaxAge;
  for (const bound of [activeTime?.from, activeTime?.to]) {
    if (typeof bound !== "string") continue;
    const t = Date.parse(bound);
    if (Number.isFinite(t) && t > now) next = Math.min(next, Math.ceil((t - now) / 1000));
  }
  return Math.max(0, next);
}

export async function registerWidgetRoutes(app: FastifyInstance, deps: { prisma: PrismaClient; widgetFile?: string; now?: () => Date }): Promise<void> {
  const widgetFile = deps.widgetFile ?? defaultWidgetFile;
  const clock = deps.now ?? (() => new Date());

  app.options("/r/:touchpointId/widget-settings", async (_request, reply) =>
    reply
      .status(204)
      .header("access-control-allow-origin", "*")
      .header("access-control-allow-methods", "GET, OPTIONS")
      .header("access-control-max-age", "86400")
      .send(),
  );

  app.get<{ Params: { touchpointId: string } }>("/r/:touchpointId/widget-settings", async (request, reply) => {
    reply.header("access-control-allow-origin", "*").header("vary", "origin");
    const { touchpointId } = request.params;
    const touchpoint = await findWidgetTouchpoint(deps.prisma, touchpointId);
    if (!touchpoint) {
      return reply.status(404).header("cache-control", `public, max-age=${settingsMaxAge}`).send({ error: "No such website touchpoint" });
    }
    const now = clock();
    const settings = widgetSettingsFor(touchpoint, now);
    const stored = (touchpoint.settings as { website?: { state?: { activeTime?: { from?: unknown; to?: unknown } } } } | null)?.website;
    const maxAge = secondsUntilNextBound(stored?.state?.activeTime, now.getTime());
    return reply.header("cache-control", maxAge > 0 ? `public, max-age=${maxAge}` : "no-cache").send(settings);
  });

  let cached: { mtimeMs: number; body: Buffer; etag: string } | undefined;
  app.get("/widget.js", async (request, reply) => {
    reply.header("access-control-allow-origin", "*").header("cross-origin-resource-policy", "cross-origin");
    let info: Awaited<ReturnType<typeof stat>>;
    try {
      info = await stat(widgetFile);
    } catch {
      return reply.status(404).header("cache-control", "no-store").send({ error: "The widget is not built: run npm run build:web" });
    }
    if (!cached || cached.mtimeMs !== info.mtimeMs) {
      const body = await readFile(widgetFile);
      cached = { mtimeMs: info.mtimeMs, body, etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 22)}"` };
    }
    reply.header("cache-control", `public, max-age=${scriptMaxAge}`).header("etag", cached.etag);
    if (request.headers["if-none-match"] === cached.etag) return reply.status(304).send();
    return reply.type("text/javascript; charset=utf-8").send(cached.body);
  });
}
