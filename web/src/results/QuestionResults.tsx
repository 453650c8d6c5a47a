import { useLingui } from "@lingui/react/macro";

/**
 * Per-question results (distribution, mean, satisfaction %, NPS, EVI) as graphs or a table.
 * Waits for the analytics API's per-question results field (issue 5, helper A).
 */
export function QuestionResults(_props: { filtersJson: string; shareToken: string | null; mode: "graphs" | "table"; stackTo100: boolean }) {
  const { t } = useLingui();
  return <p className="placeholder-note">{t`Per-question results are not available yet.`}</p>;
}
