/**
 * Marks the onboarding step "analyzed responses" done (spec 000 §4). The results screen (/results,
 * built by the analytics issue) calls this when it opens; until it exists, the getting-started page
 * calls it when the person follows its "Analyse them" link.
 */
import { useCallback } from "react";
import { graphql, useMutation } from "react-relay";
import type { useMarkResponsesAnalyzedMutation } from "../__generated__/useMarkResponsesAnalyzedMutation.graphql";

export function useMarkResponsesAnalyzed(): () => void {
  const [commit] = useMutation<useMarkResponsesAnalyzedMutation>(graphql`
    mutation useMarkResponsesAnalyzedMutation {
      completeOnboardingStep(step: analyzedResponses) {
        ...GettingStartedSteps_viewer
        onboarding {
          analyzedResponses
          progress
        }
      }
    }
  `);
  return useCallback(() => {
    // Quiet: a failure here must not disturb the person on their way to the results.
    commit({ variables: {}, onError: () => {} });
  }, [commit]);
}
