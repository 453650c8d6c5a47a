import { Trans, useLingui } from "@lingui/react/macro";
import { useCallback, useMemo, useState } from "react";
import { graphql, useLazyLoadQuery, useMutation } from "react-relay";
import { Link, Outlet, useLocation, useNavigate, useParams } from "react-router-dom";
import type { NotificationEditorLayoutCreateMutation } from "../__generated__/NotificationEditorLayoutCreateMutation.graphql";
import type { NotificationEditorLayoutQuery } from "../__generated__/NotificationEditorLayoutQuery.graphql";
import type { NotificationEditorLayoutUpdateMutation } from "../__generated__/NotificationEditorLayoutUpdateMutation.graphql";
import { useFormGuard } from "../shell/useFormGuard";
import { EmptyState, LinkButton, WarningIcon } from "../ui";
import { runMutation } from "../user-management/runMutation";
import { type EditorContext, type EditorStep, editorSteps } from "./editorContext";
import { allProblems, draftFromRule, emptyDraft, isRuleId, type RuleDraft, toInput } from "./ruleForm";
import "./notifications.css";

/**
 * /notifications/{id} ("new" for a rule not yet saved): the three-step editor (spec 001 §2):
 * preliminary, conditions, activate, then activate/success. It holds the draft while the steps (child
 * routes) change, and guards it: leaving with unsaved changes asks to cancel, discard or save.
 * The id is checked to be 24 hexadecimal characters before anything is fetched (spec 001 §5).
 */
export default function NotificationEditorLayout() {
  const { id = "" } = useParams();
  const { t } = useLingui();
  if (id !== "new" && !isRuleId(id)) {
    return (
      <section className="page notifications">
        <EmptyState
          title={t`This notification rule's address is not valid`}
          icon={WarningIcon}
          action={
            <LinkButton to="/notifications/list" variant="primary">
              <Trans>Back to the notification rules</Trans>
            </LinkButton>
          }
        >
          <Trans>A notification rule's id is 24 hexadecimal characters. Open the rule from the list.</Trans>
        </EmptyState>
      </section>
    );
  }
  return <Editor key={id} id={id} />;
}

