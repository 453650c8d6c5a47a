import "./billing.css";
import { parseSmsTopUpAmount, smsTopUpMax, smsTopUpMin } from "@feedback/shared/sms-topup";
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useId, useRef, useState } from "react";
import { toasts } from "../shell/toastStore";
import { ApiError } from "../transport/rest";
import { Button } from "../ui";
import { BillingAdminNotice } from "./BillingAdminNotice";
import { billingRequest } from "./billingApi";

/** The server's top-up refusals (api domain/billing) in the reader's language; any other message is shown as the server wrote it. */
function useRefusalText() {
  const { t } = useLingui();
  const known: Record<string, string> = {
    "Insufficient funds on account": t`Insufficient funds on account`,
    "Payment requires extra authentication": t`Payment requires extra authentication`,
    "Card has expired": t`Card has expired`,
    "Add a card before subscribing": t`Add a card on the subscription page before topping up`,
    "No payment provider: billing is not in use on this server": t`Top-ups need a payment provider, and this server has none.`,
    "Billing is managed by your organisation's admin: please contact them": t`Billing is managed by your organisation's admin. Please contact your organisation admin.`,
  };
  return (error: unknown) => {
    const message = error instanceof ApiError ? error.message : "";
    if (error instanceof ApiError && error.status === 0) return t`The top-up could not reach the server. Try again: you will not be charged twice.`;
    return known[message] ?? (message || t`Something went wrong`);
  };
}

/** A new attempt's Idempotency-Key (crypto.randomUUID needs a secure context; random bytes do not). */
function newAttemptKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * The customer's SMS top-up (spec 000 §3 "SMS balance top-up", §7 POST /sms-topup, §8 "top-up success"):
 * organisation and billing admins buy credit with the organisation's card. Each attempt carries its own
 * Idempotency-Key; a retry after no answer (or a server failure) sends the same key, so the card is
 * charged once; any answer ends the attempt.
 */
export function SmsTopUpForm({
  canTopUp,
  paymentProvider,
  currency,
  onToppedUp,
}: {
  canTopUp: boolean;
  paymentProvider: boolean;
  currency: string;
  onToppedUp: (balance: number) => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const refusalText = useRefusalText();
  const [amount, setAmount] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const attempt = useRef<{ key: string; amount: number } | null>(null);

  const heading = (
    <h2 id={`${id}-title`}>
      <Trans>Top up</Trans>
    </h2>
  );
  if (!canTopUp)
    return (
      <section className="sms-topup" aria-labelledby={`${id}-title`}>
        {heading}
        <BillingAdminNotice />
      </section>
    );
  if (!paymentProvider)
    return (
      <section className="sms-topup" aria-labelledby={`${id}-title`}>
        {heading}
        <p className="field__hint" role="note">
          <Trans>Top-ups need a payment provider, and this server has none. A system admin can add SMS credit from the super-admin screens.</Trans>
        </p>
      </section>
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const value = parseSmsTopUpAmount(amount);
    if (value === null) {
      setFieldError(t`The amount is a whole number from ${smsTopUpMin} to ${smsTopUpMax}`);
      return;
    }
    setFieldError(null);
    setRefusal(null);
    // The same amount after an unanswered try is the same attempt (same key); another amount is a new one.
    if (!attempt.current || attempt.current.amount !== value) attempt.current = { key: newAttemptKey(), amount: value };
    setBusy(true);
    try {
      const answer = await billingRequest<{ balance: number }>("/sms-topup", {
        method: "POST",
        body: { amount: value },
        headers: { "Idempotency-Key": attempt.current.key },
        toast: false,
      });
      attempt.current = null;
      setAmount("");
      toasts.success(t`Top-up success`);
      onToppedUp(answer.balance);
    } catch (error) {
      // An answer (a refusal) ends the attempt: trying again is a new payment. Without an answer, or
      // after a server failure, the outcome is unknown: the retry keeps the key and pays at most once.
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) attempt.current = null;
      setRefusal(refusalText(error));
    } finally {
      setBusy(false);
    }
  };

  const amountId = `${id}-amount`;
  const describedBy = [`${amountId}-hint`, fieldError ? `${amountId}-error` : null].filter(Boolean).join(" ");
  return (
    <section className="sms-topup" aria-labelledby={`${id}-title`}>
      {heading}
      <form className="form sms-topup__form" onSubmit={(e) => void submit(e)} noValidate aria-busy={busy || undefined} aria-labelledby={`${id}-title`}>
        <div className="field">
          <label htmlFor={amountId}>
            <Trans>Amount ({currency})</Trans>
          </label>
          <input
            id={amountId}
            inputMode="numeric"
            autoComplete="off"
            value={amount}
            readOnly={busy}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={describedBy}
            onChange={(e) => setAmount(e.target.value)}
          />
          <p className="field__hint" id={`${amountId}-hint`}>
            <Trans>
              A whole number from {smsTopUpMin} to {smsTopUpMax}, charged to the organisation's card.
            </Trans>
          </p>
          {fieldError ? (
            <p className="field__error" id={`${amountId}-error`}>
              {fieldError}
            </p>
          ) : null}
        </div>
        {refusal ? (
          <p className="field__error" role="alert">
            {refusal}
          </p>
        ) : null}
        <div className="form__actions">
          <Button variant="primary" type="submit" loading={busy}>
            <Trans>Top up</Trans>
          </Button>
          <span role="status" className="field__hint">
            {busy ? <Trans>Paying…</Trans> : null}
          </span>
        </div>
      </form>
    </section>
  );
}
