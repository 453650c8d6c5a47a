import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { Link, useParams } from "react-router-dom";
import { toasts } from "../shell/toastStore";
import { ROLE_LABELS, ROLES, type RoleName } from "../user-management/roleLabels";
import { Button, Card, EmptyState, LinkButton, Skeleton } from "../ui";
import { type OrgInvite, superadminApi } from "./api";
import { flattenUnits } from "./OrganizationUsersPage";
import { SuperadminNav } from "./SuperadminNav";
import { useLoad } from "./useLoad";
import "./superadmin.css";

/** /superadmin/:organizationId/user-management/invites: the chosen organisation's pending invites; invite, resend, delete. */
export default function OrganizationInvitesPage() {
  const { t, i18n } = useLingui();
  const { organizationId = "" } = useParams();
  const [state, reload] = useLoad(() => Promise.all([superadminApi.invites(organizationId), superadminApi.units(organizationId)]), [organizationId]);
  const resend = async (i: OrgInvite) => {
    await superadminApi.resendInvite(i._id, organizationId);
    toasts.success(t`Invite resent`);
    reload();
  };
  const remove = async (i: OrgInvite) => {
    if (!window.confirm(t`Delete the invite of ${i.email}?`)) return;
    await superadminApi.deleteInvite(i._id, organizationId);
    toasts.success(t`Invite deleted`);
    reload();
  };
  return (
    <section className="page superadmin" aria-busy={state.kind === "loading"}>
      <h1 className="page__title">
        <Trans>Organisation invites</Trans>
      </h1>
      <SuperadminNav />
      <p>
        <LinkButton size="sm" to={`/superadmin/${organizationId}/user-management`}>
          <Trans>Back to the organisation's users</Trans>
        </LinkButton>
      </p>
      {state.kind === "loading" ? <Skeleton label={t`Loading`} lines={4} /> : null}
      {state.kind === "failed" ? (
        <p role="alert">
          <Trans>The invites could not be loaded.</Trans>
        </p>
      ) : null}
      {state.kind === "ready" && state.data[0].length === 0 ? <EmptyState title={t`No pending invites.`} /> : null}
      {state.kind === "ready" && state.data[0].length > 0 ? (
        <table className="table">
          <caption className="visually-hidden">{t`Pending invites`}</caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>E-mail</Trans>
              </th>
              <th scope="col">
                <Trans>Team and role</Trans>
              </th>
              <th scope="col">
                <Trans>Invite sent</Trans>
              </th>
              <th scope="col">
                <Trans>Actions</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {state.data[0].map((i) => (
              <tr key={i._id}>
                <th scope="row">
                  <Link to={`/superadmin/${organizationId}/user-management/invites/${i._id}`}>{i.email}</Link>
                </th>
                <td>{`${i.unitName}: ${i18n._(ROLE_LABELS[i.role])}`}</td>
                <td>{i18n.date(new Date(i.inviteSentAt), { dateStyle: "medium" })}</td>
                <td className="superadmin__actions">
                  <Button size="sm" variant="quiet" onClick={() => void resend(i).catch(() => {})} aria-label={t`Resend the invite of ${i.email}`}>
                    <Trans>Resend</Trans>
                  </Button>
                  <Button size="sm" variant="danger" onClick={() => void remove(i).catch(() => {})} aria-label={t`Delete the invite of ${i.email}`}>
                    <Trans>Delete</Trans>
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {state.kind === "ready" ? <InviteCard organizationId={organizationId} units={flattenUnits(state.data[1])} onSent={reload} /> : null}
    </section>
  );
}

function InviteCard({ organizationId, units, onSent }: { organizationId: string; units: { id: string; name: string; depth: number }[]; onSent: () => void }) {
  const { t, i18n } = useLingui();
  const [email, setEmail] = useState("");
  const [unitId, setUnitId] = useState(units[0]?.id ?? "");
  const [role, setRole] = useState<RoleName>("viewer");
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await superadminApi.invite({ email, unitId, role, organizationId });
    toasts.success(t`User invited`);
    setEmail("");
    onSent();
  };
  return (
    <Card title={t`Invite a user`}>
      <form className="superadmin__toolbar" onSubmit={(e) => void submit(e).catch(() => {})}>
        <div className="field">
          <label htmlFor="invite-email">
            <Trans>E-mail</Trans>
          </label>
          <input id="invite-email" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="invite-team">
            <Trans>Team</Trans>
          </label>
          <select id="invite-team" value={unitId} onChange={(e) => setUnitId(e.target.value)}>
            {units.map((u) => (
              <option key={u.id} value={u.id}>
                {`${"\u2003".repeat(u.depth)}${u.name}`}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="invite-role">
            <Trans>Role</Trans>
          </label>
          <select id="invite-role" value={role} onChange={(e) => setRole(e.target.value as RoleName)}>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {i18n._(ROLE_LABELS[r])}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" variant="primary" disabled={!email || !unitId}>
          <Trans>Invite</Trans>
        </Button>
      </form>
    </Card>
  );
}
