import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { toasts } from "../shell/toastStore";
import { Button } from "../ui";
import { billingRequest, type Card } from "./billingApi";
import { createCardCollector, type CardCollector } from "./cardCollector";

/** The organisation's card: shown, removed, or added through a SetupIntent (spec 000 §3, §7). */
export function CardForm({
  card,
  publishableKey,
  canManage,
  onChanged,
}: {
  card: Card | null;
  publishableKey: string | null;
  canManage: boolean;
  onChanged: () => void;
}) {
  const { t } = useLingui();
  const formId = useId();
  const [adding, setAdding] = useState(false);
  const [busy, setBusy] = useState(false);
  const [standIn, setStandIn] = useState("");
  const [error, setError] = useState<string | null>(null);
  const mountPoint = useRef<HTMLDivElement>(null);
  const collector = useRef<CardCollector | null>(null);

  useEffect(() => {
    if (!adding) return;
    const c = createCardCollector(publishableKey);
    collector.current = c;
    if (mountPoint.current) c.mount(mountPoint.current).catch((e: Error) => setError(e.message));
    return () => c.unmount();
  }, [adding, publishableKey]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!collector.current) return;
    setBusy(true);
    setError(null);
    try {
      const { clientSecret } = await billingRequest<{ clientSecret: string }>("/subscription/card/setup-intent", { toast: false });
      const paymentMethodId = await collector.current.collect(clientSecret, standIn);
      await billingRequest("/subscription/card", { method: "POST", body: { paymentMethodId }, action: "addCard", toast: false });
      toasts.success(t`Card added`);
      setAdding(false);
      setStandIn("");
      onChanged();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!card) return;
    await billingRequest(`/subscription/card/${encodeURIComponent(card.id)}`, { method: "DELETE", action: "removeCard" });
    toasts.success(t`Card removed`);
    onChanged();
  };

  return (
    <div className="billing-card">
      {card ? (
        <p>
          <Trans>
            Card: {brandName(card.brand)} ending in {card.last4 ?? ""}, expires {String(card.month ?? "").padStart(2, "0")}/{card.year ?? ""}
          </Trans>
        </p>
      ) : (
        <p>
          <Trans>No card yet.</Trans>
        </p>
      )}
      {canManage && !adding ? (
        <div className="form__actions">
          <Button variant={card ? "secondary" : "primary"} onClick={() => setAdding(true)}>
            {card ? <Trans>Replace the card</Trans> : <Trans>Add a card</Trans>}
          </Button>
          {card ? (
            <Button variant="danger" onClick={() => void remove()}>
              <Trans>Remove the card</Trans>
            </Button>
          ) : null}
        </div>
      ) : null}
      {adding ? (
        <form id={formId} className="form" onSubmit={(e) => void submit(e)} noValidate aria-busy={busy || undefined}>
          {collector.current?.kind === "standIn" || !publishableKey ? (
            <div className="field">
              <label htmlFor={`${formId}-pm`}>
                <Trans>Payment method id (test mode)</Trans>
              </label>
              <input id={`${formId}-pm`} value={standIn} onChange={(e) => setStandIn(e.target.value)} aria-describedby={`${formId}-pm-hint`} />
              <p className="field__hint" id={`${formId}-pm-hint`}>
                <Trans>This server uses a test payment provider: enter a test payment method id such as pm_card_visa.</Trans>
              </p>
            </div>
          ) : (
            <div className="field">
              <span id={`${formId}-card-label`}>
                <Trans>Card details</Trans>
              </span>
              <div ref={mountPoint} className="billing-card__element" role="group" aria-labelledby={`${formId}-card-label`} />
            </div>
          )}
          {error ? (
            <p className="field__error" role="alert">
              {error}
            </p>
          ) : null}
          <div className="form__actions">
            <Button variant="primary" type="submit" disabled={busy}>
              <Trans>Save the card</Trans>
            </Button>
            <Button onClick={() => setAdding(false)} disabled={busy}>
              <Trans>Cancel</Trans>
            </Button>
          </div>
        </form>
      ) : null}
    </div>
  );
}

const brandNames: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  discover: "Discover",
  diners: "Diners Club",
  jcb: "JCB",
  unionpay: "UnionPay",
};

/** The card network's own name (the provider answers `visa`, `mastercard`…). */
function brandName(brand: string | null): string {
  if (!brand) return "";
  return brandNames[brand] ?? brand.charAt(0).toUpperCase() + brand.slice(1);
}
