import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { graphql, useMutation } from "react-relay";
import type { DemoDataButtonMutation } from "../../__generated__/DemoDataButtonMutation.graphql";
import { runMutation } from "../../user-management/runMutation";

/**
 * Organisation admins on an empty list: "Generate demo data" (POST /demo-data, docs/demo-data.md)
 * makes a demo survey with a link and 500 sample responses over the last 90 days.
 */
export function DemoDataButton({ onGenerated }: { onGenerated: () => void }) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const [commit] = useMutation<DemoDataButtonMutation>(graphql`
    mutation DemoDataButtonMutation($responses: Int) {
      generateDemoData(responses: $responses) {
        responses
        responseCount
        survey {
          legacyId
          name
        }
      }
    }
  `);
  const generate = async () => {
    setBusy(true);
    const result = await runMutation("generateDemoData", commit, { responses: 500 }, { success: t`Data generated`, fallbackError: t`Something went wrong` });
    setBusy(false);
    if (result) onGenerated();
  };
  return (
    <div className="demo-data">
      <p id="demo-data-hint" className="muted">
        <Trans>Try the product with a demo survey, a link and 500 sample responses from the last 90 days.</Trans>
      </p>
      <button type="button" className="button" aria-describedby="demo-data-hint" disabled={busy} onClick={() => void generate()}>
        {busy ? <Trans>Generating demo data…</Trans> : <Trans>Generate demo data</Trans>}
      </button>
    </div>
  );
}
