import { Trans, useLingui } from "@lingui/react/macro";
import { Suspense, useId, useMemo, useState } from "react";
import { graphql, useLazyLoadQuery, useMutation } from "react-relay";
import { useNavigate, useParams } from "react-router-dom";
import type { JourneyEditPageQuery } from "../__generated__/JourneyEditPageQuery.graphql";
import type { JourneyEditPageCreateMutation } from "../__generated__/JourneyEditPageCreateMutation.graphql";
import type { JourneyEditPageUpdateMutation } from "../__generated__/JourneyEditPageUpdateMutation.graphql";
import { runMutation } from "../user-management/runMutation";
import { pathFor } from "../routes";
import { Button, EmptyState, LinkButton, Skeleton } from "../ui";
import { textsOf, pickText } from "../results/questionOptions";
import { mayManageJourneys } from "./journeyRights";
import { eligibleTypes, isJourneyId, journeyGlobalId, type JourneyKpi } from "./journeyIds";
import "./journeys.css";

type StageDraft = { key: number; name: string; touchpointIds: string[]; surveys: { surveyId: string; questionIds: string[] }[] };
type Draft = { name: string; kpi: JourneyKpi; stages: StageDraft[] };
type Errors = { name?: string; stages: Record<number, { name?: string; touchpoints?: string; surveys?: string; questions?: Record<string, string> }> };

let nextKey = 1;
const newStage = (): StageDraft => ({ key: nextKey++, name: "", touchpointIds: [], surveys: [] });

/**
 * /customer-journey/new and /customer-journey/{id} (spec 001 §2, §4, §5): the journey builder. A
 * journey has a name, a KPI and stages; each stage selects touchpoints first (the surveys open
 * once touchpoints are selected), then surveys and the questions that score the KPI. After creation
 * the view goes to the edit route.
 */
export default function JourneyEditPage() {
  const { id } = useParams();
  const { t } = useLingui();
  return (
    <Suspense
      fallback={
        <section className="page" aria-busy="true">
          <Skeleton label={t`Loading the journey…`} lines={6} />
        </section>
      }
    >
      <JourneyEditor key={id ?? "new"} legacyId={id && isJourneyId(id) ? id : null} badId={!!id && !isJourneyId(id)} />
    </Suspense>
  );
}

