import { Trans } from "@lingui/react/macro";
import { Suspense, useState } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { Link } from "react-router-dom";
import type { SurveyListPageQuery } from "../../__generated__/SurveyListPageQuery.graphql";
import { SurveyList, surveySortFields } from "./SurveyList";
import { useListAddress } from "../../ui/DataList";
import { SurveyTabs, surveyTabs, type SurveyTabKey as SurveyTab } from "./SurveyTabs";
import "./surveys.css";
import { Skeleton } from "../../ui/Skeleton";
import { mayCreateSurveys } from "../../access/rights";

const isTab = (v: string | null): v is SurveyTab => !!v && (surveyTabs as readonly string[]).includes(v);

/**
 * /surveys/list (spec 001 §2 "Survey management"): the tabs recent, all, active, archived, hidden and
 * my surveys; each survey with its live response count and the actions copy, archive, hide, delete,
 * edit and preview; a new survey opens in the editor. The tab is kept in the address (?tab=).
 */
export default function SurveyListPage() {
  return (
    <Suspense fallback={<Skeleton label={<Trans>Loading surveys…</Trans>} shape="block" height="16rem" />}>
      <SurveyListScreen />
    </Suspense>
  );
}

function SurveyListScreen() {
  // Search, sort and tab live in the address; their changes and the page's reloads share one transition.
  const address = useListAddress(surveySortFields);
  const { search, sort, pending, startTransition, update } = address;
  const tabParam = address.params.get("tab");
  const tab: SurveyTab = isTab(tabParam) ? tabParam : "all";
  // After a successful write the list is read again (spec 001 §7).
  const [fetchKey, setFetchKey] = useState(0);
  const data = useLazyLoadQuery<SurveyListPageQuery>(
    graphql`
      query SurveyListPageQuery($tab: SurveyTab!, $search: String, $orderBy: SurveyOrder) {
        viewer {
          organizationAdmin
          mayCreateSurveys
          rights
          countryCode
        }
        ...SurveyList_query @arguments(tab: $tab, search: $search, orderBy: $orderBy)
      }
    `,
    { tab, search: search || null, orderBy: sort },
    { fetchPolicy: "store-and-network", fetchKey },
  );
  const organizationAdmin = data.viewer?.organizationAdmin ?? false;
  const mayCreate = data.viewer ? mayCreateSurveys(data.viewer) : false;
  const refetch = () => startTransition(() => setFetchKey((k) => k + 1));

  return (
    <section className="page survey-list-page">
      <div className="survey-list-page__header">
        <h1 className="page__title">
          <Trans>Surveys</Trans>
        </h1>
        {mayCreate ? (
          <div className="survey-list-page__actions">
            <Link className="button button--secondary" to="/surveys/templates">
              <Trans>Start from a template</Trans>
            </Link>
            {/* Nothing is stored until the editor's first save (docs/experience.md). */}
            <Link className="button" to="/surveys/new/edit">
              <Trans>New survey</Trans>
            </Link>
          </div>
        ) : null}
      </div>
      <SurveyTabs selected={tab} onSelect={(next) => update({ tab: next === "all" ? null : next })} />
      <div role="tabpanel" id="survey-tabpanel" aria-labelledby={`survey-tab-${tab}`} aria-busy={pending} tabIndex={0} className="survey-list-page__panel">
        <SurveyList
          query={data}
          tab={tab}
          search={search}
          sort={sort}
          onSearch={address.setSearch}
          onSort={address.setSort}
          organizationAdmin={organizationAdmin}
          mayCreate={mayCreate}
          countryCode={data.viewer?.countryCode ?? null}
          onChanged={refetch}
          onDemoGenerated={() =>
            startTransition(() => {
              address.clear();
              setFetchKey((k) => k + 1);
            })
          }
        />
      </div>
    </section>
  );
}
