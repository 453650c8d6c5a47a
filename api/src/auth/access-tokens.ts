// Verification of JWT access tokens (RFC 9068, typ "at+jwt") from the embedded provider (keys read
// in process, no HTTP round trip) or from an external OpenID provider (keys fetched from its
// jwks_uri and cached by jose).
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  jwtVerify,
  type JSONWebKeySet,
  type JWTPayload,
  type JWTVerifyGetKey,
} from "jose";

export type VerifiedAccessToken = { sub: string; email?: string; claims: JWTPayload };

export type AccessTokenVerifierOptions =
  | { issuer: string; audience: string; jwks: () => Promise<JSONWebKeySet> }
  | { issuer: string; audience: string; jwksUri: string };

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
    return { sub: payload.sub, ...(email ? { email } : {}), claims: payload };
  };
}
