import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { graphql, useFragment, useMutation } from "react-relay";
import { Link } from "react-router-dom";
import type { UserRow_member$key } from "../__generated__/UserRow_member.graphql";
import type { UserRowBillingAdminMutation } from "../__generated__/UserRowBillingAdminMutation.graphql";
import type { UserRowDigestMutation } from "../__generated__/UserRowDigestMutation.graphql";
import type { UserRowRemoveMutation } from "../__generated__/UserRowRemoveMutation.graphql";
import { ROLE_LABELS } from "./roleLabels";
import { runMutation } from "./runMutation";

/** One user: roles per unit (each removable), organisation admin, billing admin toggle, weekly digest. */
export function UserRow({
  member,
  select,
  organizationAdmin,
  onChanged,
}: {
  member: UserRow_member$key;
  /** The row's selection cell (the list's bulk actions). */
  select?: ReactNode;
  organizationAdmin: boolean;
  onChanged: () => void;
}) {
  const { t, i18n } = useLingui();
  const data = useFragment(
    graphql`
      fragment UserRow_member on Member {
        userLegacyId
        organizationAdmin
        billingAdmin
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
            name
          }
        }
      }
    `,
    member,
  );
  const [commitBilling] = useMutation<UserRowBillingAdminMutation>(graphql`
    mutation UserRowBillingAdminMutation($userId: ID!, $billingAdmin: Boolean!) {
      setBillingAdmin(userId: $userId, billingAdmin: $billingAdmin) {
        member {
          id
          billingAdmin
        }
      }
    }
  `);
  const [commitDigest] = useMutation<UserRowDigestMutation>(graphql`
    mutation UserRowDigestMutation($input: UpdateMemberInput!) {
      updateMember(input: $input) {
        member {
          id
          receiveDigest
        }
      }
    }
  `);
  const [commitRemove] = useMutation<UserRowRemoveMutation>(graphql`
    mutation UserRowRemoveMutation($userId: ID!, $unitId: ID!) {
      removeMemberFromUnit(userId: $userId, unitId: $unitId) {
        userLegacyId
      }
    }
  `);
  const name = data.user.displayName || data.user.email;
  const firstUnit = data.unitRoles[0]?.unit.id;

  const toggleBilling = (value: boolean) =>
    void runMutation(
      "setBillingAdmin",
      commitBilling,
      { userId: data.user.id, billingAdmin: value },
      {
        success: t`Billing administrator updated`,
        fallbackError: t`Something went wrong`,
      },
    );
  const toggleDigest = (value: boolean) => {
    if (!firstUnit) return;
    void runMutation(
      "updateMember",
      commitDigest,
      { input: { userId: data.user.id, unitId: firstUnit, receiveDigest: value } },
      {
        success: t`User updated`,
        fallbackError: t`Something went wrong`,
      },
    );
  };
  const remove = async (unitId: string, unitName: string) => {
    if (!window.confirm(t`Remove ${name} from ${unitName}?`)) return;
    const ok = await runMutation(
      "removeMemberFromUnit",
      commitRemove,
      { userId: data.user.id, unitId },
      {
        success: t`User updated`,
        fallbackError: t`Something went wrong`,
      },
    );
    if (ok) onChanged();
  };

  return (
    <tr>
      {select}
      <th scope="row">
        <Link to={`/settings/user-management/${data.userLegacyId}`}>{name}</Link>
        <div className="muted">{data.user.email}</div>
      </th>
      <td>
        <ul className="plain-list">
          {data.unitRoles.map((r) => (
            <li key={r.unit.id}>
              {r.unit.name}: {i18n._(ROLE_LABELS[r.role as keyof typeof ROLE_LABELS] ?? ROLE_LABELS.viewer)}{" "}
              <button
                type="button"
                className="button button--ghost button--small"
                aria-label={t`Remove ${name} from ${r.unit.name}`}
                onClick={() => void remove(r.unit.id, r.unit.name)}
              >
                <Trans>Remove</Trans>
              </button>
            </li>
          ))}
        </ul>
      </td>
      <td>{data.organizationAdmin ? <Trans>Yes</Trans> : <Trans>No</Trans>}</td>
      <td>
        <input
          type="checkbox"
          aria-label={t`Billing admin: ${name}`}
          checked={data.billingAdmin}
          disabled={!organizationAdmin}
          onChange={(e) => toggleBilling(e.target.checked)}
        />
      </td>
      <td>
        <input
          type="checkbox"
          aria-label={t`Weekly digest: ${name}`}
          checked={data.receiveDigest}
          disabled={!firstUnit}
          onChange={(e) => toggleDigest(e.target.checked)}
        />
      </td>
    </tr>
  );
}
