import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useMemo, useState, type FormEvent } from "react";
import { graphql, useFragment, useMutation } from "react-relay";
import type { UserDetailForm_member$key } from "../__generated__/UserDetailForm_member.graphql";
import type { UserDetailForm_unitTree$key } from "../__generated__/UserDetailForm_unitTree.graphql";
import type { UserDetailFormTeamMutation, Role } from "../__generated__/UserDetailFormTeamMutation.graphql";
import type { UserDetailFormFlagsMutation } from "../__generated__/UserDetailFormFlagsMutation.graphql";
import { SaveButton } from "../shell/SaveButton";
import { toasts } from "../shell/toastStore";
import { useFormGuard } from "../shell/useFormGuard";
import { ROLE_LABELS, ROLES } from "./roleLabels";
import { runMutation } from "./runMutation";

type Draft = {
  units: { unitId: string; role: Role }[];
  organizationAdmin: boolean;
  billingAdmin: boolean;
  mayCreateSurveys: boolean;
  receiveDigest: boolean;
};

/** Edits one member: the teams with a role in each, and the flags. */
export function UserDetailForm({
  member,
  unitTree,
  organizationAdmin,
}: {
  member: UserDetailForm_member$key;
  unitTree: UserDetailForm_unitTree$key;
  organizationAdmin: boolean;
}) {
  const { t, i18n } = useLingui();
  const formId = useId();
  const data = useFragment(
    graphql`
      fragment UserDetailForm_member on Member {
        id
        organizationAdmin
        billingAdmin
        mayCreateSurveys
        receiveDigest
        user {
          id
          displayName
          email
        }
        unitRoles {
          role
          unit {
            id
          }
        }
      }
    `,
    member,
  );
  const tree = useFragment(
    graphql`
      fragment UserDetailForm_unitTree on UnitTree {
        units {
          id
          name
        }
      }
    `,
    unitTree,
  );
  const [commitTeam] = useMutation<UserDetailFormTeamMutation>(graphql`
    mutation UserDetailFormTeamMutation($userId: ID!, $units: [UnitRoleInput!]!) {
      modifyTeam(userId: $userId, units: $units) {
        member {
          id
          unitRoles {
            role
            unit {
              id
            }
          }
        }
      }
    }
  `);
  const [commitFlags] = useMutation<UserDetailFormFlagsMutation>(graphql`
    mutation UserDetailFormFlagsMutation($input: UpdateMemberInput!) {
      updateMember(input: $input) {
        member {
          id
          organizationAdmin
          billingAdmin
          mayCreateSurveys
          receiveDigest
        }
      }
    }
  `);

  const saved: Draft = useMemo(
    () => ({
      units: data.unitRoles.map((r) => ({ unitId: r.unit.id, role: r.role })),
      organizationAdmin: data.organizationAdmin,
      billingAdmin: data.billingAdmin,
      mayCreateSurveys: data.mayCreateSurveys,
      receiveDigest: data.receiveDigest,
    }),
    [data],
  );
  const [draft, setDraft] = useState<Draft>(saved);
  const [adding, setAdding] = useState("");
  const [saving, setSaving] = useState(false);
  const unitsChanged = JSON.stringify(draft.units) !== JSON.stringify(saved.units);
  const flagKeys = ["organizationAdmin", "billingAdmin", "mayCreateSurveys", "receiveDigest"] as const;
  const flagsChanged = flagKeys.some((k) => draft[k] !== saved[k]);
  const dirty = unitsChanged || flagsChanged;
  const valid = draft.units.length > 0;
  const nameOf = new Map(tree.units.map((u) => [u.id, u.name]));
  const name = data.user.displayName || data.user.email;

  const save = async (): Promise<boolean> => {
    if (!valid) return false;
    setSaving(true);
    try {
      const fallbackError = t`Something went wrong`;
      if (unitsChanged) {
        const ok = await runMutation("modifyTeam", commitTeam, { userId: data.user.id, units: draft.units }, { fallbackError });
        if (!ok) return false;
      }
      if (flagsChanged) {
        const changed = Object.fromEntries(flagKeys.filter((k) => draft[k] !== saved[k]).map((k) => [k, draft[k]]));
        const ok = await runMutation(
          "updateMember",
          commitFlags,
          { input: { userId: data.user.id, unitId: draft.units[0]!.unitId, ...changed } },
          { fallbackError },
        );
        if (!ok) return false;
      }
      toasts.success(t`User updated`);
      return true;
    } finally {
      setSaving(false);
    }
  };
  const { dialog } = useFormGuard({ dirty, valid, save });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void save();
  };
  const free = tree.units.filter((u) => !draft.units.some((d) => d.unitId === u.id));

  return (
    <form id={formId} className="form" onSubmit={onSubmit} noValidate>
      <h1 className="page__title">{name}</h1>
      <p className="muted">{data.user.email}</p>
      <fieldset className="fieldset">
        <legend>
          <Trans>Teams and roles</Trans>
        </legend>
        {draft.units.length === 0 ? (
          <p className="field__error" role="alert">
            <Trans>Choose at least one team</Trans>
          </p>
        ) : null}
        {draft.units.map((u, index) => (
          <div className="field field--inline" key={u.unitId}>
            <label htmlFor={`${formId}-role-${u.unitId}`}>{nameOf.get(u.unitId) ?? u.unitId}</label>
            <select
              id={`${formId}-role-${u.unitId}`}
              value={u.role}
              onChange={(e) => setDraft((d) => ({ ...d, units: d.units.map((x, i) => (i === index ? { ...x, role: e.target.value as Role } : x)) }))}
            >
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {i18n._(ROLE_LABELS[r])}
                </option>
              ))}
            </select>
            <button
              type="button"
              className="button button--ghost button--small"
              aria-label={t`Remove from ${nameOf.get(u.unitId) ?? u.unitId}`}
              onClick={() => setDraft((d) => ({ ...d, units: d.units.filter((_, i) => i !== index) }))}
            >
              <Trans>Remove</Trans>
            </button>
          </div>
        ))}
        {free.length > 0 ? (
          <div className="field field--inline">
            <label htmlFor={`${formId}-add`}>
              <Trans>Add to team</Trans>
            </label>
            <select id={`${formId}-add`} value={adding} onChange={(e) => setAdding(e.target.value)}>
              <option value="">{t`Choose a team`}</option>
              {free.map((u) => (
                <option key={u.id} value={u.id}>
                  {u.name}
                </option>
              ))}
            </select>
            <button
              type="button"
              className="button button--secondary button--small"
              disabled={!adding}
              onClick={() => {
                setDraft((d) => ({ ...d, units: [...d.units, { unitId: adding, role: "viewer" }] }));
                setAdding("");
              }}
            >
              <Trans>Add</Trans>
            </button>
          </div>
        ) : null}
      </fieldset>
      <fieldset className="fieldset">
        <legend>
          <Trans>Rights and settings</Trans>
        </legend>
        {(
          [
            ["organizationAdmin", t`Organisation admin`, !organizationAdmin],
            ["billingAdmin", t`Billing admin`, !organizationAdmin],
            ["mayCreateSurveys", t`May create surveys`, false],
            ["receiveDigest", t`Receives the weekly digest e-mail`, false],
          ] as const
        ).map(([key, label, disabled]) => (
          <div className="field field--checkbox" key={key}>
            <input
              id={`${formId}-${key}`}
              type="checkbox"
              checked={draft[key]}
              disabled={disabled}
              onChange={(e) => setDraft((d) => ({ ...d, [key]: e.target.checked }))}
            />
            <label htmlFor={`${formId}-${key}`}>{label}</label>
          </div>
        ))}
      </fieldset>
      <SaveButton valid={valid} dirty={dirty} saving={saving} form={formId} />
      {dialog}
    </form>
  );
}
