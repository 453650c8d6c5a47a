import "./billing.css";
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useId, useState } from "react";
import { toasts } from "../shell/toastStore";
import { Button, Skeleton } from "../ui";
import { ApiError } from "../transport/rest";
import { BillingAdminNotice } from "./BillingAdminNotice";
import { type BillingDetails, billingRequest, type SubscriptionState, useBillingResource } from "./billingApi";

/** Spec 000 §5, §9: billing text fields need at least 5 characters. */
export const billingTextMin = 5;

type FieldKey = "billingEmail" | "name" | "addressLine1" | "addressLine2" | "postalCode" | "city" | "state" | "country" | "businessId";

/** The client's checks, the same as the server's (domain/billing/billing.ts validateBillingDetails). */
export function billingDetailsErrors(d: BillingDetails, messages: { min: string; email: string; country: string }): Partial<Record<FieldKey, string>> {
  const errors: Partial<Record<FieldKey, string>> = {};
  const short = (v: string, required: boolean, min = billingTextMin) => (v.trim() === "" ? required : v.trim().length < min);
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(d.billingEmail.trim())) errors.billingEmail = messages.email;
  if (short(d.name, true)) errors.name = messages.min;
  if (short(d.address.addressLine1, true)) errors.addressLine1 = messages.min;
  if (short(d.address.addressLine2, false)) errors.addressLine2 = messages.min;
  if (short(d.businessId, false)) errors.businessId = messages.min;
  if (d.address.country.trim() && !/^[A-Za-z]{2}$/.test(d.address.country.trim())) errors.country = messages.country;
  return errors;
}

/** /settings/billing-details: billing e-mail, name, address, customer type (company by default) and business id. */
export default function BillingDetailsPage() {
  const { t } = useLingui();
  const details = useBillingResource<BillingDetails>("/subscription/details");
  const subscription = useBillingResource<SubscriptionState>("/subscription");

  const title = (
    <h1 className="page__title">
      <Trans>Billing details</Trans>
    </h1>
  );
  if (details.loading && !details.data)
    return (
      <section className="page page--narrow">
        {title}
        <Skeleton label={t`Loading the billing details`} lines={8} />
      </section>
    );
  if (!details.data)
    return (
      <section className="page page--narrow">
        {title}
        {details.failedStatus === 403 ? (
          <BillingAdminNotice />
        ) : (
          <p role="alert">
            <Trans>The billing details could not be loaded.</Trans>
          </p>
        )}
      </section>
    );
  const editable = subscription.data?.canManage ?? false;
  return (
    <section className="page page--narrow">
      {title}
      {!editable ? <BillingAdminNotice /> : null}
      {/* The form starts from what was read, in its first render: an effect copying the read into
          the form's state would land after a quick first keystroke and wipe it. A new read (after a
          save) is a new form. */}
      <BillingDetailsForm key={JSON.stringify(details.data)} initial={details.data} editable={editable} onSaved={details.reload} />
    </section>
  );
}

function BillingDetailsForm({ initial, editable, onSaved }: { initial: BillingDetails; editable: boolean; onSaved: () => void }) {
  const { t } = useLingui();
  const formId = useId();
  const [form, setForm] = useState<BillingDetails>(initial);
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<{ field?: string; error: string } | null>(null);
  const errors = billingDetailsErrors(form, {
    min: t`Must be at least ${billingTextMin} characters`,
    email: t`Please provide a valid e-mail address`,
    country: t`The country is a two-letter code such as FI`,
  });
  const valid = Object.keys(errors).length === 0;

  const setAddress = (key: keyof BillingDetails["address"], value: string) => setForm((f) => ({ ...f, address: { ...f.address, [key]: value } }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!valid) return;
    setSaving(true);
    setServerError(null);
    try {
      await billingRequest("/subscription/details", { method: "PUT", body: form, action: "saveBillingDetails", toast: false });
      toasts.success(t`Organization details updated`);
      onSaved();
    } catch (e) {
      const body = e instanceof ApiError ? (e.body as { error?: string; field?: string } | null) : null;
      setServerError({ error: body?.error ?? (e as Error).message, field: body?.field });
    } finally {
      setSaving(false);
    }
  };

  const field = (
    key: FieldKey,
    label: string,
    value: string,
    onChange: (v: string) => void,
    opts: { type?: string; required?: boolean; autoComplete?: string } = {},
  ) => {
    const id = `${formId}-${key}`;
    const serverField = serverError?.field?.replace("address.", "");
    const error = (touched && errors[key]) || (serverField === key ? serverError?.error : undefined);
    return (
      <div className="field" key={key}>
        <label htmlFor={id}>
          {label}
          {opts.required ? <span aria-hidden="true"> *</span> : null}
        </label>
        <input
          id={id}
          type={opts.type ?? "text"}
          value={value}
          readOnly={!editable}
          required={opts.required}
          autoComplete={opts.autoComplete}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onChange(e.target.value)}
          onBlur={() => setTouched(true)}
        />
        {error ? (
          <p className="field__error" id={`${id}-error`}>
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <form id={formId} className="form" onSubmit={(e) => void submit(e)} noValidate>
      {field("billingEmail", t`Billing e-mail`, form.billingEmail, (v) => setForm((f) => ({ ...f, billingEmail: v })), {
        type: "email",
        required: true,
        autoComplete: "email",
      })}
      {field("name", t`Name on invoices`, form.name, (v) => setForm((f) => ({ ...f, name: v })), { required: true, autoComplete: "organization" })}
      <fieldset className="field">
        <legend>
          <Trans>Customer type</Trans>
        </legend>
        <label>
          <input
            type="radio"
            name={`${formId}-type`}
            checked={form.customerType === "company"}
            disabled={!editable}
            onChange={() => setForm((f) => ({ ...f, customerType: "company" }))}
          />{" "}
          <Trans>Company</Trans>
        </label>{" "}
        <label>
          <input
            type="radio"
            name={`${formId}-type`}
            checked={form.customerType === "individual"}
            disabled={!editable}
            onChange={() => setForm((f) => ({ ...f, customerType: "individual" }))}
          />{" "}
          <Trans>Individual</Trans>
        </label>
      </fieldset>
      {field("businessId", t`VAT or business id`, form.businessId, (v) => setForm((f) => ({ ...f, businessId: v })))}
      {field("addressLine1", t`Address line 1`, form.address.addressLine1, (v) => setAddress("addressLine1", v), {
        required: true,
        autoComplete: "address-line1",
      })}
      {field("addressLine2", t`Address line 2`, form.address.addressLine2, (v) => setAddress("addressLine2", v), { autoComplete: "address-line2" })}
      {field("postalCode", t`Postal code`, form.address.postalCode, (v) => setAddress("postalCode", v), { autoComplete: "postal-code" })}
      {field("city", t`City`, form.address.city, (v) => setAddress("city", v), { autoComplete: "address-level2" })}
      {field("state", t`State or region`, form.address.state, (v) => setAddress("state", v), { autoComplete: "address-level1" })}
      {field("country", t`Country code`, form.address.country, (v) => setAddress("country", v.toUpperCase()), { autoComplete: "country" })}
      {serverError && !serverError.field ? (
        <p className="field__error" role="alert">
          {serverError.error}
        </p>
      ) : null}
      {editable ? (
        <div className="form__actions">
          <Button variant="primary" type="submit" disabled={saving || (touched && !valid)}>
            <Trans>Save</Trans>
          </Button>
        </div>
      ) : null}
    </form>
  );
}
