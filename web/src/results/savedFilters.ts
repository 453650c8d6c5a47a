// Saved results filters (a bookmark's, a share link's: the API's ResultsFilters) as one fragment,
// selected wherever saved filters are read (BookmarksPanel's list, the shared view) and read back
// into the screen's state here. The fragment is @inline: its data is read outside a component, with
// readInlineData, so a spread of it hands over a reference, never a half-read object.
import { graphql, readInlineData } from "react-relay";
import type { savedFilters_filters$key } from "../__generated__/savedFilters_filters.graphql";
import { fromWireFilters, type ResultsFilterState } from "./filters";

export type SavedFiltersRef = savedFilters_filters$key;

const savedFiltersFragment = graphql`
  fragment savedFilters_filters on ResultsFilters @inline {
    from
    to
    datePreset
    touchpointIds
    surveyIds
    groupBy
    groupByMetaKey
    restrictByAnswer {
      questionId
      choiceIds
      numbers
      gte
      lt
    }
    metaDataMatch {
      items {
        key
        value
      }
      strict
    }
    feedbackListHiddenColumns
    options {
      stackGraphsTo100
      satisfactionReport
      hideQuestionsWithNoResponses
      view
      hiddenQuestions
    }
  }
`;

/** Saved filters (a reference to savedFilters_filters) as the screen's state. */
export function readSavedFilters(ref: SavedFiltersRef): ResultsFilterState {
  return fromWireFilters(readInlineData(savedFiltersFragment, ref));
}