function Editor({ id }: { id: string }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const location = useLocation();
  const isNew = id === "new";
  const data = useLazyLoadQuery<NotificationEditorLayoutQuery>(
    graphql`
      query NotificationEditorLayoutQuery($id: String!, $existing: Boolean!) {
        notificationRule(id: $id) @include(if: $existing) {
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
          webhookSecret
          webhookDeliveries {
            deliveryId
            url
            responseId
            status
            attempts
            lastStatusCode
            lastError
            createdAt
          }
        }
        surveys(first: 500) {
          edges {
            node {
              legacyId
              name
              archived
            }
          }
        }
        touchpoints(first: 500) {
          edges {
            node {
              legacyId
              name
              type
            }
          }
        }
        viewer {
          currentOrganization {
            availableFeatures
          }
        }
      }
    `,
    { id: isNew ? "000000000000000000000000" : id, existing: !isNew },
    { fetchPolicy: "network-only" },
  );
  const [commitCreate] = useMutation<NotificationEditorLayoutCreateMutation>(graphql`
    mutation NotificationEditorLayoutCreateMutation($input: NotificationRuleInput!) {
      createNotificationRule(input: $input) {
        message
        rule {
          legacyId
        }
      }
    }
  `);
  const [commitUpdate] = useMutation<NotificationEditorLayoutUpdateMutation>(graphql`
    mutation NotificationEditorLayoutUpdateMutation($id: String!, $input: NotificationRuleInput!) {
      updateNotificationRule(id: $id, input: $input) {
        message
        rule {
          legacyId
        }
      }
    }
  `);

  const initial = useMemo<RuleDraft>(() => (data.notificationRule ? draftFromRule(data.notificationRule) : emptyDraft()), [data.notificationRule]);
  const [draft, setDraft] = useState<RuleDraft>(initial);
  const [saved, setSaved] = useState<RuleDraft>(initial);
  const [saving, setSaving] = useState(false);
  const update = useCallback((change: Partial<RuleDraft>) => setDraft((d) => ({ ...d, ...change })), []);
  const problems = allProblems(draft);
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);
  const features = data.viewer?.currentOrganization?.availableFeatures ?? [];

  /** Saves the draft (a create for "new"); the rule's id, or null when the API refused it (its message is shown). */
  const persist = useCallback(async (): Promise<string | null> => {
    setSaving(true);
    try {
      const input = toInput(draft);
      const messages = { success: t`Saved`, fallbackError: t`A generic error occurred` };
      if (isNew) {
        const answer = await runMutation("saveNotificationRule", commitCreate, { input }, messages);
        if (!answer) return null;
        setSaved(draft);
        return answer.createNotificationRule.rule.legacyId;
      }
      const answer = await runMutation("saveNotificationRule", commitUpdate, { id, input }, messages);
      if (!answer) return null;
      setSaved(draft);
      return id;
    } finally {
      setSaving(false);
    }
  }, [draft, isNew, id, commitCreate, commitUpdate, t]);
  const save = useCallback(async () => (await persist()) !== null, [persist]);
  const finish = useCallback(async () => {
    const savedId = await persist();
    // saved: the draft is no longer dirty once this render is done, so the guard lets the step go
    if (savedId) setTimeout(() => navigate(`/notifications/${savedId}/activate/success`, { replace: isNew }), 0);
  }, [persist, navigate, isNew]);

  // Moving between the steps of this rule is not leaving it.
  const base = `/notifications/${id}/`;
  const { dialog } = useFormGuard({
    dirty: dirty && !saving,
    valid: problems.length === 0,
    save,
    stays: (next) => next.pathname.startsWith(base) && !next.pathname.endsWith("/success"),
  });

  if (!isNew && !data.notificationRule) {
    return (
      <section className="page notifications">
        <EmptyState
          title={t`Notification not found`}
          icon={WarningIcon}
          action={<LinkButton to="/notifications/list">{t`Back to the notification rules`}</LinkButton>}
        />
      </section>
    );
  }

  const current = location.pathname.endsWith("/success") ? "success" : (location.pathname.split("/").pop() as EditorStep);
  const position = current === "success" ? editorSteps.length : Math.max(0, editorSteps.indexOf(current));
  const go: EditorContext["go"] = (step) => navigate(`${base}${step}`);
  const stepLabel: Record<EditorStep, string> = { preliminary: t`Basics`, conditions: t`Conditions`, activate: t`Activate` };
  const context: EditorContext = {
    id,
    isNew,
    draft,
    update,
    surveys: data.surveys.edges.map((e) => e.node).filter((s) => !s.archived || s.legacyId === draft.surveyId),
    touchpoints: data.touchpoints.edges.map((e) => e.node),
    toAllEmails: features.includes("notificationsToAllEmails"),
    toOrganizationUsers: features.includes("notificationsToOrganizationUsers"),
    problems,
    webhookSecret: data.notificationRule?.webhookSecret ?? null,
    webhookDeliveries: data.notificationRule?.webhookDeliveries ?? [],
    go,
    finish,
    saving,
  };
  return (
    <section className="page notifications" aria-labelledby="notification-editor-title">
      <h1 id="notification-editor-title" className="page__title">
        {isNew ? <Trans>New notification rule</Trans> : <Trans>Notification rule {saved.name}</Trans>}
      </h1>
      <nav aria-label={t`Notification rule steps`}>
        <ol className="notifications__steps">
          {editorSteps.map((step, i) => (
            <li
              key={step}
              className={i === position ? "notifications__step--current" : i < position ? "notifications__step--done" : undefined}
              aria-current={i === position ? "step" : undefined}
            >
              {i < position || !isNew ? <Link to={`${base}${step}`}>{stepLabel[step]}</Link> : stepLabel[step]}
            </li>
          ))}
        </ol>
      </nav>
      <Outlet context={context} />
      {dialog}
    </section>
  );
}
