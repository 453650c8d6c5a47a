// The plan catalogue (spec 000 §9: Single and Pro, enterprise by contact; monthly or annual with a
// discounted annual price; the prices, seats and limits are not shown, so they are ours:
// docs/billing.md "Plans").
import type { FeatureKey } from "../features/features.js";

export type PlanKey = "single" | "pro";
export type BillingPeriod = "monthly" | "annual";

/** Currencies a subscription can be taken in; the first subscription fixes the organisation's (spec 000 §4). */
export const billingCurrencies = ["EUR", "USD", "GBP"] as const;
export type BillingCurrency = (typeof billingCurrencies)[number];

/** Months paid for a year on the annual cycle: two months free (about 17 % off). */
export const annualMonthsCharged = 10;

/** Days of the self-signup trial (domain/signup gives new organisations the same). */
export const trialDays = 14;

/**
 * Days from the first failed payment of an unpaid stretch after which the organisation's surveys stop
 * collecting (spec 000 §8 "Latest invoice unpaid (surveys stop after the remaining days)").
 */
export const unpaidGraceDays = 14;

export type PlanDefinition = {
  key: PlanKey;
  name: string;
  /** monthly price in the currency's minor unit (cents) */
  monthly: number;
  /** users (members plus pending invitations) the plan allows; domain/user-management/seats.ts counts them */
  userSeats: number;
  /** responses per 30 days shown in results (domain/respondent/response-limit.ts) */
  responseLimit: number;
  features: FeatureKey[];
};

export const plans: Record<PlanKey, PlanDefinition> = {
  single: {
    key: "single",
    name: "Single",
    monthly: 4900,
    userSeats: 3,
    responseLimit: 1000,
    features: ["channelCreation", "fileExportCsv", "notificationsToOrganizationUsers", "surveyLogic", "organizationLogo"],
  },
  pro: {
    key: "pro",
    name: "Pro",
    monthly: 14900,
    userSeats: 20,
    responseLimit: 20000,
    features: [
      "channelCreation",
      "feedbackInbox",
      "fileExportCsv",
      "fileExportPdf",
      "fileExportXlsx",
      "fileExportAll",
      "notificationsToOrganizationUsers",
      "notificationsToAllEmails",
      "organizationLogo",
      "restApi",
      "smsMessages",
      "surveyAppearance",
      "surveyLogic",
      "upsellModule",
    ],
  },
};

export const isPlanKey = (value: unknown): value is PlanKey => value === "single" || value === "pro";
export const isBillingPeriod = (value: unknown): value is BillingPeriod => value === "monthly" || value === "annual";

/** The price of one billing cycle, in minor units. */
export function planPrice(plan: PlanKey, period: BillingPeriod): number {
  const monthly = plans[plan].monthly;
  return period === "annual" ? monthly * annualMonthsCharged : monthly;
}

/** The price's lookup key at the payment provider: one price per plan, cycle and currency. */
export const priceLookupKey = (plan: PlanKey, period: BillingPeriod, currency: string) => `feedback_${plan}_${period}_${currency.toLowerCase()}`;

/** The feature set a plan's subscribers get (FeatureSet.name). */
export const planFeatureSetName = (plan: PlanKey) => `Plan: ${plans[plan].name}`;

/** The catalogue as the subscription screen shows it. */
export function planCatalogue(currency: string) {
  return (Object.keys(plans) as PlanKey[]).map((key) => ({
    plan: key,
    name: plans[key].name,
    currency,
    monthly: planPrice(key, "monthly"),
    annual: planPrice(key, "annual"),
    userSeats: plans[key].userSeats,
    responseLimit: plans[key].responseLimit,
    features: plans[key].features,
  }));
}

// VAT (spec 000 §9 "The tax rate comes from the server"): the EU standard rates by the billing
// country; a company with a business id outside the seller's country pays none (reverse charge);
// outside the EU none. The seller is in Finland.
export const sellerCountry = "FI";
const euVat: Record<string, number> = {
  AT: 20,
  BE: 21,
  BG: 20,
  HR: 25,
  CY: 19,
  CZ: 21,
  DK: 25,
  EE: 24,
  FI: 25.5,
  FR: 20,
  DE: 19,
  GR: 24,
  HU: 27,
  IE: 23,
  IT: 22,
  LV: 21,
  LT: 21,
  LU: 17,
  MT: 18,
  NL: 21,
  PL: 23,
  PT: 23,
  RO: 21,
  SK: 23,
  SI: 22,
  ES: 21,
  SE: 25,
};

export function taxRateFor(details: { country: string | null; customerType: "company" | "individual"; businessId: string | null } | null): number {
  const country = details?.country?.toUpperCase() ?? sellerCountry;
  const rate = euVat[country];
  if (rate === undefined) return 0;
  if (country !== sellerCountry && details?.customerType === "company" && details.businessId) return 0;
  return rate;
}
