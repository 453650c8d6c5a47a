// Onboarding: the one step the client may mark done (analyzedResponses, when /results opens).
// The other steps are set by the services that do the work (domain/onboarding/complete-step.ts).
import { builder } from "./builder.js";
import { ViewerType } from "./viewer.js";
import { clientOnboardingSteps, completeOnboardingStep } from "../domain/onboarding/complete-step.js";
import { getCurrentUser } from "../domain/users/current-user.js";

const OnboardingStepEnum = builder.enumType("OnboardingStep", { values: clientOnboardingSteps });

builder.mutationField("completeOnboardingStep", (t) =>
  t.field({
    type: ViewerType,
    description: "Marks an onboarding step done for the signed-in user; only analyzedResponses is accepted",
    args: { step: t.arg({ type: OnboardingStepEnum, required: true }) },
    resolve: async (_root, { step }, ctx) => {
      await completeOnboardingStep(ctx, step);
      return getCurrentUser(ctx);
    },
  }),
);
