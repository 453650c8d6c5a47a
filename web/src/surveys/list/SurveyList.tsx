import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { graphql, usePaginationFragment } from "react-relay";
import type { SurveyList_query$key } from "../../__generated__/SurveyList_query.graphql";
import { Button, EmptyState, LinkButton } from "../../ui";
import { ListToolbar, SearchBox, SelectAllCheckbox, type Sort, SortableHeader, useSelection } from "../../ui/DataList";
import { DemoDataButton } from "./DemoDataButton";
import { SurveyRow } from "./SurveyRow";
import { tabDescriptions, type SurveyTabKey } from "./SurveyTabs";
import { type SurveyBulkAction, useSurveyBulkActions } from "./useSurveyBulkActions";

export const pageSize = 25;
export const surveySortFields = ["name", "createdAt", "responseCount", "lastFeedbackAt"] as const;
export type SurveySortField = (typeof surveySortFields)[number];

/**
 * One tab of the survey list: a Relay connection read 25 at a time ("Show more surveys"), searched
 * and sorted by the server (the page keeps both in the address), with row selection and the bulk
 * actions the person's rights allow on the selected surveys.
 */
export function SurveyList({
  query,
  tab,
  search,
  sort,
  onSearch,
  onSort,
  organizationAdmin,
  mayCreate,
  countryCode,
  onChanged,
  onDemoGenerated,
}: {
  query: SurveyList_query$key;
  tab: SurveyTabKey;
  search: string;
  sort: Sort<SurveySortField> | null;
  onSearch: (text: string) => void;
  onSort: (sort: Sort<SurveySortField>) => void;
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
      @argumentDefinitions(
        tab: { type: "SurveyTab!" }
        search: { type: "String" }
        orderBy: { type: "SurveyOrder" }
        first: { type: "Int", defaultValue: 25 }
        after: { type: "String" }
      ) {
        surveys(tab: $tab, search: $search, orderBy: $orderBy, first: $first, after: $after)
          @connection(key: "SurveyList_surveys", filters: ["tab", "search", "orderBy"]) {
          edges {
            node {
              id
              name
              archived
              hidden
              viewerMayEdit
              ...SurveyRow_survey
            }
          }
        }
      }
    `,
    query,
  );
  const nodes = data.surveys.edges.map((e) => e.node);
  const selection = useSelection(nodes.map((n) => n.id));
  const bulk = useSurveyBulkActions(() => {
    selection.clear();
    onChanged();
  });
  const chosen = nodes.filter((n) => selection.isSelected(n.id));
  const editable = chosen.filter((n) => n.viewerMayEdit);
  const run = (action: SurveyBulkAction, ids: string[]) => void bulk(action, ids);
  const removeSelected = () => {
    if (!window.confirm(t`Delete ${editable.length} surveys with all their responses? This cannot be undone.`)) return;
    run(
      "delete",
      editable.map((n) => n.id),
    );
  };
  const toArchive = editable.filter((n) => !n.archived);
  const toUnarchive = editable.filter((n) => n.archived);
  const toHide = chosen.filter((n) => !n.hidden);
  const toShow = chosen.filter((n) => n.hidden);

  const toolbar = (
    <ListToolbar
      search={<SearchBox label={t`Search surveys by name or team`} value={search} onSearch={onSearch} />}
      selection={selection}
      bulkActions={
        <>
          {toArchive.length > 0 ? (
            <Button
              size="sm"
              variant="quiet"
              onClick={() =>
                run(
                  "archive",
                  toArchive.map((n) => n.id),
                )
              }
            >
              <Trans>Archive ({toArchive.length})</Trans>
            </Button>
          ) : null}
          {toUnarchive.length > 0 ? (
            <Button
              size="sm"
              variant="quiet"
              onClick={() =>
                run(
                  "unarchive",
                  toUnarchive.map((n) => n.id),
                )
              }
            >
              <Trans>Unarchive ({toUnarchive.length})</Trans>
            </Button>
          ) : null}
          {toHide.length > 0 ? (
            <Button
              size="sm"
              variant="quiet"
              onClick={() =>
                run(
                  "hide",
                  toHide.map((n) => n.id),
                )
              }
            >
              <Trans>Hide ({toHide.length})</Trans>
            </Button>
          ) : null}
          {toShow.length > 0 ? (
            <Button
              size="sm"
              variant="quiet"
              onClick={() =>
                run(
                  "unhide",
                  toShow.map((n) => n.id),
                )
              }
            >
              <Trans>Unhide ({toShow.length})</Trans>
            </Button>
          ) : null}
          {editable.length > 0 ? (
            <Button size="sm" variant="danger" onClick={removeSelected}>
              <Trans>Delete ({editable.length})</Trans>
            </Button>
          ) : null}
        </>
      }
    />
  );

  const header = (field: SurveySortField, label: ReactNode, firstDirection: "asc" | "desc" = "asc") => (
    <SortableHeader field={field} sort={sort} onSort={onSort} firstDirection={firstDirection}>
      {label}
    </SortableHeader>
  );

  return (
    <>
      <p className="muted survey-list__description">{i18n._(tabDescriptions[tab])}</p>
      {toolbar}
      {nodes.length === 0 ? (
        search ? (
          <EmptyState
            title={t`No surveys match “${search}”`}
            headingLevel={2}
            action={
              <Button variant="secondary" onClick={() => onSearch("")}>
                <Trans>Clear the search</Trans>
              </Button>
            }
          >
            <Trans>The search looks at survey and team names in this tab. Try a shorter word, or another tab.</Trans>
          </EmptyState>
        ) : (
          <EmptyState
            title={t`No surveys here yet`}
            action={
              mayCreate && tab !== "hidden" && tab !== "archived" ? (
                <LinkButton variant="primary" to="/surveys/new/edit">
                  <Trans>Create a survey</Trans>
                </LinkButton>
              ) : undefined
            }
            secondaryAction={organizationAdmin && tab !== "hidden" && tab !== "archived" ? <DemoDataButton onGenerated={onDemoGenerated} /> : undefined}
          >
            {tab === "hidden" ? (
              <Trans>Surveys you hide from your lists appear here, where you can show them again.</Trans>
            ) : tab === "archived" ? (
              <Trans>Archived surveys appear here. Archive a survey from the list when it no longer collects responses.</Trans>
            ) : mayCreate ? (
              <Trans>Create a survey from scratch or start from a template, then launch it at a touchpoint to collect responses.</Trans>
            ) : (
              <Trans>Surveys of your teams appear here once someone who may create surveys makes one.</Trans>
            )}
          </EmptyState>
        )
      ) : (
        <table className="table survey-list">
          <caption className="visually-hidden">{t`Surveys with their status, responses and actions`}</caption>
          <thead>
            <tr>
              <SelectAllCheckbox selection={selection} label={t`Select all surveys shown`} />
              {header("name", <Trans>Survey</Trans>)}
              <th scope="col">
                <Trans>Status</Trans>
              </th>
              {header("responseCount", <Trans>Responses</Trans>, "desc")}
              {header("lastFeedbackAt", <Trans>Last response</Trans>, "desc")}
              <th scope="col">
                <Trans>Actions</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {nodes.map((node) => (
              <SurveyRow key={node.id} survey={node} selection={selection} countryCode={countryCode} mayCreate={mayCreate} onChanged={onChanged} />
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
