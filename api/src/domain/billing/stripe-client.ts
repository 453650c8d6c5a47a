// The payment provider's client, built once per process from the configuration. Without
// STRIPE_SECRET_KEY there is none (embedded mode: no payment provider, all features, no lock).
import Stripe from "stripe";
import type { Config } from "../../config.js";
import { DomainError } from "../errors.js";

const clients = new WeakMap<Config, Stripe>();

export function stripeClient(config: Config): Stripe | null {
  const key = config.stripe.secretKey;
  if (!key) return null;
  let client = clients.get(config);
  if (!client) {
    const api = config.stripe.api;
    client = new Stripe(key, {
      ...(api ? { host: api.host, port: api.port, protocol: api.protocol } : {}),
      maxNetworkRetries: 1,
      timeout: 20_000,
      appInfo: { name: "feedback-platform" },
    });
    clients.set(config, client);
  }
  return client;
}

export const noPaymentProviderMessage = "No payment provider: billing is not in use on this server";

export function requireStripe(config: Config): Stripe {
  const client = stripeClient(config);
  if (!client) throw new DomainError("CONFLICT", noPaymentProviderMessage);
  return client;
}

/** The webhook verifier needs no network: a client built from any key verifies signatures. */
export function stripeWebhooks(config: Config): Stripe["webhooks"] | null {
  return stripeClient(config)?.webhooks ?? null;
}
