// The touchpoint read behind the public `GET /r/{touchpointId}/widget-settings` (docs/widget.md):
// no sign-in, so no tenancy to apply; only a live (not deleted) website touchpoint answers.
import type { PrismaClient } from "../../generated/prisma/client.js";

const idPattern = /^[0-9a-f]{24}$/;

export type WidgetTouchpoint = { id: string; activeSurveyId: string | null; settings: unknown };

/** A live website touchpoint by its id, or null (a malformed id reads nothing). */
export async function findWidgetTouchpoint(prisma: Pick<PrismaClient, "touchpoint">, touchpointId: string): Promise<WidgetTouchpoint | null> {
  if (!idPattern.test(touchpointId)) return null;
  return prisma.touchpoint.findFirst({
    where: { id: touchpointId, type: "website", deleted: false },
    select: { id: true, activeSurveyId: true, settings: true },
  });
}
