import { Trans } from "@lingui/react/macro";
import { Link } from "react-router-dom";
import { useWizard } from "./wizardState";

/** Step launched: the success, or the launch's failure (shown after the wizard completed). */
export function LaunchedStep() {
  const { state, go } = useWizard();
  const outcome = state.outcome;
  if (!outcome) {
    return (
      <p>
        <Trans>Nothing has been launched yet.</Trans>{" "}
        <button type="button" className="button button--secondary" onClick={() => go("channel-select")}>
          <Trans>Start</Trans>
        </button>
      </p>
    );
  }
  if (!outcome.ok) {
    return (
      <div>
        <h2>
          <Trans>The launch failed</Trans>
        </h2>
        <p role="alert">{outcome.error}</p>
        <div className="launch-actions">
          <button type="button" className="button button--secondary" onClick={() => go("confirmation")}>
            <Trans>Back to the confirmation</Trans>
          </button>
        </div>
      </div>
    );
  }
  return (
    <div>
      <h2>{outcome.scheduled ? <Trans>Launch scheduled</Trans> : <Trans>Survey launched</Trans>}</h2>
      <p role="status">
        {outcome.scheduled ? <Trans>The survey goes out at the time you chose.</Trans> : <Trans>The survey is live at the touchpoints you chose.</Trans>}
      </p>
      <p>
        <Link to="/surveys/scheduled">
          <Trans>Scheduled surveys</Trans>
        </Link>
      </p>
    </div>
  );
}
