import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { useParams } from "react-router-dom";
import { toasts } from "../shell/toastStore";
import { Button, LinkButton, Skeleton } from "../ui";
import { type OrgMember, superadminApi } from "./api";
import { SuperadminNav } from "./SuperadminNav";
import { useLoad } from "./useLoad";
import "./superadmin.css";

/** /superadmin/:organizationId/user-management/:userId: a person's account (PUT /super-admin/user). */
export default function OrganizationUserPage() {
  const { t } = useLingui();
  const { organizationId = "", userId = "" } = useParams();
  const [state, reload] = useLoad(() => superadminApi.members(organizationId), [organizationId]);
  const member = state.kind === "ready" ? state.data.find((m) => m._id === userId) : undefined;
  return (
    <section className="page page--narrow superadmin" aria-busy={state.kind === "loading"}>
      <h1 className="page__title">
        <Trans>User</Trans>
      </h1>
      <SuperadminNav />
      <p>
        <LinkButton size="sm" to={`/superadmin/${organizationId}/user-management`}>
          <Trans>Back to the organisation's users</Trans>
        </LinkButton>
      </p>
      {state.kind === "loading" ? <Skeleton label={t`Loading`} lines={4} /> : null}
      {state.kind === "failed" || (state.kind === "ready" && !member) ? (
        <p role="alert">
          <Trans>User not found</Trans>
        </p>
      ) : null}
      {member ? <AccountForm key={`${member.displayname}|${member.email}`} member={member} onSaved={reload} /> : null}
    </section>
  );
}

function AccountForm({ member, onSaved }: { member: OrgMember; onSaved: () => void }) {
  const { t } = useLingui();
  const [name, setName] = useState(member.displayname);
  const [email, setEmail] = useState(member.email);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    await superadminApi.updateUser({ _id: member._id, displayname: name, email });
    toasts.success(t`User updated`);
    onSaved();
  };
  return (
    <form className="form" onSubmit={(e) => void save(e).catch(() => {})}>
      <div className="field">
        <label htmlFor="account-name">
          <Trans>Name</Trans>
        </label>
        <input id="account-name" type="text" required value={name} onChange={(e) => setName(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="account-email">
          <Trans>E-mail</Trans>
        </label>
        <input id="account-email" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
      </div>
      <div>
        <Button type="submit" variant="primary" disabled={!name.trim() || !email.trim()}>
          <Trans>Save</Trans>
        </Button>
      </div>
    </form>
  );
}
