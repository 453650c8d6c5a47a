import { graphql, usePreloadedQuery, type PreloadedQuery } from "react-relay";
import type { FeedbackListViewQuery } from "../__generated__/FeedbackListViewQuery.graphql";
import { FeedbackListTable } from "./FeedbackListTable";

/** The list view's query: the results page loads it with the other sections (usePreloadedQuery here). */
export const feedbackListViewQuery = graphql`
  query FeedbackListViewQuery($filters: ResultsFilterInput, $locale: String, $shareToken: String) {
    ...FeedbackListTable_query @arguments(filters: $filters, locale: $locale, shareToken: $shareToken)
  }
`;

/**
 * The feedback list view (spec 001 §3 "Feedback list"): responses under the filters, newest first,
 * a column per question and `meta_` key, 50 at a time (a connection: "Load more" fetches the next
 * page). Members can hide, show and delete a response and edit its metadata; a share-link visitor
 * only reads. After a change, `onChanged` asks the page to load the query again.
 */
export function FeedbackListView({
  queryRef,
  hiddenColumns,
  onHiddenColumnsChange,
  mayChangeColumns,
  canManage,
  onChanged,
  oneSurvey = false,
}: {
  queryRef: PreloadedQuery<FeedbackListViewQuery>;
  hiddenColumns: string[];
  onHiddenColumnsChange: (columns: string[]) => void;
  mayChangeColumns: boolean;
  canManage: boolean;
  onChanged: () => void;
  /** The filters name exactly one survey (its questions become columns). */
  oneSurvey?: boolean;
}) {
  const data = usePreloadedQuery<FeedbackListViewQuery>(feedbackListViewQuery, queryRef);
  return (
    <FeedbackListTable
      query={data}
      hiddenColumns={hiddenColumns}
      onHiddenColumnsChange={onHiddenColumnsChange}
      mayChangeColumns={mayChangeColumns}
      canManage={canManage}
      onChanged={onChanged}
      oneSurvey={oneSurvey}
    />
  );
}
