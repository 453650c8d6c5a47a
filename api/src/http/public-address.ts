// The address links are written with. In production it is PUBLIC_URL, always (a request's Host
// header is the client's choice). In development (NODE_ENV=development, the default) the server
// follows the address it is reached at: opened at http://192.168.1.20:8080 from a phone or at
// http://127.0.0.1:8080, sign-in, survey links and QR codes use that address, not PUBLIC_URL's
// `localhost` (docs/decisions.md "Public address"). Jobs, which have no request, use PUBLIC_URL.
import type { Config } from "../config.js";

/** What a request says about the address it came to (fastify's `request.protocol` and `request.host`). */
export interface ReachedAddress {
  protocol: string;
  host: string;
}

/** True when links follow the address a request came to (development only). */
export function followsReachedAddress(config: Pick<Config, "env">): boolean {
  return config.env === "development";
}

/**
 * PUBLIC_URL, or in development the origin the request came to (with PUBLIC_URL's path, if any).
 * A Host that is not a plain host[:port] is ignored.
 */
export function publicUrlFor(config: Pick<Config, "env" | "publicUrl">, reached: ReachedAddress | undefined): string {
  if (!followsReachedAddress(config) || !reached?.host) return config.publicUrl;
  const protocol = reached.protocol === "https" ? "https" : "http";
  if (!/^[A-Za-z0-9.\-_[\]:]+$/.test(reached.host)) return config.publicUrl;
  const candidate = `${protocol}://${reached.host}`;
  if (!URL.canParse(candidate)) return config.publicUrl;
  const path = new URL(config.publicUrl).pathname.replace(/\/+$/, "");
  return `${new URL(candidate).origin}${path}`;
}
