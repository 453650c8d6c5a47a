/**
 * How the card form collects a card (spec 000 §3 "client secret for card setup, payment method id"):
 * a SetupIntent's client secret goes in, the id of the confirmed payment method comes out.
 * In production it is Stripe's own card element (Stripe Elements, loaded by @stripe/stripe-js with
 * the server's publishable key). Without a publishable key (a server on the local Stripe fake, the
 * end-to-end tests) a stand-in asks for a test payment method id such as pm_card_visa. Tests may swap
 * the factory (setCardCollectorFactory).
 */
export interface CardCollector {
  /** "elements": the provider's iframe is mounted into the element; "standIn": the form shows a text field. */
  readonly kind: "elements" | "standIn";
  mount(element: HTMLElement): Promise<void>;
  /** Confirms the card with the SetupIntent and answers the payment method id; throws with the provider's message. */
  collect(clientSecret: string, standInValue?: string): Promise<string>;
  unmount(): void;
}

export type CardCollectorFactory = (publishableKey: string | null) => CardCollector;

function standInCollector(): CardCollector {
  return {
    kind: "standIn",
    mount: async () => undefined,
    collect: async (_clientSecret, value) => (value ?? "").trim(),
    unmount: () => undefined,
  };
}

function elementsCollector(publishableKey: string): CardCollector {
  let stripe: import("@stripe/stripe-js").Stripe | null = null;
  let card: import("@stripe/stripe-js").StripeCardElement | null = null;
  return {
    kind: "elements",
    async mount(element) {
      const { loadStripe } = await import("@stripe/stripe-js");
      stripe = await loadStripe(publishableKey);
      if (!stripe) throw new Error("The card form could not be loaded");
      card = stripe.elements().create("card", { hidePostalCode: true });
      card.mount(element);
    },
    async collect(clientSecret) {
      if (!stripe || !card) throw new Error("The card form is not ready");
      const result = await stripe.confirmCardSetup(clientSecret, { payment_method: { card } });
      if (result.error) throw new Error(result.error.message ?? "The card was not accepted");
      const method = result.setupIntent.payment_method;
      return typeof method === "string" ? method : (method?.id ?? "");
    },
    unmount() {
      card?.destroy();
      card = null;
    },
  };
}

const defaultFactory: CardCollectorFactory = (publishableKey) => (publishableKey ? elementsCollector(publishableKey) : standInCollector());
let factory: CardCollectorFactory = defaultFactory;

export function setCardCollectorFactory(next: CardCollectorFactory | null): void {
  factory = next ?? defaultFactory;
}

export function createCardCollector(publishableKey: string | null): CardCollector {
  return factory(publishableKey);
}
