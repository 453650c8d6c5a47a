// Shown when the organisation's plan has no answer-based logic: says so, warns that a survey's
// existing rules are dropped on saving, and offers the upgrade.
import { Trans } from "@lingui/react/macro";
import type { FeatureGate_viewer$key } from "../../__generated__/FeatureGate_viewer.graphql";
import { FeatureGate } from "../../features/FeatureGate";

type Props = { formId: string; viewer: FeatureGate_viewer$key; droppedLogic: boolean };

export function LogicPlanNotice({ formId, viewer, droppedLogic }: Props) {
  return (
    <section className="se-section" aria-labelledby={`${formId}-logic`}>
      <h2 id={`${formId}-logic`}>
        <Trans>Answer-based logic</Trans>
      </h2>
      <p>
        <Trans>Skipping to a question or to the end by the answer is not in your organisation's plan.</Trans>
      </p>
      {droppedLogic ? (
        <p className="field__error">
          <Trans>This survey has logic rules that your plan does not include: they are removed when you save.</Trans>
        </p>
      ) : null}
      <FeatureGate viewer={viewer} feature="surveyLogic">
        {null}
      </FeatureGate>
    </section>
  );
}
