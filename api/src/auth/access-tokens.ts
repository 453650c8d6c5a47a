// Verification of JWT access tokens (RFC 9068, typ "at+jwt") from the embedded provider (keys read
// in process, no HTTP round trip) or from an external OpenID provider (keys fetched from its
// jwks_uri and cached by jose).
import { createLocalJWKSet, createRemoteJWKSet, jwtVerify, type JSONWebKeySet, type JWTPayload, type JWTVerifyGetKey } from "jose";

export type VerifiedAccessToken = {
  sub: string;
  email?: string;
  claims: JWTPayload;
  /**
   * Whether the provider vouches for `email` (an `email_verified: true` claim of the token, or,
   * when the token says nothing, of the provider's userinfo answer for it). Only a verified e-mail
   * may link an unknown subject to one of our users.
   */
  emailVerified(): Promise<boolean>;
};

export type AccessTokenVerifierOptions = (
  | { issuer: string; audience: string; jwks: () => Promise<JSONWebKeySet> }
  | { issuer: string; audience: string; jwksUri: string }
) & {
  /** The provider's userinfo endpoint, asked about email_verified when a token does not say. */
  userinfoEndpoint?: string;
};

/** What an external provider's discovery document tells us. */
export async function discoverExternalIssuer(issuer: string): Promise<{ jwksUri: string; userinfoEndpoint?: string }> {
  const response = await fetch(`${issuer}/.well-known/openid-configuration`);
  if (!response.ok) throw new Error(`OIDC_ISSUER ${issuer}: discovery answered ${response.status}`);
  const document = (await response.json()) as { jwks_uri?: unknown; userinfo_endpoint?: unknown };
  if (typeof document.jwks_uri !== "string") throw new Error(`OIDC_ISSUER ${issuer}: discovery document has no jwks_uri`);
  return {
    jwksUri: document.jwks_uri,
    ...(typeof document.userinfo_endpoint === "string" ? { userinfoEndpoint: document.userinfo_endpoint } : {}),
  };
}

/** Most userinfo answers kept (per access token, until the token expires). */
const USERINFO_CACHE_SIZE = 1000;
const USERINFO_TIMEOUT_MS = 5000;

/**
 * Asks the provider's userinfo endpoint whether the token's e-mail is verified: true only when the
 * answer is for the same subject and the same address and says `email_verified: true`. Answers are
 * kept per token until it expires, so a caller's requests ask once per token.
 */
function createUserinfoEmailCheck(endpoint: string): (token: string, payload: JWTPayload) => Promise<boolean> {
  const cache = new Map<string, { verified: boolean; until: number }>();
  return async (token, payload) => {
    const now = Date.now();
    const cached = cache.get(token);
    if (cached && cached.until > now) return cached.verified;
    let verified = false;
    try {
      const response = await fetch(endpoint, {
        headers: { authorization: `Bearer ${token}`, accept: "application/json" },
        signal: AbortSignal.timeout(USERINFO_TIMEOUT_MS),
      });
      if (response.ok) {
        const info = (await response.json()) as Record<string, unknown>;
        verified =
          info.sub === payload.sub &&
          typeof info.email === "string" &&
          typeof payload.email === "string" &&
          info.email.toLowerCase() === payload.email.toLowerCase() &&
          info.email_verified === true;
      }
    } catch {
      verified = false; // unreachable or malformed: not vouched for
    }
    if (cache.size >= USERINFO_CACHE_SIZE) cache.delete(cache.keys().next().value!);
    cache.set(token, { verified, until: typeof payload.exp === "number" ? payload.exp * 1000 : now + 60_000 });
    return verified;
  };
}

/** Any reason an access token is not accepted: bad signature, wrong issuer/audience, expired... */
export class InvalidAccessTokenError extends Error {
  readonly code = "INVALID_ACCESS_TOKEN";
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "InvalidAccessTokenError";
  }
}

/** Accepted signature algorithms: asymmetric only ("none" and HMAC never). */
const ALGORITHMS = ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA"];

export function createAccessTokenVerifier(opts: AccessTokenVerifierOptions): (token: string) => Promise<VerifiedAccessToken> {
  let getKey: JWTVerifyGetKey;
  if ("jwksUri" in opts) {
    getKey = createRemoteJWKSet(new URL(opts.jwksUri));
  } else {
    // Rebuild the local key set only when the provider hands out a different one (rotation).
    let cached: { source: JSONWebKeySet; getKey: ReturnType<typeof createLocalJWKSet> } | undefined;
    const loadJwks = opts.jwks;
    getKey = async (header, token) => {
      const source = await loadJwks();
      if (!cached || cached.source !== source) cached = { source, getKey: createLocalJWKSet(source) };
      return cached.getKey(header, token);
    };
  }

  const userinfoEmailCheck = opts.userinfoEndpoint ? createUserinfoEmailCheck(opts.userinfoEndpoint) : undefined;

  return async (token: string) => {
    if (typeof token !== "string" || token.split(".").length !== 3) {
      throw new InvalidAccessTokenError("the access token is not a JWT");
    }
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, getKey, {
        issuer: opts.issuer,
        audience: opts.audience,
        typ: "at+jwt",
        algorithms: ALGORITHMS,
        requiredClaims: ["sub", "exp", "iat"],
      }));
    } catch (cause) {
      const reason = cause instanceof Error ? cause.message : String(cause);
      throw new InvalidAccessTokenError(`invalid access token: ${reason}`, { cause });
    }
    if (typeof payload.sub !== "string" || !payload.sub) {
      throw new InvalidAccessTokenError("invalid access token: no subject");
    }
    const email = typeof payload.email === "string" ? payload.email : undefined;
    const verifiedPayload = payload;
    const emailVerified = async () => {
      if (!email) return false;
      if (typeof verifiedPayload.email_verified === "boolean") return verifiedPayload.email_verified;
      return userinfoEmailCheck ? userinfoEmailCheck(token, verifiedPayload) : false;
    };
    return { sub: payload.sub, ...(email ? { email } : {}), claims: payload, emailVerified };
  };
}
