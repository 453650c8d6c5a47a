import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { graphql, useLazyLoadQuery, useMutation } from "react-relay";
import type { NotificationListPageCopyMutation } from "../__generated__/NotificationListPageCopyMutation.graphql";
import type { NotificationListPageDeleteMutation } from "../__generated__/NotificationListPageDeleteMutation.graphql";
import type { NotificationListPageQuery } from "../__generated__/NotificationListPageQuery.graphql";
import { ConfirmDialog } from "../shell/ConfirmDialog";
import { AddIcon, Button, CopyIcon, DeleteIcon, EditIcon, EmptyState, IconButton, LinkButton, MailIcon, StatusPill } from "../ui";
import { runMutation } from "../user-management/runMutation";
import { copyInput } from "./ruleForm";
import "./notifications.css";

/**
 * /notifications/list: the notification rules the person sees (an organisation admin every rule of
 * the organisation, anyone else their own), with edit, copy and delete. A copy is created as a new
 * rule; then the selection is cleared and the list reloaded (spec 001 §4).
 */
export default function NotificationListPage() {
  const { t } = useLingui();
  const [fetchKey, setFetchKey] = useState(0);
  const [selected, setSelected] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<{ id: string; name: string } | null>(null);
  const data = useLazyLoadQuery<NotificationListPageQuery>(
    graphql`
      query NotificationListPageQuery {
        notificationRules {
          id
          legacyId
          name
          surveyId
          touchpointIds
          conditionGroups {
            conditions {
              questionId
              values
              numbers
              gte
              lt
            }
          }
          delay
          receivers
          format
          messageContentFromQuestionIds
          active
          webhooks
          lastSentAt
        }
        surveys(first: 500) {
          edges {
            node {
              legacyId
              name
            }
          }
        }
      }
    `,
    {},
    { fetchPolicy: "store-and-network", fetchKey },
  );
  const [commitCopy] = useMutation<NotificationListPageCopyMutation>(graphql`
    mutation NotificationListPageCopyMutation($input: NotificationRuleInput!) {
      createNotificationRule(input: $input) {
        message
        rule {
          legacyId
        }
      }
    }
  `);
  const [commitDelete] = useMutation<NotificationListPageDeleteMutation>(graphql`
    mutation NotificationListPageDeleteMutation($id: String!) {
      deleteNotificationRule(id: $id) {
        legacyId
      }
    }
  `);
  const surveyNames = new Map(data.surveys.edges.map((e) => [e.node.legacyId, e.node.name]));
  const rules = data.notificationRules;
  const reload = () => {
    setSelected(null);
    setFetchKey((k) => k + 1);
  };

  const copy = async (rule: (typeof rules)[number]) => {
    setSelected(rule.legacyId);
    const answer = await runMutation(
      "copyNotificationRule",
      commitCopy,
      { input: copyInput(rule, t`${rule.name} (copy)`) },
      { success: t`Copied`, fallbackError: t`A generic error occurred` },
    );
    if (answer) reload();
  };
  const remove = async () => {
    if (!deleting) return;
    const { id } = deleting;
    setDeleting(null);
    const answer = await runMutation("deleteNotificationRule", commitDelete, { id }, { success: t`Deleted`, fallbackError: t`A generic error occurred` });
    if (answer) reload();
  };

  return (
    <section className="page notifications" aria-labelledby="notifications-title">
      <header className="notifications__header">
        <h1 id="notifications-title" className="page__title">
          <Trans>Notification rules</Trans>
        </h1>
        {rules.length > 0 && (
          <LinkButton to="/notifications/new/preliminary" variant="primary" icon={AddIcon}>
            <Trans>New notification rule</Trans>
          </LinkButton>
        )}
      </header>
      {rules.length === 0 ? (
        <EmptyState
          title={t`No notification rules yet`}
          icon={MailIcon}
          action={
            <LinkButton to="/notifications/new/preliminary" variant="primary" icon={AddIcon}>
              <Trans>Create a notification rule</Trans>
            </LinkButton>
          }
        >
          <Trans>A rule e-mails the people you choose when a response meets your conditions, for example when a customer gives a low score.</Trans>
        </EmptyState>
      ) : (
        <table className="notifications__table">
          <thead>
            <tr>
              <th scope="col">
                <Trans>Name</Trans>
              </th>
              <th scope="col">
                <Trans>Survey</Trans>
              </th>
              <th scope="col">
                <Trans>Receivers</Trans>
              </th>
              <th scope="col">
                <Trans>Delay</Trans>
              </th>
              <th scope="col">
                <Trans>State</Trans>
              </th>
              <th scope="col">
                <Trans>Actions</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {rules.map((rule) => (
              <tr key={rule.id} className={selected === rule.legacyId ? "notifications__row--selected" : undefined} aria-selected={selected === rule.legacyId}>
                <td>{rule.name}</td>
                <td>{surveyNames.get(rule.surveyId) ?? t`Survey not found`}</td>
                <td>{rule.receivers.join(", ")}</td>
                <td>{t`${rule.delay} min`}</td>
                <td>
                  <StatusPill tone={rule.active ? "success" : "neutral"}>{rule.active ? t`Active` : t`Paused`}</StatusPill>
                </td>
                <td>
                  <div className="notifications__actions">
                    <LinkButton to={`/notifications/${rule.legacyId}`} variant="quiet" size="sm" icon={EditIcon}>
                      <Trans>Edit</Trans>
                    </LinkButton>
                    <IconButton label={t`Copy ${rule.name}`} icon={CopyIcon} size="sm" onClick={() => void copy(rule)} />
                    <IconButton
                      label={t`Delete ${rule.name}`}
                      icon={DeleteIcon}
                      size="sm"
                      variant="danger"
                      onClick={() => {
                        setSelected(rule.legacyId);
                        setDeleting({ id: rule.legacyId, name: rule.name });
                      }}
                    />
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {deleting && (
        <ConfirmDialog
          title={<Trans>Delete the notification rule?</Trans>}
          cancelLabel={<Trans>Cancel</Trans>}
          onCancel={() => setDeleting(null)}
          actions={
            <Button variant="danger" onClick={() => void remove()}>
              <Trans>Delete</Trans>
            </Button>
          }
        >
          <Trans>{deleting.name} will no longer send alerts. This cannot be undone.</Trans>
        </ConfirmDialog>
      )}
    </section>
  );
}
