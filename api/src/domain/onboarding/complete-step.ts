// Onboarding progress (spec 000 §4: four steps of 25 %). The steps are facts about the user's work:
// - createdSurvey: set by the survey service when the user creates a survey;
// - launchedSurvey, collectedResponses: set by the services doing the work (onboarding/steps.ts);
// - analyzedResponses: set here, when the user opens /results (the web calls completeOnboardingStep).
// Only analyzedResponses may be marked by the client; the others would be claims, not facts.
import { z } from "zod";
import type { DomainContext } from "../context.js";
import { requireViewer } from "../viewer.js";
import { parseInput } from "../validation.js";

export const clientOnboardingSteps = ["analyzedResponses"] as const;
export type ClientOnboardingStep = (typeof clientOnboardingSteps)[number];

const stepSchema = z.enum(clientOnboardingSteps, { message: "Only the step analyzedResponses can be completed this way" });

/** Marks a step done for the signed-in user (idempotent). */
export async function completeOnboardingStep(ctx: DomainContext, step: unknown): Promise<void> {
  const viewer = requireViewer(ctx.viewer);
  const parsed = parseInput(stepSchema, step);
  const column = { analyzedResponses: "onboardingAnalyzedResponses" } as const satisfies Record<ClientOnboardingStep, string>;
  const updated = await ctx.prisma.user.updateMany({
    where: { id: viewer.userId, [column[parsed]]: false },
    data: { [column[parsed]]: true },
  });
  if (updated.count > 0) ctx.bus.publish("user:updated", viewer.userId, { userId: viewer.userId });
}
