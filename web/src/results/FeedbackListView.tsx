import { useLingui } from "@lingui/react/macro";
import { useState, useTransition } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import type { FeedbackListViewQuery } from "../__generated__/FeedbackListViewQuery.graphql";
import { FeedbackListTable } from "./FeedbackListTable";
import type { WireFilters } from "./filters";

/**
 * The feedback list view (spec 001 §3 "Feedback list"): responses under the filters, newest first,
 * a column per question and `meta_` key, 50 at a time. Members can hide, show and delete a response
 * and edit its metadata; a share-link visitor only reads.
 */
export function FeedbackListView({
  filters,
  shareToken,
  hiddenColumns,
  onHiddenColumnsChange,
  mayChangeColumns,
  canManage,
}: {
  filters: WireFilters;
  shareToken: string | null;
  hiddenColumns: string[];
  onHiddenColumnsChange: (columns: string[]) => void;
  mayChangeColumns: boolean;
  canManage: boolean;
}) {
  const { i18n } = useLingui();
  const [fetchKey, setFetchKey] = useState(0);
  const [, startTransition] = useTransition();
  const data = useLazyLoadQuery<FeedbackListViewQuery>(
    graphql`
      query FeedbackListViewQuery($filters: ResultsFilterInput, $locale: String, $shareToken: String) {
        ...FeedbackListTable_query @arguments(filters: $filters, locale: $locale, shareToken: $shareToken)
      }
    `,
    { filters, locale: i18n.locale, shareToken },
    { fetchPolicy: "store-and-network", fetchKey },
  );
  return (
    <FeedbackListTable
      query={data}
      hiddenColumns={hiddenColumns}
      onHiddenColumnsChange={onHiddenColumnsChange}
      mayChangeColumns={mayChangeColumns}
      canManage={canManage}
      onChanged={() => startTransition(() => setFetchKey((k) => k + 1))}
    />
  );
}
