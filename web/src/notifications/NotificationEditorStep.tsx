import { Trans, useLingui } from "@lingui/react/macro";
import { Suspense, useId } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { useLocation } from "react-router-dom";
import type { NotificationEditorStepQuestionsQuery } from "../__generated__/NotificationEditorStepQuestionsQuery.graphql";
import { AddIcon, Button, CheckIcon, DeleteIcon, EmptyState, IconButton, LinkButton, Skeleton, StatusPill } from "../ui";
import { toGlobalId } from "../util/globalId";
import { useEditor } from "./editorContext";
import {
  activateProblems,
  conditionProblems,
  emptyCondition,
  emptyGroup,
  kindOf,
  type ConditionDraft,
  type GroupDraft,
  type Problem,
  preliminaryProblems,
  suggestedMinimumDelay,
} from "./ruleForm";

/** One step of the notification rule editor, by the address: preliminary, conditions, activate or activate/success. */
export default function NotificationEditorStep() {
  const path = useLocation().pathname;
  if (path.endsWith("/success")) return <SuccessStep />;
  if (path.endsWith("/conditions")) return <ConditionsStep />;
  if (path.endsWith("/activate")) return <ActivateStep />;
  return <PreliminaryStep />;
}

function useProblemText() {
  const { t } = useLingui();
  const text: Record<Problem, string> = {
    name: t`Give the rule a name.`,
    survey: t`Choose a survey.`,
    touchpoints: t`Choose at least one touchpoint.`,
    conditions: t`Add at least one condition.`,
    conditionQuestion: t`Choose a question for every condition.`,
    conditionValues: t`Each condition needs at least one value.`,
    bounds: t`Slider bounds are numbers of at least 0, the lower one below the upper one.`,
    delay: t`The delay is a whole number of minutes from 0 to 10080.`,
    receivers: t`Add at least one receiver.`,
    receiverAddress: t`Every receiver must be a valid e-mail address.`,
    webhookUrl: t`Every webhook URL must start with http:// or https://.`,
  };
  return (p: Problem) => text[p];
}

function Problems({ problems }: { problems: readonly Problem[] }) {
  const text = useProblemText();
  if (problems.length === 0) return null;
  return (
    <ul className="notifications__problems" aria-live="polite">
      {problems.map((p) => (
        <li key={p}>{text(p)}</li>
      ))}
    </ul>
  );
}

