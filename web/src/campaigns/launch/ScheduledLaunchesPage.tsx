import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { graphql, useLazyLoadQuery, useMutation } from "react-relay";
import type { ScheduledLaunchesPageCancelMutation } from "../../__generated__/ScheduledLaunchesPageCancelMutation.graphql";
import { Button, EmptyState, StatusPill } from "../../ui";
import type { ScheduledLaunchesPageQuery } from "../../__generated__/ScheduledLaunchesPageQuery.graphql";
import type { ScheduledLaunchesPageUpdateMutation } from "../../__generated__/ScheduledLaunchesPageUpdateMutation.graphql";
import { runMutation } from "../../user-management/runMutation";
import { ScheduleFields } from "./ScheduleFields";
import { useLaunchLabels } from "./useLaunchLabels";
import { emptySchedule, scheduleInput, type ScheduleDraft } from "./wizardState";
import "./launch.css";

/**
 * /surveys/scheduled: the scheduled and recurring launches (and those that failed lately, with the
 * reason). Those who may launch the survey to its touchpoints edit the time or recurrence, or
 * cancel ("launch cancelled").
 */
export default function ScheduledLaunchesPage() {
  const { t } = useLingui();
  const { typeLabel, dateTime, recurrenceText } = useLaunchLabels();
  const [fetchKey, setFetchKey] = useState(0);
  const reload = () => setFetchKey((k) => k + 1);
  const data = useLazyLoadQuery<ScheduledLaunchesPageQuery>(
    graphql`
      query ScheduledLaunchesPageQuery {
        scheduledLaunches(first: 200) {
          edges {
            node {
              id
              legacyId
              surveyName
              channel
              kind
              status
              nextRunAt
              timeZone
              recurrence {
                every
                weekday
                dayOfMonth
                time
                timeZone
              }
              touchpoints {
                name
                type
              }
              messageTemplateName
              error
              mayChange
            }
          }
        }
      }
    `,
    {},
    { fetchPolicy: "store-and-network", fetchKey },
  );
  const [commitCancel] = useMutation<ScheduledLaunchesPageCancelMutation>(graphql`
    mutation ScheduledLaunchesPageCancelMutation($id: ID!) {
      cancelScheduledLaunch(id: $id) {
        message
        launch {
          id
          status
        }
      }
    }
  `);
  const [commitUpdate] = useMutation<ScheduledLaunchesPageUpdateMutation>(graphql`
    mutation ScheduledLaunchesPageUpdateMutation($input: UpdateScheduledLaunchInput!) {
      updateScheduledLaunch(input: $input) {
        launch {
          id
          kind
          nextRunAt
        }
      }
    }
  `);
  const [editing, setEditing] = useState<string | null>(null);
  const [draft, setDraft] = useState<ScheduleDraft>({ ...emptySchedule, plan: "later" });
  const launches = data.scheduledLaunches.edges.map((e) => e.node);

  const cancel = async (id: string, name: string) => {
    if (!window.confirm(t`Cancel the launch of ${name}?`)) return;
    if (await runMutation("cancelScheduledLaunch", commitCancel, { id }, { success: t`launch cancelled`, fallbackError: t`A generic error occurred` }))
      reload();
  };
  const save = async (id: string) => {
    const answer = await runMutation(
      "updateScheduledLaunch",
      commitUpdate,
      { input: { id, schedule: scheduleInput(draft) } },
      { success: t`saved`, fallbackError: t`A generic error occurred` },
    );
    if (answer) {
      setEditing(null);
      reload();
    }
  };

  return (
    <section className="page" aria-labelledby="scheduled-title">
      <h1 id="scheduled-title" className="page__title">
        {t`Scheduled surveys`}
      </h1>
      {launches.length === 0 ? (
        <EmptyState title={t`No scheduled launches.`}>
          <Trans>Launches planned for later, and recurring ones, are listed here, where they can be changed or cancelled.</Trans>
        </EmptyState>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th scope="col">
                <Trans>Survey</Trans>
              </th>
              <th scope="col">
                <Trans>Touchpoints</Trans>
              </th>
              <th scope="col">
                <Trans>When</Trans>
              </th>
              <th scope="col">
                <Trans>Status</Trans>
              </th>
              <th scope="col">
                <Trans>Actions</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {launches.map((l) => (
              <tr key={l.id}>
                <th scope="row">{l.surveyName}</th>
                <td>
                  {l.touchpoints.map((tp) => `${tp.name} (${typeLabel(tp.type)})`).join(", ")}
                  {l.messageTemplateName ? <div className="muted">{t`Template: ${l.messageTemplateName}`}</div> : null}
                </td>
                <td>
                  {l.recurrence ? <div>{recurrenceText(l.recurrence)}</div> : null}
                  {l.nextRunAt ? <div>{t`Next: ${dateTime(l.nextRunAt, l.timeZone)} (${l.timeZone ?? ""})`}</div> : null}
                </td>
                <td>
                  {l.status === "failed" ? <StatusPill tone="danger">{t`Failed`}</StatusPill> : <StatusPill tone="info">{t`Scheduled`}</StatusPill>}
                  {l.error ? (
                    <div role="alert" className="field__error">
                      {l.error}
                    </div>
                  ) : null}
                </td>
                <td>
                  {l.mayChange && editing !== l.id ? (
                    <div className="launch-actions">
                      <Button
                        size="sm"
                        aria-label={t`Edit the launch of ${l.surveyName}`}
                        onClick={() => {
                          const r = l.recurrence;
                          setDraft(
                            r
                              ? {
                                  ...emptySchedule,
                                  plan: "recurring",
                                  every: r.every === "month" ? "month" : "week",
                                  weekday: r.weekday ?? 1,
                                  dayOfMonth: r.dayOfMonth ?? 1,
                                  time: r.time,
                                }
                              : { ...emptySchedule, plan: "later" },
                          );
                          setEditing(l.id);
                        }}
                      >
                        <Trans>Edit</Trans>
                      </Button>
                      <Button size="sm" variant="danger" aria-label={t`Cancel the launch of ${l.surveyName}`} onClick={() => void cancel(l.id, l.surveyName)}>
                        <Trans>Cancel launch</Trans>
                      </Button>
                    </div>
                  ) : null}
                  {editing === l.id ? (
                    <form
                      aria-label={t`Change the launch of ${l.surveyName}`}
                      onSubmit={(e) => {
                        e.preventDefault();
                        void save(l.id);
                      }}
                    >
                      <ScheduleFields value={draft} onChange={setDraft} timeZone={l.timeZone ?? ""} allowNow={false} idPrefix={`edit-${l.legacyId}`} />
                      <div className="launch-actions">
                        <Button type="submit" size="sm" variant="primary">
                          <Trans>Save</Trans>
                        </Button>
                        <Button size="sm" onClick={() => setEditing(null)}>
                          <Trans>Close</Trans>
                        </Button>
                      </div>
                    </form>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