function JourneyEditor({ legacyId, badId }: { legacyId: string | null; badId: boolean }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const formId = useId();
  const data = useLazyLoadQuery<JourneyEditPageQuery>(
    graphql`
      query JourneyEditPageQuery($id: ID!, $editing: Boolean!) {
        viewer {
          organizationAdmin
          rolesPerUnit {
            rights
          }
        }
        customerJourney(id: $id) @include(if: $editing) {
          id
          legacyId
          name
          kpi
          steps {
            name
            touchpointIds
            surveys {
              surveyId
              questionIds
            }
          }
        }
        resultsFilterOptions {
          surveys {
            legacyId
            name
          }
          touchpoints {
            legacyId
            name
            type
          }
          questions {
            legacyId
            surveyLegacyId
            type
            title {
              language
              text
            }
          }
        }
      }
    `,
    { id: journeyGlobalId(legacyId ?? "000000000000000000000000"), editing: !!legacyId },
    { fetchPolicy: "store-and-network" },
  );
  const existing = data.customerJourney ?? null;
  const [draft, setDraft] = useState<Draft>(() =>
    existing
      ? {
          name: existing.name,
          kpi: existing.kpi as JourneyKpi,
          stages: existing.steps.map((s) => ({
            key: nextKey++,
            name: s.name,
            touchpointIds: [...s.touchpointIds],
            surveys: s.surveys.map((x) => ({ surveyId: x.surveyId, questionIds: [...x.questionIds] })),
          })),
        }
      : { name: "", kpi: "nps", stages: [newStage()] },
  );
  // After a refused save the messages follow the form as it is corrected.
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const [commitCreate] = useMutation<JourneyEditPageCreateMutation>(graphql`
    mutation JourneyEditPageCreateMutation($input: CustomerJourneyInput!) {
      createCustomerJourney(input: $input) {
        message
        journey {
          id
          legacyId
        }
      }
    }
  `);
  const [commitUpdate] = useMutation<JourneyEditPageUpdateMutation>(graphql`
    mutation JourneyEditPageUpdateMutation($id: ID!, $input: CustomerJourneyInput!) {
      updateCustomerJourney(id: $id, input: $input) {
        message
        journey {
          id
          name
          kpi
        }
      }
    }
  `);
  const options = data.resultsFilterOptions;
  const questionsBySurvey = useMemo(() => {
    const map = new Map<string, { id: string; type: string; title: string }[]>();
    for (const q of options.questions) {
      const list = map.get(q.surveyLegacyId) ?? [];
      list.push({ id: q.legacyId, type: q.type, title: pickText(textsOf(q.title), i18n.locale) || q.type });
      map.set(q.surveyLegacyId, list);
    }
    return map;
  }, [options.questions, i18n.locale]);
  const surveyName = new Map(options.surveys.map((s) => [s.legacyId, s.name]));
  const eligible = (surveyId: string, kpi: JourneyKpi) => (questionsBySurvey.get(surveyId) ?? []).filter((q) => eligibleTypes[kpi].includes(q.type));
  const kpiNames: Record<JourneyKpi, string> = { nps: t`NPS`, average: t`Average`, count: t`Count`, evi: t`EVI` };

  if (badId || (legacyId && !existing)) {
    return (
      <section className="page">
        <EmptyState title={t`Customer journey not found`} action={<LinkButton to="/customer-journey/list">{t`Back to journeys`}</LinkButton>} />
      </section>
    );
  }
  if (!mayManageJourneys(data.viewer)) {
    return (
      <section className="page">
        <h1 className="page__title">{existing ? <Trans>Edit customer journey</Trans> : <Trans>New customer journey</Trans>}</h1>
        <EmptyState
          title={t`You do not have the rights to manage customer journeys`}
          action={<LinkButton to="/customer-journey/list">{t`Back to journeys`}</LinkButton>}
        />
      </section>
    );
  }

  const setStage = (key: number, change: (s: StageDraft) => StageDraft) =>
    setDraft((d) => ({ ...d, stages: d.stages.map((s) => (s.key === key ? change(s) : s)) }));
  const toggle = (list: string[], value: string, on: boolean) => (on ? [...new Set([...list, value])] : list.filter((v) => v !== value));
  const setKpi = (kpi: JourneyKpi) =>
    setDraft((d) => ({
      ...d,
      kpi,
      // questions that no longer fit the KPI are dropped; a survey left without any takes its eligible ones
      stages: d.stages.map((s) => ({
        ...s,
        surveys: s.surveys.map((x) => {
          const fit = eligible(x.surveyId, kpi).map((q) => q.id);
          const kept = x.questionIds.filter((q) => fit.includes(q));
          return { ...x, questionIds: kept.length ? kept : fit };
        }),
      })),
    }));

  const errorsOf = (d: Draft): Errors => {
    const next: Errors = { stages: {} };
    if (!d.name.trim()) next.name = t`A journey needs a name`;
    for (const s of d.stages) {
      const e: Errors["stages"][number] = {};
      if (!s.name.trim()) e.name = t`Every stage needs a name`;
      if (!s.touchpointIds.length) e.touchpoints = t`Select touchpoints to continue`;
      else if (!s.surveys.length) e.surveys = t`Every stage needs at least one survey`;
      for (const x of s.surveys) {
        if (!x.questionIds.length) {
          const name = surveyName.get(x.surveyId) ?? x.surveyId;
          const kpi = kpiNames[d.kpi];
          e.questions = { ...e.questions, [x.surveyId]: t`The survey "${name}" needs a question eligible for the KPI ${kpi}` };
        }
      }
      if (Object.keys(e).length) next.stages[s.key] = e;
    }
    return next;
  };
  const errors: Errors = tried ? errorsOf(draft) : { stages: {} };

  const save = async () => {
    setTried(true);
    const found = errorsOf(draft);
    if (!draft.stages.length || found.name || Object.keys(found.stages).length) return;
    const input = {
      name: draft.name.trim(),
      kpi: draft.kpi,
      steps: draft.stages.map((s) => ({ name: s.name.trim(), touchpointIds: s.touchpointIds, surveys: s.surveys })),
    };
    setSaving(true);
    try {
      if (existing) {
        await runMutation(
          "updateCustomerJourney",
          commitUpdate,
          { id: existing.id, input },
          { success: t`Journey saved`, fallbackError: t`Something went wrong` },
        );
      } else {
        const result = await runMutation(
          "createCustomerJourney",
          commitCreate,
          { input },
          { success: t`Journey created`, fallbackError: t`Something went wrong` },
        );
        const created = result?.createCustomerJourney.journey.legacyId;
        if (created) navigate(pathFor("CustomerJourneyBuilder.edit", { id: created }), { replace: true });
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="page journey-editor">
      <div className="journeys-page__header">
        <h1 className="page__title">{existing ? <Trans>Edit customer journey</Trans> : <Trans>New customer journey</Trans>}</h1>
        {existing ? (
          <LinkButton to={`/customer-journey/analytics/${existing.legacyId}`}>
            <Trans>Analytics</Trans>
          </LinkButton>
        ) : null}
      </div>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <div className="journey-editor__basics">
          <div className="field">
            <label htmlFor={`${formId}-name`}>
              <Trans>Journey name</Trans>
            </label>
            <input
              id={`${formId}-name`}
              type="text"
              value={draft.name}
              maxLength={200}
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={errors.name ? `${formId}-name-error` : undefined}
              onChange={(e) => setDraft((d) => ({ ...d, name: e.target.value }))}
            />
            {errors.name ? (
              <p className="field__error" id={`${formId}-name-error`}>
                {errors.name}
              </p>
            ) : null}
          </div>
          <div className="field">
            <label htmlFor={`${formId}-kpi`}>
              <Trans>KPI</Trans>
            </label>
            <select id={`${formId}-kpi`} value={draft.kpi} onChange={(e) => setKpi(e.target.value as JourneyKpi)}>
              {(Object.keys(kpiNames) as JourneyKpi[]).map((k) => (
                <option key={k} value={k}>
                  {kpiNames[k]}
                </option>
              ))}
            </select>
          </div>
        </div>
        <ol className="journey-editor__stages">
          {draft.stages.map((stage, index) => {
            const e = errors.stages[stage.key] ?? {};
            const sid = `${formId}-stage-${stage.key}`;
            const number = index + 1;
            return (
              <li key={stage.key} className="journey-stage" aria-labelledby={`${sid}-title`}>
                <div className="journey-stage__header">
                  <h2 id={`${sid}-title`} className="journey-stage__title">
                    <Trans>Stage {number}</Trans>
                  </h2>
                  {draft.stages.length > 1 ? (
                    <Button size="sm" variant="quiet" onClick={() => setDraft((d) => ({ ...d, stages: d.stages.filter((s) => s.key !== stage.key) }))}>
                      <Trans>Remove stage {number}</Trans>
                    </Button>
                  ) : null}
                </div>
                <div className="field">
                  <label htmlFor={`${sid}-name`}>
                    <Trans>Stage name</Trans>
                  </label>
                  <input
                    id={`${sid}-name`}
                    type="text"
                    value={stage.name}
                    maxLength={200}
                    aria-invalid={e.name ? true : undefined}
                    aria-describedby={e.name ? `${sid}-name-error` : undefined}
                    onChange={(ev) => setStage(stage.key, (s) => ({ ...s, name: ev.target.value }))}
                  />
                  {e.name ? (
                    <p className="field__error" id={`${sid}-name-error`}>
                      {e.name}
                    </p>
                  ) : null}
                </div>
                <fieldset className="journey-stage__choices" aria-describedby={e.touchpoints ? `${sid}-tp-error` : undefined}>
                  <legend>
                    <Trans>Touchpoints</Trans>
                  </legend>
                  {options.touchpoints.length === 0 ? (
                    <p className="field__hint">
                      <Trans>No touchpoints to choose from.</Trans>
                    </p>
                  ) : (
                    options.touchpoints.map((tp) => (
                      <div className="field field--checkbox" key={tp.legacyId}>
                        <input
                          id={`${sid}-tp-${tp.legacyId}`}
                          type="checkbox"
                          checked={stage.touchpointIds.includes(tp.legacyId)}
                          onChange={(ev) => setStage(stage.key, (s) => ({ ...s, touchpointIds: toggle(s.touchpointIds, tp.legacyId, ev.target.checked) }))}
                        />
                        <label htmlFor={`${sid}-tp-${tp.legacyId}`}>{tp.name}</label>
                      </div>
                    ))
                  )}
                  {e.touchpoints ? (
                    <p className="field__error" id={`${sid}-tp-error`}>
                      {e.touchpoints}
                    </p>
                  ) : null}
                </fieldset>
                <fieldset className="journey-stage__choices" disabled={!stage.touchpointIds.length} aria-describedby={`${sid}-surveys-hint`}>
                  <legend>
                    <Trans>Surveys and questions</Trans>
                  </legend>
                  {!stage.touchpointIds.length ? (
                    <p className="field__hint" id={`${sid}-surveys-hint`}>
                      <Trans>Select touchpoints to continue</Trans>
                    </p>
                  ) : (
                    <p className="field__hint" id={`${sid}-surveys-hint`}>
                      <Trans>Each survey needs a question eligible for the KPI.</Trans>
                    </p>
                  )}
                  {options.surveys.map((survey) => {
                    const chosen = stage.surveys.find((x) => x.surveyId === survey.legacyId);
                    const fit = eligible(survey.legacyId, draft.kpi);
                    return (
                      <div key={survey.legacyId} className="journey-stage__survey">
                        <div className="field field--checkbox">
                          <input
                            id={`${sid}-s-${survey.legacyId}`}
                            type="checkbox"
                            checked={!!chosen}
                            onChange={(ev) =>
                              setStage(stage.key, (s) => ({
                                ...s,
                                surveys: ev.target.checked
                                  ? [...s.surveys, { surveyId: survey.legacyId, questionIds: fit.map((q) => q.id) }]
                                  : s.surveys.filter((x) => x.surveyId !== survey.legacyId),
                              }))
                            }
                          />
                          <label htmlFor={`${sid}-s-${survey.legacyId}`}>{survey.name}</label>
                        </div>
                        {chosen ? (
                          <div className="journey-stage__questions" role="group" aria-label={t`Questions of ${survey.name}`}>
                            {fit.length === 0 ? (
                              <p className="field__error">{t`The survey "${survey.name}" needs a question eligible for the KPI ${kpiNames[draft.kpi]}`}</p>
                            ) : (
                              fit.map((q) => (
                                <div className="field field--checkbox" key={q.id}>
                                  <input
                                    id={`${sid}-q-${q.id}`}
                                    type="checkbox"
                                    checked={chosen.questionIds.includes(q.id)}
                                    onChange={(ev) =>
                                      setStage(stage.key, (s) => ({
                                        ...s,
                                        surveys: s.surveys.map((x) =>
                                          x.surveyId === survey.legacyId ? { ...x, questionIds: toggle(x.questionIds, q.id, ev.target.checked) } : x,
                                        ),
                                      }))
                                    }
                                  />
                                  <label htmlFor={`${sid}-q-${q.id}`}>{q.title}</label>
                                </div>
                              ))
                            )}
                            {e.questions?.[survey.legacyId] && fit.length > 0 ? <p className="field__error">{e.questions[survey.legacyId]}</p> : null}
                          </div>
                        ) : null}
                      </div>
                    );
                  })}
                  {e.surveys ? <p className="field__error">{e.surveys}</p> : null}
                </fieldset>
              </li>
            );
          })}
        </ol>
        <div className="journey-editor__actions">
          <Button onClick={() => setDraft((d) => ({ ...d, stages: [...d.stages, newStage()] }))} disabled={draft.stages.length >= 20}>
            <Trans>Add stage</Trans>
          </Button>
          <Button type="submit" variant="primary" loading={saving}>
            {existing ? <Trans>Save</Trans> : <Trans>Create journey</Trans>}
          </Button>
        </div>
      </form>
    </section>
  );
}
