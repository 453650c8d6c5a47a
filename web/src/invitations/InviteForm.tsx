import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useState, type FormEvent } from "react";
import { graphql, useFragment, useMutation } from "react-relay";
import type { InviteForm_unitTree$key } from "../__generated__/InviteForm_unitTree.graphql";
import type { InviteFormMutation, Role } from "../__generated__/InviteFormMutation.graphql";
import { SelectField } from "../forms/SelectField";
import { useFormGuard } from "../shell/useFormGuard";
import { ROLE_LABELS, ROLES } from "../user-management/roleLabels";
import { runMutation } from "../user-management/runMutation";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Draft = { email: string; unitId: string; role: Role; organizationAdmin: boolean; billingAdmin: boolean; mayCreateSurveys: boolean };
const empty: Draft = { email: "", unitId: "", role: "viewer", organizationAdmin: false, billingAdmin: false, mayCreateSurveys: false };

/** Invite by e-mail into a team with a role and the flags the inviter may grant ("user invited"). */
export function InviteForm({
  unitTree,
  organizationAdmin,
  mayCreateSurveys,
  onInvited,
}: {
  unitTree: InviteForm_unitTree$key;
  organizationAdmin: boolean;
  mayCreateSurveys: boolean;
  onInvited: () => void;
}) {
  const { t, i18n } = useLingui();
  const formId = useId();
  const tree = useFragment(
    graphql`
      fragment InviteForm_unitTree on UnitTree {
        editableUnitIds
        units {
          id
          legacyId
          name
        }
      }
    `,
    unitTree,
  );
  const [commit] = useMutation<InviteFormMutation>(graphql`
    mutation InviteFormMutation($input: InviteUserInput!) {
      inviteUser(input: $input) {
        invite {
          id
          email
        }
      }
    }
  `);
  const [draft, setDraft] = useState<Draft>(empty);
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  // Teams the inviter manages: the server's editable list is the manageTeams set, which the admin role shares with manageUsers.
  const units = organizationAdmin ? tree.units : tree.units.filter((u) => tree.editableUnitIds.includes(u.legacyId));
  const emailError =
    draft.email.trim() !== "" && !EMAIL.test(draft.email.trim())
      ? t`Please provide a valid e-mail address`
      : draft.email.trim() === ""
        ? t`This field is required`
        : null;
  const unitError = draft.unitId === "" ? t`Choose a team` : null;
  const valid = !emailError && !unitError;
  const dirty = JSON.stringify(draft) !== JSON.stringify(empty);

  const save = async (): Promise<boolean> => {
    setTouched(true);
    if (!valid) return false;
    setSaving(true);
    const result = await runMutation(
      "inviteUser",
      commit,
      { input: { ...draft, email: draft.email.trim() } },
      { success: t`User invited`, fallbackError: t`Something went wrong` },
    );
    setSaving(false);
    if (!result) return false;
    setDraft(empty);
    setTouched(false);
    onInvited();
    return true;
  };
  const { dialog } = useFormGuard({ dirty, valid, save });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void save();
  };

  return (
    <form id={formId} className="form" onSubmit={onSubmit} noValidate>
      <div className="field">
        <label htmlFor={`${formId}-email`}>
          <Trans>E-mail address</Trans>
        </label>
        <input
          id={`${formId}-email`}
          type="email"
          autoComplete="off"
          value={draft.email}
          aria-invalid={touched && emailError ? true : undefined}
          aria-describedby={touched && emailError ? `${formId}-email-error` : undefined}
          onBlur={() => setTouched(true)}
          onChange={(e) => setDraft((d) => ({ ...d, email: e.target.value }))}
        />
        {touched && emailError ? (
          <p className="field__error" id={`${formId}-email-error`}>
            {emailError}
          </p>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor={`${formId}-unit`}>
          <Trans>Team</Trans>
        </label>
        <select
          id={`${formId}-unit`}
          value={draft.unitId}
          aria-invalid={touched && unitError ? true : undefined}
          onChange={(e) => setDraft((d) => ({ ...d, unitId: e.target.value }))}
        >
          <option value="">{t`Choose a team`}</option>
          {units.map((u) => (
            <option key={u.id} value={u.id}>
              {u.name}
            </option>
          ))}
        </select>
      </div>
      <SelectField<Role>
        id={`${formId}-role`}
        label={t`Role`}
        value={draft.role}
        onChange={(role) => setDraft((d) => ({ ...d, role }))}
        options={ROLES.map((r) => [r, i18n._(ROLE_LABELS[r])] as const)}
      />
      {(
        [
          ["organizationAdmin", t`Organisation admin`, organizationAdmin],
          ["billingAdmin", t`Billing admin`, organizationAdmin],
          ["mayCreateSurveys", t`May create surveys`, organizationAdmin || mayCreateSurveys],
        ] as const
      )
        .filter(([, , grantable]) => grantable)
        .map(([key, label]) => (
          <div className="field field--checkbox" key={key}>
            <input id={`${formId}-${key}`} type="checkbox" checked={draft[key]} onChange={(e) => setDraft((d) => ({ ...d, [key]: e.target.checked }))} />
            <label htmlFor={`${formId}-${key}`}>{label}</label>
          </div>
        ))}
      <div>
        <button type="submit" className="button" disabled={saving || (touched && !valid)}>
          <Trans>Send invite</Trans>
        </button>
      </div>
      {dialog}
    </form>
  );
}
