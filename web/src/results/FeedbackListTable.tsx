import { Trans, useLingui } from "@lingui/react/macro";
import { IconButton } from "../ui/IconButton";
import { DeleteIcon, EditIcon, EyeIcon, EyeOffIcon } from "../ui/icons";
import { useState } from "react";
import { graphql, useMutation, usePaginationFragment } from "react-relay";
import type { FeedbackListTable_query$key } from "../__generated__/FeedbackListTable_query.graphql";
import type { FeedbackListTableDeleteMutation } from "../__generated__/FeedbackListTableDeleteMutation.graphql";
import type { FeedbackListTableHideMutation } from "../__generated__/FeedbackListTableHideMutation.graphql";
import { runMutation } from "../user-management/runMutation";
import { MetadataDialog } from "./MetadataDialog";
import { ConfirmDialog } from "../shell/ConfirmDialog";

const PAGE = 50;

type Row = {
  /** the response's global id, which the mutations take */
  responseId: string;
  responseLegacyId: string;
  hidden: boolean;
  /** The signed-in member may hide, show and delete it and edit its metadata (manageResponses in its team). */
  viewerCanManage: boolean;
  cells: ReadonlyArray<{ key: string; text: string | null | undefined }>;
  /** Every metadata pair of the response (members), whatever columns are shown. */
  metadata?: ReadonlyArray<{ key: string; value: string }> | null;
};

