import { Trans, useLingui } from "@lingui/react/macro";
import { formatMoney } from "../format/currency";
import { type FormEvent, useState } from "react";
import { useParams } from "react-router-dom";
import { toasts } from "../shell/toastStore";
import { Button, Card, LinkButton, Skeleton } from "../ui";
import { type AdminOrganization, type FeatureSet, superadminApi } from "./api";
import { SuperadminNav } from "./SuperadminNav";
import { useLoad } from "./useLoad";
import "./superadmin.css";

const segments = ["customer", "self-signup", "test"] as const;
const billingStatuses = ["inactive", "trialing", "active", "past_due", "incomplete", "unpaid", "canceled"] as const;

const numberOrNull = (value: string): number | null => (value.trim() === "" ? null : Number(value));

/** /superadmin/:id/edit: every field of the organisation, saved as the whole object; its feature set; an SMS top-up. */
export default function OrganizationEditPage() {
  const { t } = useLingui();
  const { id = "" } = useParams();
  const [state, reload] = useLoad(() => Promise.all([superadminApi.organization(id), superadminApi.featureSets()]), [id]);
  return (
    <section className="page superadmin" aria-busy={state.kind === "loading"}>
      <h1 className="page__title">
        <Trans>Edit organisation</Trans>
      </h1>
      <SuperadminNav />
      {state.kind === "loading" ? <Skeleton label={t`Loading`} lines={8} /> : null}
      {state.kind === "failed" ? (
        <p role="alert">
          <Trans>The organisation could not be loaded.</Trans>
        </p>
      ) : null}
      {state.kind === "ready" ? (
        <OrganizationForm key={JSON.stringify(state.data[0])} organization={state.data[0]} featureSets={state.data[1]} onSaved={reload} />
      ) : null}
    </section>
  );
}

