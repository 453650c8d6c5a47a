import { Trans, useLingui } from "@lingui/react/macro";
import { formatMoney } from "../format/currency";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router-dom";
import { Button, EmptyState, LinkButton, Skeleton } from "../ui";
import { hardNavigate } from "../util/hardNavigate";
import { isStatusOk } from "../transport/rest";
import { superadminApi } from "./api";
import { SuperadminNav } from "./SuperadminNav";
import { useLoad } from "./useLoad";
import "./superadmin.css";

/** /superadmin: every organisation, a new one, and the way into each one's settings, people, SMS and reports. */
export default function OrganizationsPage() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const [search, setSearch] = useState("");
  const [applied, setApplied] = useState("");
  const [name, setName] = useState("");
  const [state] = useLoad(() => superadminApi.organizations(applied), [applied]);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === "") return;
    const { _id } = await superadminApi.createOrganization({ name });
    navigate(`/superadmin/${_id}/edit`);
  };
  const switchTo = async (id: string) => {
    if (isStatusOk(await superadminApi.switchOrganization(id))) hardNavigate("/");
  };

  return (
    <section className="page superadmin" aria-busy={state.kind === "loading"}>
      <h1 className="page__title">
        <Trans>Super admin</Trans>
      </h1>
      <SuperadminNav />
      <form className="superadmin__toolbar" onSubmit={(e) => void create(e).catch(() => {})}>
        <div className="field">
          <label htmlFor="new-organization-name">
            <Trans>New organisation</Trans>
          </label>
          <input id="new-organization-name" type="text" value={name} onChange={(e) => setName(e.target.value)} maxLength={200} />
        </div>
        <Button type="submit" variant="primary" disabled={name.trim() === ""}>
          <Trans>Create organisation</Trans>
        </Button>
      </form>
      <form
        className="superadmin__toolbar"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setApplied(search.trim());
        }}
      >
        <div className="field">
          <label htmlFor="organization-search">
            <Trans>Search organisations</Trans>
          </label>
          <input id="organization-search" type="text" value={search} onChange={(e) => setSearch(e.target.value)} />
        </div>
        <Button type="submit">
          <Trans>Search</Trans>
        </Button>
      </form>
      {state.kind === "loading" ? <Skeleton label={t`Loading`} lines={6} /> : null}
      {state.kind === "failed" ? (
        <p role="alert">
          <Trans>The organisations could not be loaded.</Trans>
        </p>
      ) : null}
      {state.kind === "ready" && state.data.length === 0 ? <EmptyState title={t`No organisations found.`} /> : null}
      {state.kind === "ready" && state.data.length > 0 ? (
        <table className="table superadmin__table">
          <caption className="visually-hidden">{t`Organisations`}</caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Organisation</Trans>
              </th>
              <th scope="col">
                <Trans>Feature set</Trans>
              </th>
              <th scope="col">
                <Trans>Users</Trans>
              </th>
              <th scope="col">
                <Trans>SMS balance</Trans>
              </th>
              <th scope="col">
                <Trans>Actions</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {state.data.map((o) => (
              <tr key={o._id}>
                <th scope="row">
                  {o.name}
                  {o.domain ? <span className="superadmin__muted"> · {o.domain}</span> : null}
                </th>
                <td>{o.featureSetName}</td>
                <td>{o.userCount}</td>
                <td>{formatMoney(o.smsBalance, o.currency, i18n.locale)}</td>
                <td className="superadmin__actions">
                  <LinkButton size="sm" variant="quiet" to={`/superadmin/${o._id}/edit`} aria-label={t`Edit ${o.name}`}>
                    <Trans>Edit</Trans>
                  </LinkButton>
                  <LinkButton size="sm" variant="quiet" to={`/superadmin/${o._id}/user-management`} aria-label={t`Users of ${o.name}`}>
                    <Trans>Users</Trans>
                  </LinkButton>
                  <LinkButton size="sm" variant="quiet" to={`/superadmin/${o._id}/sms-costs`} aria-label={t`SMS costs of ${o.name}`}>
                    <Trans>SMS costs</Trans>
                  </LinkButton>
                  <Button size="sm" variant="quiet" onClick={() => void switchTo(o._id).catch(() => {})} aria-label={t`Switch to ${o.name}`}>
                    <Trans>Switch to</Trans>
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
