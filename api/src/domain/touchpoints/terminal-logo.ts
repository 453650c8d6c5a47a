// A terminal's custom logo (spec 001 §3 "Terminal extras: … custom logo"): set by upload, removed
// with `deleteLogo`. The image passes the organisation logo's checks (domain/organization/logo.ts:
// PNG, JPEG, SVG or WebP by content, at most 1 MB, no active SVG content) and is stored in
// TouchpointLogo. The kiosk shows it instead of the organisation's logo; it is served without
// sign-in at /r/{touchpointId}/logo (the kiosk has no session; a logo is shown to every respondent
// anyway). Setting it needs editTouchpoints in the terminal's unit and the plan's organizationLogo
// feature (the spec's one logo feature); removing it needs editTouchpoints only.
import type { PrismaClient } from "../../generated/prisma/client.js";
import type { DomainContext } from "../context.js";
import { badInput, notFound } from "../errors.js";
import { requireFeature } from "../features/features.js";
import { checkLogoImage, logoMessages } from "../organization/logo.js";
import { requireOnObject } from "../../permissions/access.js";
import { getTouchpoint, touchpointSelect, type TouchpointRow } from "./touchpoints.js";

export const terminalLogoMessages = {
  onlyTerminals: "Only terminals have a custom logo",
} as const;

/** The public address of a terminal's logo; `v` changes with every upload so caches follow. */
const terminalLogoUrl = (touchpointId: string, updatedAt: Date) => `/r/${touchpointId}/logo?v=${updatedAt.getTime()}`;

export async function setTerminalLogo(
  ctx: DomainContext,
  touchpointId: string,
  file: { data: Uint8Array | null; truncated?: boolean },
): Promise<TouchpointRow> {
  const row = await getTouchpoint(ctx, touchpointId);
  await requireOnObject(ctx, "editTouchpoints", "Touchpoint", row.id);
  if (row.type !== "terminal") throw badInput(terminalLogoMessages.onlyTerminals, "id");
  await requireFeature(ctx, "organizationLogo");
  const { contentType, data } = checkLogoImage(file);
  return ctx.prisma.$transaction(async (tx) => {
    const saved = await tx.touchpointLogo.upsert({
      where: { touchpointId: row.id },
      create: { touchpointId: row.id, organizationId: row.organizationId, contentType, data },
      update: { contentType, data },
      select: { updatedAt: true },
    });
    // updatedAt moves too: the terminal's next heartbeat asks it to reload and show the new logo.
    return tx.touchpoint.update({ where: { id: row.id }, data: { logoUrl: terminalLogoUrl(row.id, saved.updatedAt) }, select: touchpointSelect });
  });
}

/** The logo image for respondents (no sign-in): a live terminal's own logo, else "No logo" (404). */
export async function publicTerminalLogo(prisma: PrismaClient, touchpointId: string): Promise<{ contentType: string; data: Uint8Array; updatedAt: Date }> {
  const logo = await prisma.touchpointLogo.findFirst({
    where: { touchpointId, touchpoint: { deleted: false, type: "terminal" } },
    select: { contentType: true, data: true, updatedAt: true },
  });
  if (!logo) throw notFound(logoMessages.none);
  return logo;
}
