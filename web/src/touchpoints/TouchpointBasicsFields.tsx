import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { graphql, useFragment } from "react-relay";
import type { TouchpointBasicsFields_query$key } from "../__generated__/TouchpointBasicsFields_query.graphql";

export type BasicsDraft = {
  name: string;
  unitId: string;
  activeSurveyId: string;
  /** Only asked when an existing touchpoint changes team: null until the person chooses. */
  moveResponses: boolean | null;
};

export type BasicsErrors = Partial<Record<"name" | "unitId" | "moveResponses", MessageDescriptor>>;

/** The name, team and active survey every touchpoint has, and the move-responses choice (spec 001 §4). */
export function validateBasics(d: BasicsDraft, savedUnitId: string | null): BasicsErrors {
  const e: BasicsErrors = {};
  if (!d.name.trim()) e.name = msg`Name is required`;
  else if (d.name.trim().length > 100) e.name = msg`Must be at most 100 characters`;
  if (!d.unitId) e.unitId = msg`Choose a team`;
  if (savedUnitId && d.unitId !== savedUnitId && d.moveResponses === null) e.moveResponses = msg`Choose whether the existing responses move to the new team`;
  return e;
}

export function TouchpointBasicsFields({
  query,
  idPrefix,
  draft,
  onChange,
  errors,
  savedUnit,
  responseCount,
}: {
  query: TouchpointBasicsFields_query$key;
  idPrefix: string;
  draft: BasicsDraft;
  onChange: (d: BasicsDraft) => void;
  errors: BasicsErrors;
  /** The saved team of an existing touchpoint (null while creating). */
  savedUnit: { legacyId: string; name: string } | null;
  responseCount: number;
}) {
  const { t, i18n } = useLingui();
  const data = useFragment(
    graphql`
      fragment TouchpointBasicsFields_query on Query {
        touchpointUnits {
          legacyId
          name
        }
        surveys(tab: all, first: 100) {
          edges {
            node {
              legacyId
              name
              archived
            }
          }
        }
      }
    `,
    query,
  );
  const units = [...data.touchpointUnits];
  if (savedUnit && !units.some((u) => u.legacyId === savedUnit.legacyId)) units.unshift(savedUnit);
  const surveys = data.surveys.edges.map((e) => e.node);
  const unknownSurvey = draft.activeSurveyId && !surveys.some((s) => s.legacyId === draft.activeSurveyId);
  const set = (patch: Partial<BasicsDraft>) => onChange({ ...draft, ...patch });
  // A new, untouched name is not an error yet (Save stays disabled meanwhile).
  const [nameTouched, setNameTouched] = useState(draft.name !== "");
  const nameError = nameTouched ? errors.name : undefined;
  const moving = savedUnit !== null && draft.unitId !== savedUnit.legacyId;
  const describe = (key: keyof BasicsErrors) => (errors[key] ? `${idPrefix}-${key}-error` : undefined);

  return (
    <>
      <div className="field">
        <label htmlFor={`${idPrefix}-name`}>
          <Trans>Name</Trans>
        </label>
        <input
          id={`${idPrefix}-name`}
          type="text"
          value={draft.name}
          maxLength={200}
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? `${idPrefix}-name-error` : undefined}
          onBlur={() => setNameTouched(true)}
          onChange={(e) => {
            setNameTouched(true);
            set({ name: e.target.value });
          }}
        />
        {nameError ? (
          <p className="field__error" id={`${idPrefix}-name-error`}>
            {i18n._(nameError)}
          </p>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor={`${idPrefix}-survey`}>
          <Trans>Active survey</Trans>
        </label>
        <select id={`${idPrefix}-survey`} value={draft.activeSurveyId} onChange={(e) => set({ activeSurveyId: e.target.value })}>
          <option value="">{t`No active survey`}</option>
          {unknownSurvey ? <option value={draft.activeSurveyId}>{t`A survey you cannot see`}</option> : null}
          {surveys.map((s) => (
            <option key={s.legacyId} value={s.legacyId}>
              {s.archived ? t`${s.name} (archived)` : s.name}
            </option>
          ))}
        </select>
        <p className="field__hint">
          <Trans>Respondents at this touchpoint answer the active survey.</Trans>
        </p>
      </div>
      <div className="field">
        <label htmlFor={`${idPrefix}-team`}>
          <Trans>Team</Trans>
        </label>
        <select
          id={`${idPrefix}-team`}
          value={draft.unitId}
          aria-invalid={errors.unitId ? true : undefined}
          aria-describedby={describe("unitId")}
          onChange={(e) => set({ unitId: e.target.value, moveResponses: null })}
        >
          {!draft.unitId ? <option value="">{t`Choose a team`}</option> : null}
          {units.map((u) => (
            <option key={u.legacyId} value={u.legacyId}>
              {u.name}
            </option>
          ))}
        </select>
        {errors.unitId ? (
          <p className="field__error" id={`${idPrefix}-unitId-error`}>
            {i18n._(errors.unitId)}
          </p>
        ) : null}
      </div>
      {moving ? (
        <fieldset className="tp-radios" aria-describedby={describe("moveResponses")}>
          <legend>
            <Trans>Existing responses ({responseCount})</Trans>
          </legend>
          <label>
            <input type="radio" name={`${idPrefix}-move`} checked={draft.moveResponses === true} onChange={() => set({ moveResponses: true })} />
            <Trans>Move the existing responses to the new team</Trans>
          </label>
          <label>
            <input type="radio" name={`${idPrefix}-move`} checked={draft.moveResponses === false} onChange={() => set({ moveResponses: false })} />
            <Trans>Keep the existing responses with {savedUnit.name}</Trans>
          </label>
          {errors.moveResponses ? (
            <p className="field__error" id={`${idPrefix}-moveResponses-error`}>
              {i18n._(errors.moveResponses)}
            </p>
          ) : null}
        </fieldset>
      ) : null}
    </>
  );
}
