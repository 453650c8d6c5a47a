import { Trans, useLingui } from "@lingui/react/macro";
import { graphql, usePaginationFragment } from "react-relay";
import type { SurveyList_query$key } from "../../__generated__/SurveyList_query.graphql";
import { DemoDataButton } from "./DemoDataButton";
import { SurveyRow } from "./SurveyRow";
import { tabDescriptions, type SurveyTabKey } from "./SurveyTabs";

export const pageSize = 25;

/** One tab of the survey list: a Relay connection read 25 at a time ("Show more surveys"). */
export function SurveyList({
  query,
  tab,
  organizationAdmin,
  mayCreate,
  countryCode,
  onChanged,
  onDemoGenerated,
}: {
  query: SurveyList_query$key;
  tab: SurveyTabKey;
  organizationAdmin: boolean;
  mayCreate: boolean;
  countryCode: string | null;
  onChanged: () => void;
  onDemoGenerated: () => void;
}) {
  const { t, i18n } = useLingui();
  const { data, hasNext, loadNext, isLoadingNext } = usePaginationFragment(
    graphql`
      fragment SurveyList_query on Query
      @refetchable(queryName: "SurveyListPaginationQuery")
      @argumentDefinitions(tab: { type: "SurveyTab!" }, first: { type: "Int", defaultValue: 25 }, after: { type: "String" }) {
        surveys(tab: $tab, first: $first, after: $after) @connection(key: "SurveyList_surveys", filters: ["tab"]) {
          edges {
            node {
              id
              ...SurveyRow_survey
            }
          }
        }
      }
    `,
    query,
  );
  const edges = data.surveys.edges;
  return (
    <>
      <p className="muted survey-list__description">{i18n._(tabDescriptions[tab])}</p>
      {edges.length === 0 ? (
        <div className="survey-list__empty">
          <p>
            <Trans>No surveys here yet.</Trans>
          </p>
          {organizationAdmin && tab !== "hidden" && tab !== "archived" ? <DemoDataButton onGenerated={onDemoGenerated} /> : null}
        </div>
      ) : (
        <table className="table survey-list">
          <caption className="visually-hidden">{t`Surveys with their status, responses and actions`}</caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Survey</Trans>
              </th>
              <th scope="col">
                <Trans>Status</Trans>
              </th>
              <th scope="col">
                <Trans>Responses</Trans>
              </th>
              <th scope="col">
                <Trans>Last response</Trans>
              </th>
              <th scope="col">
                <Trans>Actions</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {edges.map((edge) => (
              <SurveyRow key={edge.node.id} survey={edge.node} countryCode={countryCode} mayCreate={mayCreate} onChanged={onChanged} />
            ))}
          </tbody>
        </table>
      )}
      {hasNext ? (
        <button type="button" className="button button--secondary" disabled={isLoadingNext} onClick={() => loadNext(pageSize)}>
          <Trans>Show more surveys</Trans>
        </button>
      ) : null}
    </>
  );
}
