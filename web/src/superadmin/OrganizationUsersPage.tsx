import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { Link, useParams } from "react-router-dom";
import { toasts } from "../shell/toastStore";
import { isStatusOk } from "../transport/rest";
import { ROLE_LABELS, ROLES, type RoleName } from "../user-management/roleLabels";
import { Button, Card, EmptyState, LinkButton, Skeleton } from "../ui";
import { hardNavigate } from "../util/hardNavigate";
import { type OrgMember, superadminApi, type UnitNode } from "./api";
import { SuperadminNav } from "./SuperadminNav";
import { useLoad } from "./useLoad";
import "./superadmin.css";

/** The teams of a tree, flattened with their depth (for a team chooser). */
export function flattenUnits(nodes: UnitNode[], depth = 0): { id: string; name: string; depth: number }[] {
  return nodes.flatMap((n) => [{ id: n._id, name: n.name, depth }, ...flattenUnits(n.children, depth + 1)]);
}

/**
 * /superadmin/:organizationId/user-management: the chosen organisation's members (the user-management
 * calls with its organizationId), with impersonation, removal and adding a user directly.
 */
export default function OrganizationUsersPage() {
  const { t, i18n } = useLingui();
  const { organizationId = "" } = useParams();
  const [state, reload] = useLoad(
    () => Promise.all([superadminApi.organization(organizationId), superadminApi.members(organizationId), superadminApi.units(organizationId)]),
    [organizationId],
  );

  const impersonate = async (m: OrgMember) => {
    if (isStatusOk(await superadminApi.impersonate(m._id, organizationId))) hardNavigate("/");
  };
  const remove = async (m: OrgMember) => {
    if (!window.confirm(t`Take ${m.email} out of this organisation?`)) return;
    await superadminApi.removeUser(organizationId, m._id);
    toasts.success(t`Deleted`);
    reload();
  };

  return (
    <section className="page superadmin" aria-busy={state.kind === "loading"}>
      <h1 className="page__title">{state.kind === "ready" ? <Trans>Organisation users: {state.data[0].name}</Trans> : <Trans>Organisation users</Trans>}</h1>
      <SuperadminNav />
      <p className="superadmin__actions">
        <LinkButton size="sm" to={`/superadmin/${organizationId}/user-management/invites`}>
          <Trans>Pending invites and inviting users</Trans>
        </LinkButton>
        <LinkButton size="sm" to={`/superadmin/${organizationId}/edit`}>
          <Trans>Edit organisation</Trans>
        </LinkButton>
      </p>
      {state.kind === "loading" ? <Skeleton label={t`Loading`} lines={6} /> : null}
      {state.kind === "failed" ? (
        <p role="alert">
          <Trans>The users could not be loaded.</Trans>
        </p>
      ) : null}
      {state.kind === "ready" && state.data[1].length === 0 ? <EmptyState title={t`No users yet.`} /> : null}
      {state.kind === "ready" && state.data[1].length > 0 ? (
        <table className="table">
          <caption className="visually-hidden">{t`Users, their teams and roles`}</caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>User</Trans>
              </th>
              <th scope="col">
                <Trans>Teams and roles</Trans>
              </th>
              <th scope="col">
                <Trans>Actions</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {state.data[1].map((m) => (
              <tr key={m._id}>
                <th scope="row">
                  <Link to={`/superadmin/${organizationId}/user-management/${m._id}`}>{m.displayname || m.email}</Link>
                  <span className="superadmin__muted"> · {m.email}</span>
                  {m.organizationAdmin ? <span className="superadmin__muted"> · {t`Organisation admin`}</span> : null}
                </th>
                <td>{m.rolesPerUnit.map((r) => `${r.unitName}: ${i18n._(ROLE_LABELS[r.role])}`).join(", ")}</td>
                <td className="superadmin__actions">
                  <Button size="sm" variant="quiet" onClick={() => void impersonate(m).catch(() => {})} aria-label={t`Impersonate ${m.email}`}>
                    <Trans>Impersonate</Trans>
                  </Button>
                  <Button size="sm" variant="danger" onClick={() => void remove(m).catch(() => {})} aria-label={t`Remove ${m.email} from the organisation`}>
                    <Trans>Remove</Trans>
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {state.kind === "ready" ? <AddUserCard organizationId={organizationId} units={flattenUnits(state.data[2])} onAdded={reload} /> : null}
    </section>
  );
}

function AddUserCard({
  organizationId,
  units,
  onAdded,
}: {
  organizationId: string;
  units: { id: string; name: string; depth: number }[];
  onAdded: () => void;
}) {
  const { t, i18n } = useLingui();
  const [email, setEmail] = useState("");
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [unitId, setUnitId] = useState(units[0]?.id ?? "");
  const [role, setRole] = useState<RoleName>("admin");
  const [orgAdmin, setOrgAdmin] = useState(true);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await superadminApi.createUser({
      email,
      displayname: name,
      password,
      password2: password,
      unitId,
      role,
      organizationAdmin: orgAdmin,
      billingAdmin: orgAdmin,
      mayCreateSurveys: orgAdmin,
      organizationId,
    });
    toasts.success(t`User added`);
    setEmail("");
    setName("");
    setPassword("");
    onAdded();
  };
  return (
    <Card title={t`Add a user`}>
      <form className="superadmin__grid" onSubmit={(e) => void submit(e).catch(() => {})}>
        <div className="field">
          <label htmlFor="add-user-email">
            <Trans>E-mail</Trans>
          </label>
          <input id="add-user-email" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="add-user-name">
            <Trans>Name</Trans>
          </label>
          <input id="add-user-name" type="text" required value={name} onChange={(e) => setName(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="add-user-password">
            <Trans>Password</Trans>
          </label>
          <input id="add-user-password" type="password" required autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="add-user-team">
            <Trans>Team</Trans>
          </label>
          <select id="add-user-team" value={unitId} onChange={(e) => setUnitId(e.target.value)}>
            {units.map((u) => (
              <option key={u.id} value={u.id}>
                {`${"\u2003".repeat(u.depth)}${u.name}`}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="add-user-role">
            <Trans>Role</Trans>
          </label>
          <select id="add-user-role" value={role} onChange={(e) => setRole(e.target.value as RoleName)}>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {i18n._(ROLE_LABELS[r])}
              </option>
            ))}
          </select>
        </div>
        <div className="field field--checkbox">
          <input id="add-user-org-admin" type="checkbox" checked={orgAdmin} onChange={(e) => setOrgAdmin(e.target.checked)} />
          <label htmlFor="add-user-org-admin">
            <Trans>Organisation admin (also billing admin)</Trans>
          </label>
        </div>
        <div>
          <Button type="submit" variant="primary" disabled={!email || !name || !password || !unitId}>
            <Trans>Add user</Trans>
          </Button>
        </div>
      </form>
    </Card>
  );
}
