import { Trans } from "@lingui/react/macro";
import { Suspense, useState, useTransition } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { Link, useSearchParams } from "react-router-dom";
import type { SurveyListPageQuery } from "../../__generated__/SurveyListPageQuery.graphql";
import { SurveyList, type SurveySortField, surveySortFields } from "./SurveyList";
import type { Sort } from "../../ui/DataList";
import { SurveyTabs, surveyTabs, type SurveyTabKey as SurveyTab } from "./SurveyTabs";
import "./surveys.css";
import { Skeleton } from "../../ui/Skeleton";
import { mayCreateSurveys } from "../../access/rights";

const isTab = (v: string | null): v is SurveyTab => !!v && (surveyTabs as readonly string[]).includes(v);

/** The sort in the address (?sort=name&dir=asc); none: newest first. */
function sortOf(params: URLSearchParams): Sort<SurveySortField> | null {
  const field = params.get("sort");
  if (!field || !(surveySortFields as readonly string[]).includes(field)) return null;
  return { field: field as SurveySortField, direction: params.get("dir") === "desc" ? "desc" : "asc" };
}

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
  const [params, setParams] = useSearchParams();
  const tab: SurveyTab = isTab(params.get("tab")) ? (params.get("tab") as SurveyTab) : "all";
  const search = params.get("q") ?? "";
  const sort = sortOf(params);
  /** Changes the address's list parameters (kept: the others), in a transition so the list stays while the next one loads. */
  const update = (change: Record<string, string | null>) =>
    startTransition(() =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(change)) {
            if (v) next.set(k, v);
            else next.delete(k);
          }
          return next;
        },
        { replace: true },
      ),
    );
  const [pending, startTransition] = useTransition();
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
          onSearch={(text) => update({ q: text || null })}
          onSort={(next) => update({ sort: next.field, dir: next.direction })}
          organizationAdmin={organizationAdmin}
          mayCreate={mayCreate}
          countryCode={data.viewer?.countryCode ?? null}
          onChanged={refetch}
          onDemoGenerated={() =>
            startTransition(() => {
              setParams({}, { replace: true });
              setFetchKey((k) => k + 1);
            })
          }
        />
      </div>
    </section>
  );
}
