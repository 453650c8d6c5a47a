/**
 * The billing calls of spec 000 §7 "Subscription and money" and their answers (api/src/rest/v5/billing.ts).
 */
import { useCallback, useEffect, useState } from "react";
import { getServices } from "../services";
import { ApiError, type RestOptions } from "../transport/rest";

export type PlanKey = "single" | "pro";
export type BillingPeriod = "monthly" | "annual";
export type Card = { id: string; brand: string | null; last4: string | null; month: number | null; year: number | null };
export type PlanOffer = {
  plan: PlanKey;
  name: string;
  currency: string;
  monthly: number;
  annual: number;
  userSeats: number;
  responseLimit: number;
  features: string[];
};
export type SubscriptionState = {
  canManage: boolean;
  paymentProvider: boolean;
  publishableKey: string | null;
  status: string;
  plan: PlanKey | null;
  billingPeriod: BillingPeriod | null;
  currency: string;
  currencyFixed: boolean;
  currentPeriodEnd: string | null;
  cancelAt: string | null;
  card: Card | null;
  taxRate: number;
  account: {
    billingStatus: string;
    dashboardLocked: boolean;
    trialDaysLeft: number | null;
    unpaidDaysLeft: number | null;
    collectingStopsAt: string | null;
    warning: string | null;
  };
  plans: PlanOffer[];
  latestUnpaidInvoice: { id: string; total: number; currency: string } | null;
};
export type InvoiceStatus = "draft" | "open" | "paid" | "uncollectible" | "void";
export type Invoice = {
  _id: string;
  number: string | null;
  status: InvoiceStatus;
  total: number;
  currency: string;
  createdAt: string;
  finalized: string | null;
  paid: string | null;
  due: string | null;
  pdfUrl: string | null;
  pdfToken: string | null;
};
export type BillingDetails = {
  billingEmail: string;
  name: string;
  address: { city: string; country: string; addressLine1: string; addressLine2: string; postalCode: string; state: string };
  customerType: "company" | "individual";
  businessId: string;
};

export const billingCurrencies = ["EUR", "USD", "GBP"] as const;

export function billingRequest<T>(path: string, options: RestOptions = {}): Promise<T> {
  return getServices().rest.request<T>(path, options);
}

/** A billing read: its data, the HTTP status of a failure (403: not an admin), and a reload. */
export function useBillingResource<T>(path: string, query?: Record<string, string>) {
  const [state, setState] = useState<{ data: T | null; failedStatus: number | null; loading: boolean }>({ data: null, failedStatus: null, loading: true });
  const [key, setKey] = useState(0);
  const queryKey = JSON.stringify(query ?? {});
  // biome-ignore lint/correctness/useExhaustiveDependencies: key and queryKey ask for a new read
  useEffect(() => {
    let live = true;
    billingRequest<T>(path, { toast: false, query: JSON.parse(queryKey) })
      .then((data) => live && setState({ data, failedStatus: null, loading: false }))
      .catch((error: unknown) => live && setState({ data: null, failedStatus: error instanceof ApiError ? error.status : 500, loading: false }));
    return () => {
      live = false;
    };
  }, [path, key, queryKey]);
  const reload = useCallback(() => setKey((k) => k + 1), []);
  return { ...state, reload };
}
