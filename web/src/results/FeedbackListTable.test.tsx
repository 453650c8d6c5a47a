import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { loadQuery, useRelayEnvironment } from "react-relay";
import { describe, expect, it } from "vitest";
import type { FeedbackListViewQuery } from "../__generated__/FeedbackListViewQuery.graphql";
import { eventually } from "../test/eventually";
import { FeedbackListView, feedbackListViewQuery } from "./FeedbackListView";
import { defaultFilters, toWireFilters } from "./filters";
import { renderScreen, type Handler } from "../test/resultsScreen";

const RESPONSE = "65a1b2c3d4e5f60718293001";

// One response with two metadata keys, while the meta_ columns are hidden: the columns and cells hold
// none of it, the row's own metadata holds both.
const listAnswer = (viewerCanManage = true) => ({
  data: {
    feedbackList: {
      totalCount: 1,
      columns: [
        { key: "feedbackId", title: "Response id", kind: "fixed" },
        { key: "date", title: "Date", kind: "fixed" },
      ],
      questions: [],
      metaKeys: ["lane", "store"],
      edges: [
        {
          cursor: "c1",
          node: {
            __typename: "FeedbackListRow",
            responseId: btoa(`Response:${RESPONSE}`),
            responseLegacyId: RESPONSE,
            hidden: false,
            viewerCanManage,
            createdAt: "2026-11-20T10:15:00.000Z",
            cells: [
              { key: "feedbackId", text: RESPONSE },
              { key: "date", text: "2026/11/20 10:15" },
            ],
            metadata: [
              { key: "lane", value: "3" },
              { key: "store", value: "Kamppi" },
            ],
          },
        },
      ],
      pageInfo: { endCursor: "c1", hasNextPage: false, hasPreviousPage: false, startCursor: "c1" },
    },
  },
});

/** The list as the results page shows it: its query preloaded, then read by the view. */
function PreloadedList({ hiddenColumns }: { hiddenColumns: string[] }) {
  const environment = useRelayEnvironment();
  const [queryRef] = useState(() =>
    loadQuery<FeedbackListViewQuery>(environment, feedbackListViewQuery, {
      filters: toWireFilters({ ...defaultFilters, feedbackListHiddenColumns: hiddenColumns }, 0),
      locale: "en",
      shareToken: null,
    }),
  );
  return (
    <FeedbackListView queryRef={queryRef} hiddenColumns={hiddenColumns} onHiddenColumnsChange={() => {}} mayChangeColumns canManage onChanged={() => {}} />
  );
}

describe("feedback list: editing metadata", () => {
  it("works while meta_ columns are hidden: the dialog starts from the row's whole metadata and saves every key", async () => {
    const saved: Record<string, unknown>[] = [];
    const handlers: Record<string, Handler> = {
      FeedbackListViewQuery: () => listAnswer(),
      FeedbackListTablePaginationQuery: () => listAnswer(),
      MetadataDialogMutation: (v) => {
        saved.push(v);
        return { data: { updateResponseMetadata: { responseLegacyId: RESPONSE, metadata: v.updatedMetaSet } } };
      },
    };
    renderScreen({
      path: "/results",
      pattern: "/results",
      handlers,
      element: <PreloadedList hiddenColumns={["meta_lane", "meta_store"]} />,
    });
    const edit = await eventually(() => screen.getByRole("button", { name: `Edit metadata of response ${RESPONSE}` }) as HTMLButtonElement);
    expect(edit.disabled).toBe(false);
    fireEvent.click(edit);
    const dialog = screen.getByRole("dialog", { name: "Edit metadata" });
    expect((within(dialog).getByLabelText("Key 1") as HTMLInputElement).value).toBe("lane");
    expect((within(dialog).getByLabelText("Value 1") as HTMLInputElement).value).toBe("3");
    expect((within(dialog).getByLabelText("Key 2") as HTMLInputElement).value).toBe("store");
    fireEvent.change(within(dialog).getByLabelText("Value 2"), { target: { value: "Itis" } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole("button", { name: "Save metadata" }));
    });
    await waitFor(() => expect(saved).toHaveLength(1));
    // Both keys are sent: a hidden column does not drop its key (the mutation replaces the set).
    expect(saved[0]).toEqual({
      responseId: btoa(`Response:${RESPONSE}`),
      updatedMetaSet: [
        { key: "lane", value: "3" },
        { key: "store", value: "Itis" },
      ],
    });
  });

  it("shows no actions on responses the member may not manage (a viewer of the team)", async () => {
    renderScreen({
      path: "/results",
      pattern: "/results",
      handlers: { FeedbackListViewQuery: () => listAnswer(false), FeedbackListTablePaginationQuery: () => listAnswer(false) },
      element: <PreloadedList hiddenColumns={[]} />,
    });
    await eventually(() => screen.getByText("2026/11/20 10:15"));
    expect(screen.queryByRole("columnheader", { name: "Actions" })).toBeNull();
    expect(screen.queryByRole("button", { name: `Hide response ${RESPONSE}` })).toBeNull();
    expect(screen.queryByRole("button", { name: `Edit metadata of response ${RESPONSE}` })).toBeNull();
    expect(screen.queryByRole("button", { name: `Delete response ${RESPONSE}` })).toBeNull();
  });
});
