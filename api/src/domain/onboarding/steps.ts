// The onboarding steps the services set as facts (spec 000 §4: createdSurvey, launchedSurvey,
// collectedResponses, analyzedResponses, 25 % each; complete-step.ts has the one the client marks):
// - createdSurvey: the survey service, for the user who creates a survey (surveys/surveys.ts);
// - launchedSurvey: the first launch of any kind by the user: a touchpoint created or changed with
//   an active survey (terminal, link, QR code, website activation, campaign) (`markLaunchedSurvey`);
// - collectedResponses: the first response stored in an organisation, for every member of it (the
//   responses belong to the organisation, not to one person); set by the response counters' flush
//   (respondent/counters.ts → `markCollectedResponses`).
// Each sets a flag that never goes back, and announces "user:updated" so open screens refresh.
import type { PrismaClient } from "../../generated/prisma/client.js";
import type { DomainContext } from "../context.js";
import type { EventBus } from "../../pubsub/bus.js";

/** Sets launchedSurvey for the signed-in user (idempotent). */
export async function markLaunchedSurvey(ctx: DomainContext): Promise<void> {
  const userId = ctx.viewer?.userId;
  if (!userId) return;
  const updated = await ctx.prisma.user.updateMany({ where: { id: userId, onboardingLaunchedSurvey: false }, data: { onboardingLaunchedSurvey: true } });
  if (updated.count > 0) ctx.bus.publish("user:updated", userId, { userId });
}

/**
 * Sets collectedResponses for every member of these organisations who has not got it yet; answers
 * the users changed. `done` remembers organisations already handled in this process, so a busy
 * organisation costs one statement, not one per flush.
 */
export async function markCollectedResponses(prisma: PrismaClient, bus: EventBus, organizationIds: readonly string[], done?: Set<string>): Promise<string[]> {
  const ids = organizationIds.filter((id) => !done?.has(id));
  if (ids.length === 0) return [];
  const rows = await prisma.$queryRawUnsafe<{ id: string }[]>(
    `UPDATE "User" u SET "onboardingCollectedResponses" = true
      WHERE NOT u."onboardingCollectedResponses"
        AND EXISTS (SELECT 1 FROM "Membership" m WHERE m."userId" = u."id" AND m."organizationId" = ANY($1::text[]))
      RETURNING u."id"`,
    ids,
  );
  for (const id of ids) done?.add(id);
  for (const r of rows) bus.publish("user:updated", r.id, { userId: r.id });
  return rows.map((r) => r.id);
}
