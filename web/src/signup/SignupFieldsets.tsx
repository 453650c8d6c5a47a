import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { FormField } from "../forms/FormField";
import { PasswordChecklist } from "./PasswordChecklist";
import { COMPANY_SIZES, type SignupField } from "./signupValidation";
import type { SignupForm } from "./useSignupForm";

/** One signup field: its label (with "*" when required), the control and the error shown for it. */
function Row({
  form,
  name,
  label,
  required = false,
  children,
}: {
  form: SignupForm;
  name: SignupField;
  label: ReactNode;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <FormField id={`${form.formId}-${name}`} label={label} required={required} error={form.shown(name)}>
      {children}
    </FormField>
  );
}

/** About you: name, and for a new account the e-mail address and password; the phone. */
export function AboutYouFieldset({ form }: { form: SignupForm }) {
  const { field, formId, mode, draft } = form;
  const full = mode === "full";
  return (
    <fieldset className="fieldset">
      <legend>
        <Trans>About you</Trans>
      </legend>
      <Row form={form} name="firstName" label={<Trans>First name</Trans>} required={full}>
        <input {...field("firstName")} type="text" autoComplete="given-name" />
      </Row>
      <Row form={form} name="lastName" label={<Trans>Last name</Trans>} required={full}>
        <input {...field("lastName")} type="text" autoComplete="family-name" />
      </Row>
      {full ? (
        <>
          <Row form={form} name="email" label={<Trans>E-mail address</Trans>} required>
            <input {...field("email")} type="email" autoComplete="email" />
          </Row>
          <Row form={form} name="password" label={<Trans>Password</Trans>} required>
            <input {...field("password", `${formId}-checklist`)} type="password" autoComplete="new-password" />
            <PasswordChecklist password={draft.password} id={`${formId}-checklist`} />
          </Row>
          <Row form={form} name="password2" label={<Trans>Confirm the password</Trans>} required>
            <input {...field("password2")} type="password" autoComplete="new-password" />
          </Row>
        </>
      ) : (
        <p>
          <Trans>E-mail address</Trans>: <strong>{draft.email}</strong>
        </p>
      )}
      <Row form={form} name="phone" label={<Trans>Phone (optional)</Trans>}>
        <input {...field("phone")} type="tel" autoComplete="tel" />
      </Row>
    </fieldset>
  );
}

/** Your company: name, industry, size and an optional promo code. */
export function CompanyFieldset({ form }: { form: SignupForm }) {
  const { t } = useLingui();
  const { field } = form;
  const sizeLabels: Record<(typeof COMPANY_SIZES)[number], string> = {
    "1-9": t`1–9 employees`,
    "10-49": t`10–49 employees`,
    "50-249": t`50–249 employees`,
    "250-999": t`250–999 employees`,
    "1000+": t`1,000 or more employees`,
  };
  return (
    <fieldset className="fieldset">
      <legend>
        <Trans>Your company</Trans>
      </legend>
      <Row form={form} name="company" label={<Trans>Company</Trans>} required>
        <input {...field("company")} type="text" autoComplete="organization" />
      </Row>
      <Row form={form} name="industry" label={<Trans>Industry</Trans>} required>
        <input {...field("industry")} type="text" />
      </Row>
      <Row form={form} name="companySize" label={<Trans>Company size</Trans>} required>
        <select {...field("companySize")}>
          <option value="">{t`Choose…`}</option>
          {COMPANY_SIZES.map((size) => (
            <option key={size} value={size}>
              {sizeLabels[size]}
            </option>
          ))}
        </select>
      </Row>
      <Row form={form} name="promoCode" label={<Trans>Promo code (optional)</Trans>}>
        <input {...field("promoCode")} type="text" />
      </Row>
    </fieldset>
  );
}
