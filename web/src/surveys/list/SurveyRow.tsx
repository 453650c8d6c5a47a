import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useMemo, useState } from "react";
import { graphql, useFragment, useMutation, useSubscription } from "react-relay";
import { Link } from "react-router-dom";
import type { GraphQLSubscriptionConfig } from "relay-runtime";
import type { SurveyRow_survey$key } from "../../__generated__/SurveyRow_survey.graphql";
import type { SurveyRowArchiveMutation } from "../../__generated__/SurveyRowArchiveMutation.graphql";
import type { SurveyRowCopyMutation } from "../../__generated__/SurveyRowCopyMutation.graphql";
import type { SurveyRowDeleteMutation } from "../../__generated__/SurveyRowDeleteMutation.graphql";
import type { SurveyRowHideMutation } from "../../__generated__/SurveyRowHideMutation.graphql";
import type { SurveyRowResponseCountSubscription } from "../../__generated__/SurveyRowResponseCountSubscription.graphql";
import { formatDateTime } from "../../format/date";
import { runMutation } from "../../user-management/runMutation";
import { ConfirmDeleteDialog } from "./ConfirmDeleteDialog";
import { RowCheckbox, type Selection } from "../../ui/DataList";

const responseCountSubscription = graphql`
  subscription SurveyRowResponseCountSubscription($surveyId: ID!) {
    responseCountChanged(surveyId: $surveyId) {
      surveyId
      responseCount
      lastFeedbackAt
    }
  }
`;

/**
 * One survey of the list. The row is named by the survey's title; its response count (labelled
 * "Responses") follows responseCountChanged, so a response given elsewhere shows without a reload.
 */
