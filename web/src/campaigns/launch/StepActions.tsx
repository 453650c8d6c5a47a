import { Trans } from "@lingui/react/macro";
import { useWizard, type WizardStep } from "./wizardState";

/** Back and Next (or another label) of a wizard step. */
export function StepActions({
  current,
  canContinue,
  onNext,
  nextLabel,
}: {
  current: WizardStep;
  canContinue: boolean;
  onNext?: () => void;
  nextLabel?: string;
}) {
  const { steps, go } = useWizard();
  const index = steps.indexOf(current);
  const previous = index > 0 ? steps[index - 1] : undefined;
  const next = steps[index + 1];
  return (
    <div className="launch-actions">
      {previous ? (
        <button type="button" className="button button--secondary" onClick={() => go(previous)}>
          <Trans>Back</Trans>
        </button>
      ) : null}
      <button type="button" className="button" disabled={!canContinue} onClick={() => (onNext ? onNext() : next && go(next))}>
        {nextLabel ?? <Trans>Next</Trans>}
      </button>
    </div>
  );
}