function OrganizationForm({ organization, featureSets, onSaved }: { organization: AdminOrganization; featureSets: FeatureSet[]; onSaved: () => void }) {
  const { t } = useLingui();
  const [draft, setDraft] = useState<AdminOrganization>(organization);
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof AdminOrganization>(key: K, value: AdminOrganization[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const invalid = draft.name.trim() === "";

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      const reply = await superadminApi.saveOrganization(organization._id, draft);
      toasts.success(reply.message);
      onSaved();
    } finally {
      setSaving(false);
    }
  };

  const chosenSet = featureSets.find((f) => f._id === draft.featureSetId);
  return (
    <>
      <p className="superadmin__actions">
        <LinkButton size="sm" to={`/superadmin/${organization._id}/user-management`}>
          <Trans>Users</Trans>
        </LinkButton>
        <LinkButton size="sm" to={`/superadmin/${organization._id}/user-management/invites`}>
          <Trans>Invites</Trans>
        </LinkButton>
        <LinkButton size="sm" to={`/superadmin/${organization._id}/sms-costs`}>
          <Trans>SMS costs and history</Trans>
        </LinkButton>
      </p>
      <form className="form" onSubmit={(e) => void save(e).catch(() => {})} aria-label={t`Organisation ${organization.name}`}>
        <div className="superadmin__grid">
          <div className="field">
            <label htmlFor="org-name">
              <Trans>Name</Trans>
            </label>
            <input id="org-name" type="text" required maxLength={200} value={draft.name} onChange={(e) => set("name", e.target.value)} aria-invalid={invalid} />
          </div>
          <div className="field">
            <label htmlFor="org-domain">
              <Trans>Domain</Trans>
            </label>
            <input id="org-domain" type="text" maxLength={253} value={draft.domain ?? ""} onChange={(e) => set("domain", e.target.value || null)} />
          </div>
          <div className="field">
            <label htmlFor="org-segment">
              <Trans>Segment</Trans>
            </label>
            <select id="org-segment" value={draft.segment} onChange={(e) => set("segment", e.target.value)}>
              {segments.map((s) => (
                <option key={s} value={s}>
                  {s === "customer" ? t`Customer` : s === "self-signup" ? t`Self-signup` : t`Test`}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="org-feature-set">
              <Trans>Feature set</Trans>
            </label>
            <select id="org-feature-set" value={draft.featureSetId} onChange={(e) => set("featureSetId", e.target.value)}>
              {featureSets.map((f) => (
                <option key={f._id} value={f._id}>
                  {f.name}
                </option>
              ))}
            </select>
            <p className="field__hint">{chosenSet ? chosenSet.features.join(", ") : ""}</p>
          </div>
          <div className="field">
            <label htmlFor="org-retention">
              <Trans>Contact retention (days, empty: for ever)</Trans>
            </label>
            <input
              id="org-retention"
              type="number"
              min={1}
              value={draft.contactRetentionDays ?? ""}
              onChange={(e) => set("contactRetentionDays", numberOrNull(e.target.value))}
            />
          </div>
          <div className="field field--checkbox">
            <input id="org-profanity" type="checkbox" checked={draft.profanityFilter} onChange={(e) => set("profanityFilter", e.target.checked)} />
            <label htmlFor="org-profanity">
              <Trans>Profanity filter</Trans>
            </label>
          </div>
          <div className="field">
            <label htmlFor="org-trial">
              <Trans>Trial until</Trans>
            </label>
            <input
              id="org-trial"
              type="date"
              value={draft.trialUntil ? draft.trialUntil.slice(0, 10) : ""}
              onChange={(e) => set("trialUntil", e.target.value ? `${e.target.value}T00:00:00.000Z` : null)}
            />
          </div>
          <div className="field">
            <label htmlFor="org-period">
              <Trans>Billing period</Trans>
            </label>
            <select
              id="org-period"
              value={draft.billingPeriod ?? ""}
              onChange={(e) => set("billingPeriod", e.target.value === "" ? null : (e.target.value as "monthly" | "annual"))}
            >
              <option value="">{t`None`}</option>
              <option value="monthly">{t`Monthly`}</option>
              <option value="annual">{t`Annual`}</option>
            </select>
          </div>
          <div className="field">
            <label htmlFor="org-status">
              <Trans>Billing status</Trans>
            </label>
            <select id="org-status" value={draft.billingStatus} onChange={(e) => set("billingStatus", e.target.value)}>
              {billingStatuses.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="org-limit">
              <Trans>Response limit (empty: none)</Trans>
            </label>
            <input
              id="org-limit"
              type="number"
              min={0}
              value={draft.responseLimit ?? ""}
              onChange={(e) => set("responseLimit", numberOrNull(e.target.value))}
            />
          </div>
          <div className="field">
            <label htmlFor="org-seats">
              <Trans>User seats (empty: no limit)</Trans>
            </label>
            <input id="org-seats" type="number" min={1} value={draft.userSeats ?? ""} onChange={(e) => set("userSeats", numberOrNull(e.target.value))} />
          </div>
        </div>
        <div>
          <Button type="submit" variant="primary" disabled={invalid} loading={saving}>
            <Trans>Save</Trans>
          </Button>
        </div>
      </form>
      <SmsTopUpCard organization={organization} onDone={onSaved} />
    </>
  );
}

/** A super-admin top-up of the organisation's SMS balance, without payment (audited). */
export function SmsTopUpCard({ organization, onDone }: { organization: Pick<AdminOrganization, "_id" | "smsBalance" | "currency">; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const [amount, setAmount] = useState("");
  const [busy, setBusy] = useState(false);
  const value = Number(amount);
  const invalid = amount.trim() === "" || !Number.isFinite(value) || value <= 0;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await superadminApi.topUp(organization._id, value);
      toasts.success(t`Top-up success`);
      setAmount("");
      onDone();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title={t`SMS balance`}>
      <p className="superadmin__balance" data-testid="sms-balance">
        {formatMoney(organization.smsBalance, organization.currency, i18n.locale)}
      </p>
      <form className="superadmin__toolbar" onSubmit={(e) => void submit(e).catch(() => {})}>
        <div className="field">
          <label htmlFor="sms-topup-amount">
            <Trans>Top-up amount ({organization.currency})</Trans>
          </label>
          <input id="sms-topup-amount" type="number" min={0.01} max={10000} step={0.01} value={amount} onChange={(e) => setAmount(e.target.value)} />
        </div>
        <Button type="submit" variant="primary" disabled={invalid} loading={busy}>
          <Trans>Top up</Trans>
        </Button>
      </form>
    </Card>
  );
}
