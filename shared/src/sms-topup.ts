// The customer's SMS top-up amount (spec 000 §3 "SMS balance top-up", §7 POST /sms-topup): a whole
// number of the organisation's currency units within these limits. The api refuses anything else
// (domain/billing/sms-topup.ts); the web's top-up form checks the same before it sends. The messages
// stay each side's own (the api's English, the form's translated).

export const smsTopUpMin = 5;
export const smsTopUpMax = 1000;

/** The amount as a whole number within the limits, or null. Accepts a number or its decimal text ("25"). */
export function parseSmsTopUpAmount(amount: unknown): number | null {
  const value = typeof amount === "string" && amount.trim() !== "" ? Number(amount.trim()) : amount;
  if (typeof value !== "number" || !Number.isInteger(value) || value < smsTopUpMin || value > smsTopUpMax) return null;
  return value;
}