function PreliminaryStep() {
  const { t } = useLingui();
  const { draft, update, surveys, touchpoints, go } = useEditor();
  const nameId = useId();
  const surveyId = useId();
  const problems = preliminaryProblems(draft);
  const typeLabel: Record<string, string> = {
    terminal: t`Terminals`,
    link: t`Links`,
    qr: t`QR codes`,
    website: t`Web widgets`,
    emailContactList: t`Email campaigns`,
    smsContactList: t`SMS campaigns`,
    legacyPlugin: t`Legacy web plugins`,
  };
  const groups = new Map<string, typeof touchpoints>();
  for (const tp of touchpoints) groups.set(tp.type, [...(groups.get(tp.type) ?? []), tp]);
  const toggle = (legacyId: string, on: boolean) =>
    update({ touchpointIds: on ? [...draft.touchpointIds, legacyId] : draft.touchpointIds.filter((x) => x !== legacyId) });
  return (
    <form
      className="notifications__form"
      onSubmit={(e) => {
        e.preventDefault();
        if (problems.length === 0) go("conditions");
      }}
    >
      <div className="notifications__field field">
        <label htmlFor={nameId}>
          <Trans>Name</Trans>
        </label>
        <input id={nameId} value={draft.name} maxLength={200} onChange={(e) => update({ name: e.target.value })} />
      </div>
      <div className="notifications__field field">
        <label htmlFor={surveyId}>
          <Trans>Survey</Trans>
        </label>
        <select
          id={surveyId}
          value={draft.surveyId}
          onChange={(e) =>
            // the conditions and chosen answers belong to the survey's questions
            update({ surveyId: e.target.value, groups: [emptyGroup()], contentQuestionIds: [] })
          }
        >
          <option value="">{t`Choose a survey`}</option>
          {surveys.map((s) => (
            <option key={s.legacyId} value={s.legacyId}>
              {s.name}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="notifications__touchpoints">
        <legend>
          <Trans>Touchpoints whose responses are checked</Trans>
        </legend>
        {touchpoints.length === 0 ? (
          <p className="muted">
            <Trans>You have no touchpoints to choose from.</Trans>
          </p>
        ) : (
          [...groups].map(([type, list]) => (
            <fieldset key={type} className="notifications__touchpoint-group">
              <legend>{typeLabel[type] ?? type}</legend>
              {list.map((tp) => (
                <label key={tp.legacyId} className="notifications__check">
                  <input type="checkbox" checked={draft.touchpointIds.includes(tp.legacyId)} onChange={(e) => toggle(tp.legacyId, e.target.checked)} />
                  {tp.name}
                </label>
              ))}
            </fieldset>
          ))
        )}
      </fieldset>
      <Problems problems={problems} />
      <div className="notifications__actions-bar">
        <LinkButton to="/notifications/list">
          <Trans>Cancel</Trans>
        </LinkButton>
        <Button type="submit" variant="primary" disabled={problems.length > 0}>
          <Trans>Next: conditions</Trans>
        </Button>
      </div>
    </form>
  );
}

function ConditionsStep() {
  const { t } = useLingui();
  const { draft, id } = useEditor();
  if (!draft.surveyId) {
    return <EmptyState title={t`Choose a survey first`} action={<LinkButton to={`/notifications/${id}/preliminary`}>{t`Back to the basics`}</LinkButton>} />;
  }
  return (
    <Suspense fallback={<Skeleton lines={6} label={t`Loading the survey's questions`} />}>
      <ConditionsEditor surveyId={draft.surveyId} />
    </Suspense>
  );
}

type Question = NotificationEditorStepQuestionsQuery["response"]["survey"]["questions"][number];

function ConditionsEditor({ surveyId }: { surveyId: string }) {
  const { t, i18n } = useLingui();
  const { draft, update, go } = useEditor();
  const data = useLazyLoadQuery<NotificationEditorStepQuestionsQuery>(
    graphql`
      query NotificationEditorStepQuestionsQuery($surveyId: ID!) {
        survey(id: $surveyId) {
          questions {
            legacyId
            type
            title {
              language
              text
            }
            choices {
              id
              hidden
              text {
                language
                text
              }
            }
            options {
              ... on SliderOptions {
                min
                max
              }
              ... on SmileyOptions {
                buttons
              }
            }
          }
        }
      }
    `,
    { surveyId: toGlobalId("Survey", surveyId) },
  );
  const questions = data.survey.questions;
  const byId = new Map(questions.map((q) => [q.legacyId, q]));
  const text = (list: readonly { language: string; text: string }[]) =>
    list.find((x) => x.language === i18n.locale)?.text ?? list.find((x) => x.language === "en")?.text ?? list[0]?.text ?? "";
  const problems = conditionProblems(draft);
  const setGroups = (groups: GroupDraft[]) => update({ groups });
  const setCondition = (g: number, c: number, change: Partial<ConditionDraft>) =>
    setGroups(
      draft.groups.map((group, gi) => (gi !== g ? group : { ...group, conditions: group.conditions.map((x, ci) => (ci === c ? { ...x, ...change } : x)) })),
    );
  const toggleContent = (id: string, on: boolean) =>
    update({ contentQuestionIds: on ? [...draft.contentQuestionIds, id] : draft.contentQuestionIds.filter((x) => x !== id) });

  return (
    <form
      className="notifications__form"
      onSubmit={(e) => {
        e.preventDefault();
        if (problems.length === 0) go("activate");
      }}
    >
      <p className="muted">
        <Trans>A response matches when every group holds; a group holds when any of its conditions does.</Trans>
      </p>
      {draft.groups.map((group, g) => (
        <fieldset key={group.key} className="notifications__group">
          <legend>{g === 0 ? t`Condition group ${g + 1}` : t`and condition group ${g + 1}`}</legend>
          {group.conditions.map((condition, c) => (
            <ConditionRow
              key={condition.key}
              condition={condition}
              question={byId.get(condition.questionId)}
              questions={questions}
              first={c === 0}
              label={(q) => text(q.title) || t`Question ${q.legacyId}`}
              choiceLabel={text}
              onChange={(change) => setCondition(g, c, change)}
              onRemove={() => setGroups(draft.groups.map((x, gi) => (gi !== g ? x : { ...x, conditions: x.conditions.filter((_, ci) => ci !== c) })))}
            />
          ))}
          <div className="notifications__group-actions">
            <Button
              size="sm"
              icon={AddIcon}
              onClick={() => setGroups(draft.groups.map((x, gi) => (gi !== g ? x : { ...x, conditions: [...x.conditions, emptyCondition()] })))}
            >
              <Trans>Or…</Trans>
            </Button>
            <IconButton
              label={t`Remove condition group ${g + 1}`}
              icon={DeleteIcon}
              size="sm"
              onClick={() => setGroups(draft.groups.filter((_, gi) => gi !== g))}
            />
          </div>
        </fieldset>
      ))}
      <Button icon={AddIcon} onClick={() => setGroups([...draft.groups, emptyGroup()])}>
        <Trans>And…</Trans>
      </Button>
      <fieldset className="notifications__content">
        <legend>
          <Trans>Answers the message includes (none chosen: every answer)</Trans>
        </legend>
        {questions.map((q) => (
          <label key={q.legacyId} className="notifications__check">
            <input type="checkbox" checked={draft.contentQuestionIds.includes(q.legacyId)} onChange={(e) => toggleContent(q.legacyId, e.target.checked)} />
            {text(q.title) || q.legacyId}
          </label>
        ))}
      </fieldset>
      <Problems problems={problems} />
      <div className="notifications__actions-bar">
        <Button onClick={() => go("preliminary")}>
          <Trans>Back</Trans>
        </Button>
        <Button type="submit" variant="primary" disabled={problems.length > 0}>
          <Trans>Next: activate</Trans>
        </Button>
      </div>
    </form>
  );
}

function ConditionRow({
  condition,
  question,
  questions,
  first,
  label,
  choiceLabel,
  onChange,
  onRemove,
}: {
  condition: ConditionDraft;
  question: Question | undefined;
  questions: readonly Question[];
  first: boolean;
  label: (q: Question) => string;
  choiceLabel: (list: readonly { language: string; text: string }[]) => string;
  onChange: (change: Partial<ConditionDraft>) => void;
  onRemove: () => void;
}) {
  const { t } = useLingui();
  const questionId = useId();
  const toggle = (value: string, on: boolean) => onChange({ values: on ? [...condition.values, value] : condition.values.filter((v) => v !== value) });
  const checks = (options: { value: string; label: string }[]) => (
    <fieldset className="notifications__values">
      <legend>{t`Values`}</legend>
      {options.map((o) => (
        <label key={o.value} className="notifications__check">
          <input type="checkbox" checked={condition.values.includes(o.value)} onChange={(e) => toggle(o.value, e.target.checked)} />
          {o.label}
        </label>
      ))}
    </fieldset>
  );
  let values: React.ReactNode = null;
  if (question) {
    switch (question.type) {
      case "nps":
        values = checks(Array.from({ length: 11 }, (_, i) => ({ value: String(i), label: String(i) })));
        break;
      case "smiley": {
        const buttons = question.options?.buttons === 4 ? 4 : 5;
        values = checks(Array.from({ length: buttons }, (_, i) => ({ value: String(i), label: t`${i + 1} of ${buttons}` })));
        break;
      }
      case "slider":
        values = (
          <div className="notifications__bounds">
            <label>
              <Trans>At least</Trans>
              <input type="number" min={0} value={condition.gte} onChange={(e) => onChange({ gte: e.target.value })} />
            </label>
            <label>
              <Trans>Below</Trans>
              <input type="number" min={0} value={condition.lt} onChange={(e) => onChange({ lt: e.target.value })} />
            </label>
            <span className="muted">
              <Trans>
                Scale {question.options?.min ?? 0}–{question.options?.max ?? 10}; an empty bound is left out
              </Trans>
            </span>
          </div>
        );
        break;
      case "openText":
        values = (
          <label className="notifications__words">
            <Trans>Words (any of them, separated by commas)</Trans>
            <input
              value={condition.values.join(",")}
              onChange={(e) => onChange({ values: e.target.value.split(",").map((w) => w.trimStart()) })}
              placeholder={t`refund, broken`}
            />
          </label>
        );
        break;
      case "contactDetails":
        values = checks([
          { value: "name", label: t`Name given` },
          { value: "email", label: t`E-mail given` },
          { value: "phone", label: t`Phone given` },
        ]);
        break;
      default:
        values = checks(question.choices.filter((c) => !c.hidden).map((c) => ({ value: c.id, label: choiceLabel(c.text) || c.id })));
    }
  }
  return (
    <div className="notifications__condition">
      {!first && (
        <span className="notifications__or" aria-hidden="true">
          <Trans>or</Trans>
        </span>
      )}
      <label htmlFor={questionId}>
        <Trans>Question</Trans>
      </label>
      <select
        id={questionId}
        value={condition.questionId}
        onChange={(e) => {
          const q = questions.find((x) => x.legacyId === e.target.value);
          onChange({ questionId: e.target.value, kind: kindOf(q?.type ?? ""), values: [], gte: "", lt: "" });
        }}
      >
        <option value="">{t`Choose a question`}</option>
        {questions.map((q) => (
          <option key={q.legacyId} value={q.legacyId}>
            {label(q)}
          </option>
        ))}
      </select>
      {values}
      <IconButton label={t`Remove this condition`} icon={DeleteIcon} size="sm" onClick={onRemove} />
    </div>
  );
}

function ActivateStep() {
  const { t } = useLingui();
  const { draft, update, go, finish, saving, problems, toAllEmails, toOrganizationUsers, webhookSecret } = useEditor();
  const webhooksId = useId();
  const webhooksHintId = useId();
  const delayId = useId();
  const receiversId = useId();
  const hintId = useId();
  const own = activateProblems(draft);
  const delay = Number(draft.delay);
  if (!toAllEmails && !toOrganizationUsers) {
    return <EmptyState title={t`No access to the feature: upgrade or contact support`}>{t`Your plan does not include notifications.`}</EmptyState>;
  }
  return (
    <form
      className="notifications__form"
      onSubmit={(e) => {
        e.preventDefault();
        if (problems.length === 0) void finish();
      }}
    >
      <div className="notifications__field field">
        <label htmlFor={delayId}>
          <Trans>Delay (minutes)</Trans>
        </label>
        <input id={delayId} type="number" min={0} max={10080} step={1} value={draft.delay} onChange={(e) => update({ delay: e.target.value })} />
        {Number.isFinite(delay) && delay < suggestedMinimumDelay && (
          <p className="muted">
            <Trans>We suggest at least {suggestedMinimumDelay} minutes. The alert goes when the response is complete or the delay has passed.</Trans>
          </p>
        )}
      </div>
      <div className="notifications__field field">
        <label htmlFor={receiversId}>
          <Trans>Receivers (e-mail addresses, one per line)</Trans>
        </label>
        <textarea id={receiversId} rows={4} aria-describedby={hintId} value={draft.receivers} onChange={(e) => update({ receivers: e.target.value })} />
        <p id={hintId} className="muted">
          {toAllEmails ? <Trans>Any e-mail address can receive alerts.</Trans> : <Trans>Your plan alerts only the organisation's users.</Trans>}
        </p>
      </div>
      <fieldset className="notifications__field">
        <legend>
          <Trans>Format</Trans>
        </legend>
        <label className="notifications__check">
          <input type="radio" name="format" checked={draft.format === "plain"} onChange={() => update({ format: "plain" })} />
          <Trans>Plain text</Trans>
        </label>
        <label className="notifications__check">
          <input type="radio" name="format" checked={draft.format === "markdown"} onChange={() => update({ format: "markdown" })} />
          <Trans>Formatted</Trans>
        </label>
      </fieldset>
      <label className="notifications__check">
        <input type="checkbox" checked={draft.active} onChange={(e) => update({ active: e.target.checked })} />
        <Trans>Active (send alerts)</Trans>
      </label>
      <div className="notifications__field field">
        <label htmlFor={webhooksId}>
          <Trans>Webhook URLs (optional, one per line)</Trans>
        </label>
        <textarea
          id={webhooksId}
          rows={2}
          aria-describedby={webhooksHintId}
          value={draft.webhooks}
          onChange={(e) => update({ webhooks: e.target.value })}
          placeholder="https://"
        />
        <p id={webhooksHintId} className="muted">
          <Trans>
            Each URL gets a signed POST when the rule fires (Standard Webhooks: webhook-id, webhook-timestamp and webhook-signature headers), retried when it
            fails. Private addresses are refused.
          </Trans>
        </p>
        {webhookSecret && (
          <p>
            <Trans>Signing secret:</Trans> <code>{webhookSecret}</code>
          </p>
        )}
      </div>
      <WebhookDeliveries />
      <Problems problems={problems.length > own.length ? problems : own} />
      <div className="notifications__actions-bar">
        <Button onClick={() => go("conditions")}>
          <Trans>Back</Trans>
        </Button>
        <Button type="submit" variant="primary" icon={CheckIcon} disabled={problems.length > 0} loading={saving}>
          <Trans>Save and activate</Trans>
        </Button>
      </div>
    </form>
  );
}

function WebhookDeliveries() {
  const { t, i18n } = useLingui();
  const { webhookDeliveries } = useEditor();
  if (webhookDeliveries.length === 0) return null;
  const statusText: Record<string, string> = { pending: t`Pending`, retrying: t`Retrying`, delivered: t`Delivered`, failed: t`Failed` };
  const tone = (s: string) => (s === "delivered" ? "success" : s === "failed" ? "danger" : s === "retrying" ? "warning" : "neutral");
  return (
    <table className="notifications__table">
      <caption>
        <Trans>Latest webhook deliveries</Trans>
      </caption>
      <thead>
        <tr>
          <th scope="col">
            <Trans>Time</Trans>
          </th>
          <th scope="col">
            <Trans>URL</Trans>
          </th>
          <th scope="col">
            <Trans>State</Trans>
          </th>
          <th scope="col">
            <Trans>Attempts</Trans>
          </th>
          <th scope="col">
            <Trans>Last answer</Trans>
          </th>
        </tr>
      </thead>
      <tbody>
        {webhookDeliveries.map((d) => (
          <tr key={d.deliveryId}>
            <td>{new Date(d.createdAt).toLocaleString(i18n.locale)}</td>
            <td>
              <code>{d.url}</code>
            </td>
            <td>
              <StatusPill tone={tone(d.status)}>{statusText[d.status] ?? d.status}</StatusPill>
            </td>
            <td>{d.attempts}</td>
            <td>{d.lastError ?? d.lastStatusCode ?? ""}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function SuccessStep() {
  const { t } = useLingui();
  const { draft, id } = useEditor();
  return (
    <EmptyState
      title={draft.active ? t`The notification rule is active` : t`The notification rule is saved (paused)`}
      icon={CheckIcon}
      action={
        <LinkButton to="/notifications/list" variant="primary">
          <Trans>Back to the notification rules</Trans>
        </LinkButton>
      }
      secondaryAction={<LinkButton to={`/notifications/${id}/preliminary`}>{t`Edit the rule`}</LinkButton>}
    >
      <Trans>Responses that meet its conditions are e-mailed to its receivers.</Trans>
    </EmptyState>
  );
}