export function SurveyRow({
  survey,
  selection,
  countryCode,
  mayCreate,
  onChanged,
}: {
  survey: SurveyRow_survey$key;
  /** The list's row selection (bulk actions). */
  selection: Selection;
  countryCode: string | null;
  /** The caller may create surveys (copying makes one). */
  mayCreate: boolean;
  onChanged: () => void;
}) {
  const { t } = useLingui();
  const titleId = useId();
  const [confirming, setConfirming] = useState(false);
  const data = useFragment(
    graphql`
      fragment SurveyRow_survey on Survey {
        id
        legacyId
        name
        archived
        hidden
        responseCount
        lastFeedbackAt
        createdAt
        viewerMayEdit
        unit {
          name
        }
      }
    `,
    survey,
  );

  const subscription = useMemo<GraphQLSubscriptionConfig<SurveyRowResponseCountSubscription>>(
    () => ({
      subscription: responseCountSubscription,
      variables: { surveyId: data.id },
      // The event carries no node id: write the new count onto this survey's record.
      updater: (store, payload) => {
        const change = payload?.responseCountChanged;
        const record = store.get(data.id);
        if (!change || !record) return;
        record.setValue(change.responseCount, "responseCount");
        record.setValue(change.lastFeedbackAt, "lastFeedbackAt");
      },
      // A survey seen through responses in one's own teams may not be watchable: the count stays as read.
      onError: () => {},
    }),
    [data.id, data.legacyId],
  );
  useSubscription(subscription);

  const [commitCopy] = useMutation<SurveyRowCopyMutation>(graphql`
    mutation SurveyRowCopyMutation($id: ID!) {
      copySurvey(id: $id) {
        survey {
          legacyId
        }
      }
    }
  `);
  const [commitArchive] = useMutation<SurveyRowArchiveMutation>(graphql`
    mutation SurveyRowArchiveMutation($id: ID!, $archived: Boolean!) {
      archiveSurvey(id: $id, archived: $archived) {
        survey {
          id
          archived
        }
      }
    }
  `);
  const [commitHide] = useMutation<SurveyRowHideMutation>(graphql`
    mutation SurveyRowHideMutation($id: ID!, $hidden: Boolean!) {
      hideSurvey(id: $id, hidden: $hidden) {
        survey {
          id
          hidden
        }
      }
    }
  `);
  const [commitDelete] = useMutation<SurveyRowDeleteMutation>(graphql`
    mutation SurveyRowDeleteMutation($id: ID!) {
      deleteSurvey(id: $id) {
        legacyId
      }
    }
  `);

  const name = data.name;
  const created = formatDateTime(data.createdAt, countryCode);
  const fallbackError = t`Something went wrong`;
  const after = (ok: unknown) => {
    if (ok) onChanged();
  };
  const copy = async () => after(await runMutation("copySurvey", commitCopy, { id: data.id }, { success: t`Survey copied`, fallbackError }));
  const archive = async (archived: boolean) =>
    after(
      await runMutation(
        "archiveSurvey",
        commitArchive,
        { id: data.id, archived },
        { success: archived ? t`Survey archived` : t`Survey unarchived`, fallbackError },
      ),
    );
  const hide = async (hidden: boolean) =>
    after(await runMutation("hideSurvey", commitHide, { id: data.id, hidden }, { success: hidden ? t`Survey hidden` : t`Survey shown`, fallbackError }));
  const remove = async () => {
    const ok = await runMutation("deleteSurvey", commitDelete, { id: data.id }, { success: t`Survey removed`, fallbackError });
    setConfirming(false);
    after(ok);
  };

  return (
    <tr aria-labelledby={titleId} className="survey-row">
      <RowCheckbox selection={selection} id={data.id} label={t`Select ${name}`} />
      <th scope="row">
        <Link id={titleId} to={`/surveys/${data.legacyId}/${data.viewerMayEdit ? "edit" : "preview"}`} className="survey-row__title">
          {name}
        </Link>
        <div className="muted survey-row__meta">
          {data.unit.name} · <Trans>Created {created}</Trans>
        </div>
      </th>
      <td>
        {data.archived ? <Trans>Archived</Trans> : <Trans>Active</Trans>}
        {data.hidden ? (
          <>
            {" · "}
            <Trans>Hidden</Trans>
          </>
        ) : null}
      </td>
      <td>
        <output className="survey-row__count" aria-label={t`Responses`} aria-live="polite">
          {data.responseCount}
        </output>
      </td>
      <td>{data.lastFeedbackAt ? formatDateTime(data.lastFeedbackAt, countryCode) : <Trans>No responses yet</Trans>}</td>
      <td>
        <div className="survey-row__actions">
          {data.viewerMayEdit ? (
            <Link className="button button--small button--secondary" to={`/surveys/${data.legacyId}/edit`} aria-label={t`Edit ${name}`}>
              <Trans>Edit</Trans>
            </Link>
          ) : null}
          {data.viewerMayEdit && !data.archived ? (
            <Link className="button button--small button--secondary" to={`/launch-survey/${data.legacyId}`} aria-label={t`Launch ${name}`}>
              <Trans>Launch</Trans>
            </Link>
          ) : null}
          <Link className="button button--small button--secondary" to={`/surveys/${data.legacyId}/preview`} aria-label={t`Preview ${name}`}>
            <Trans>Preview</Trans>
          </Link>
          {mayCreate ? (
            <button type="button" className="button button--small button--ghost" aria-label={t`Copy ${name}`} onClick={() => void copy()}>
              <Trans>Copy</Trans>
            </button>
          ) : null}
          {data.viewerMayEdit ? (
            <button
              type="button"
              className="button button--small button--ghost"
              aria-label={data.archived ? t`Unarchive ${name}` : t`Archive ${name}`}
              onClick={() => void archive(!data.archived)}
            >
              {data.archived ? <Trans>Unarchive</Trans> : <Trans>Archive</Trans>}
            </button>
          ) : null}
          <button
            type="button"
            className="button button--small button--ghost"
            aria-label={data.hidden ? t`Unhide ${name}` : t`Hide ${name}`}
            onClick={() => void hide(!data.hidden)}
          >
            {data.hidden ? <Trans>Unhide</Trans> : <Trans>Hide</Trans>}
          </button>
          {data.viewerMayEdit ? (
            <button
              type="button"
              className="button button--small button--ghost survey-row__delete"
              aria-label={t`Delete ${name}`}
              onClick={() => setConfirming(true)}
            >
              <Trans>Delete</Trans>
            </button>
          ) : null}
        </div>
        {confirming ? (
          <ConfirmDeleteDialog name={name} responseCount={data.responseCount} onCancel={() => setConfirming(false)} onConfirm={() => void remove()} />
        ) : null}
      </td>
    </tr>
  );
}