export function FeedbackListTable({
  query,
  hiddenColumns,
  onHiddenColumnsChange,
  mayChangeColumns,
  canManage,
  onChanged,
  oneSurvey = false,
}: {
  query: FeedbackListTable_query$key;
  hiddenColumns: string[];
  onHiddenColumnsChange: (columns: string[]) => void;
  mayChangeColumns: boolean;
  canManage: boolean;
  onChanged: () => void;
  /** The filters name one survey: its questions are columns. Otherwise a row's answers are in its details. */
  oneSurvey?: boolean;
}) {
  const { t } = useLingui();
  const { data, hasNext, loadNext, isLoadingNext } = usePaginationFragment(
    graphql`
      fragment FeedbackListTable_query on Query
      @refetchable(queryName: "FeedbackListTablePaginationQuery")
      @argumentDefinitions(
        first: { type: "Int", defaultValue: 50 }
        after: { type: "String" }
        filters: { type: "ResultsFilterInput" }
        locale: { type: "String" }
        shareToken: { type: "String" }
      ) {
        feedbackList(first: $first, after: $after, filters: $filters, locale: $locale, shareToken: $shareToken)
          @connection(key: "FeedbackListTable_feedbackList", filters: ["filters", "locale", "shareToken"]) {
          totalCount
          columns {
            key
            title
            kind
          }
          questions {
            legacyId
            title
          }
          metaKeys
          edges {
            node {
              responseId
              responseLegacyId
              hidden
              viewerCanManage
              createdAt
              cells {
                key
                text
              }
              metadata {
                key
                value
              }
            }
          }
        }
      }
    `,
    query,
  );
  const [commitHide] = useMutation<FeedbackListTableHideMutation>(graphql`
    mutation FeedbackListTableHideMutation($responseId: ID!, $hidden: Boolean!) {
      hideResponse(responseId: $responseId, hidden: $hidden) {
        responseLegacyId
        hidden
      }
    }
  `);
  const [commitDelete] = useMutation<FeedbackListTableDeleteMutation>(graphql`
    mutation FeedbackListTableDeleteMutation($responseId: ID!) {
      deleteResponse(responseId: $responseId) {
        deletedResponseLegacyId
      }
    }
  `);
  const [confirmDelete, setConfirmDelete] = useState<string | null>(null);
  const [editing, setEditing] = useState<Row | null>(null);
  const list = data.feedbackList;
  const rows = list.edges.map((e) => e.node);
  // The actions column only when the member may manage some row shown (a viewer may manage none).
  const manages = canManage && rows.some((r) => r.viewerCanManage);
  // The response id is no reading matter (exports keep it); the date heads each row. With every
  // survey, one column per question of each would make the table unreadable: the answers are then in
  // each row's details (docs/feedback-list.md).
  const columns = list.columns.filter((c) => c.key !== "feedbackId" && (oneSurvey || c.kind !== "question"));
  const answerColumns = list.columns.filter((c) => c.kind === "question" || c.kind === "meta");
  // Every column that can be hidden (the answer lists all questions and keys, hidden or not).
  const choosable = [
    { key: "date", title: t`Date` },
    { key: "touchpoint", title: t`Touchpoint` },
    { key: "language", title: t`Language` },
    { key: "status", title: t`Status` },
    ...list.questions.map((q) => ({ key: q.legacyId, title: q.title })),
    ...list.metaKeys.map((k) => ({ key: `meta_${k}`, title: `meta_${k}` })),
  ];

  const hide = async (row: Row) => {
    const result = await runMutation(
      "hideResponse",
      commitHide,
      { responseId: row.responseId, hidden: !row.hidden },
      {
        success: row.hidden ? t`Response shown` : t`Response hidden`,
        fallbackError: t`Something went wrong`,
      },
    );
    if (result) onChanged();
  };
  const remove = async (responseId: string) => {
    setConfirmDelete(null);
    const result = await runMutation("deleteResponse", commitDelete, { responseId }, { success: t`Response deleted`, fallbackError: t`Something went wrong` });
    if (result) onChanged();
  };

  return (
    <section className="feedback-list" aria-labelledby="feedback-list-title">
      <h2 id="feedback-list-title" className="results-section__title">
        <Trans>Feedback list</Trans>
      </h2>
      <p role="status">{t`Showing ${rows.length} of ${list.totalCount} responses`}</p>
      <details className="filter-group">
        <summary>{t`Columns`}</summary>
        <fieldset className="filter-group__options" disabled={!mayChangeColumns}>
          <legend className="visually-hidden">{t`Columns shown in the feedback list`}</legend>
          {choosable.map((c) => (
            <label key={c.key} className="field--checkbox">
              <input
                type="checkbox"
                checked={!hiddenColumns.includes(c.key)}
                onChange={(e) => onHiddenColumnsChange(e.target.checked ? hiddenColumns.filter((k) => k !== c.key) : [...hiddenColumns, c.key])}
              />
              {t`Show column ${c.title}`}
            </label>
          ))}
        </fieldset>
      </details>
      <div className="table-scroll" tabIndex={0} role="region" aria-label={t`Feedback list table`}>
        <table className="table">
          <caption className="visually-hidden">{t`Responses under the filters, newest first`}</caption>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.key} scope="col">
                  {c.title}
                </th>
              ))}
              <th scope="col">
                <Trans>Answers</Trans>
              </th>
              {manages ? (
                <th scope="col">
                  <Trans>Actions</Trans>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.responseLegacyId} className={row.hidden ? "feedback-list__row--hidden" : undefined}>
                {columns.map((c, i) => {
                  const text = row.cells.find((cell) => cell.key === c.key)?.text ?? "";
                  return i === 0 ? (
                    <th key={c.key} scope="row">
                      {text}
                      {row.hidden ? <span className="badge"> {t`(hidden)`}</span> : null}
                    </th>
                  ) : (
                    <td key={c.key}>{text}</td>
                  );
                })}
                <td className="feedback-list__details">
                  <AnswerDetails row={row} columns={answerColumns} />
                </td>
                {manages ? (
                  <td className="feedback-list__actions">
                    {/* Icon buttons: the response's id is in their accessible names, not in the table's width. */}
                    {row.viewerCanManage ? (
                      <>
                        <IconButton
                          size="sm"
                          icon={row.hidden ? EyeIcon : EyeOffIcon}
                          label={row.hidden ? t`Show response ${row.responseLegacyId}` : t`Hide response ${row.responseLegacyId}`}
                          onClick={() => void hide(row)}
                        />
                        <IconButton size="sm" icon={EditIcon} label={t`Edit metadata of response ${row.responseLegacyId}`} onClick={() => setEditing(row)} />
                        <IconButton
                          size="sm"
                          variant="danger"
                          icon={DeleteIcon}
                          label={t`Delete response ${row.responseLegacyId}`}
                          onClick={() => setConfirmDelete(row.responseId)}
                        />
                      </>
                    ) : null}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {rows.length === 0 ? <p>{t`No responses under these filters.`}</p> : null}
      {hasNext ? (
        <button type="button" className="button button--secondary" disabled={isLoadingNext} onClick={() => loadNext(PAGE)}>
          <Trans>Show more responses</Trans>
        </button>
      ) : null}
      {confirmDelete ? (
        <ConfirmDialog
          title={<Trans>Delete this response?</Trans>}
          cancelLabel={<Trans>Cancel</Trans>}
          onCancel={() => setConfirmDelete(null)}
          actions={
            <button type="button" className="button" onClick={() => void remove(confirmDelete)}>
              <Trans>Delete response</Trans>
            </button>
          }
        >
          <Trans>The response and all its answers are removed for good.</Trans>
        </ConfirmDialog>
      ) : null}
      {editing ? (
        <MetadataDialog
          responseId={editing.responseId}
          // The row's own metadata, every key: hidden meta_ columns do not drop any on save (the
          // mutation replaces the whole set).
          initial={(editing.metadata ?? []).map((m) => ({ key: m.key, value: m.value }))}
          onClose={(saved) => {
            setEditing(null);
            if (saved) onChanged();
          }}
        />
      ) : null}
    </section>
  );
}

/** A response's answers (and metadata), unfolded on demand: readable whatever the surveys. */
function AnswerDetails({ row, columns }: { row: Row; columns: ReadonlyArray<{ key: string; title: string }> }) {
  const given = columns.flatMap((c) => {
    const text = row.cells.find((cell) => cell.key === c.key)?.text ?? "";
    return text ? [{ key: c.key, title: c.title, text }] : [];
  });
  if (given.length === 0) return null;
  return (
    <details className="feedback-list__answers">
      <summary>
        <Trans>Answers</Trans> ({given.length})
      </summary>
      <dl>
        {given.map((a) => (
          <div key={a.key}>
            <dt>{a.title}</dt>
            <dd>{a.text}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
