// Who is calling: a bearer access token from the identity provider (JWT), or an integrator's API
// key. Both resolve to the same Viewer, so REST and GraphQL check the same rights.
import type { PrismaClient } from "../generated/prisma/client.js";
import { loadViewer, type Viewer } from "../domain/viewer.js";
import { unauthenticated } from "../domain/errors.js";
import { resolveImpersonation } from "../domain/users/impersonation.js";
import { noFeatureAccess } from "../domain/features/features.js";
import { issuedBeforeBarrier } from "./token-barrier.js";
import { apiKeyPrefix, hashApiKey } from "../domain/api-keys/key.js";
import type { AccessCache } from "./access-cache.js";
import { queryPrepared } from "../db/client.js";

export type AccessTokenVerifier = (token: string) => Promise<{
  sub: string;
  email?: string;
  claims?: Record<string, unknown>;
  /** Whether the provider vouches for `email`; without it an e-mail never links a subject. */
  emailVerified?: () => Promise<boolean>;
}>;

/** Returns the bearer token of an Authorization header, undefined when there is none. */
function bearerToken(authorization: string | null | undefined): string | undefined {
  if (!authorization) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  if (!match) throw unauthenticated("Malformed Authorization header: expected 'Bearer <token>'");
  return match[1];
}

/**
 * The viewer a request's Authorization header stands for. A credential kept in the access cache
 * answers at once (no promise: a warm request takes no trip through the microtask queue); every
 * failure is a rejected promise.
 */
export type Authenticator = (authorization: string | null | undefined) => Viewer | null | Promise<Viewer | null>;

/** How often an API key's use is written (lastUsedAt), at most. */
const keyUseWriteMs = 60_000;

// A signed-in token is refused when issued before the user's last password reset, or when its
// grant is gone (signed out, revoked): one statement.
const tokenStandingSql = `
  select (select "tokensValidAfter" from "User" where id = $1) as "tokensValidAfter",
         (select exists(select 1 from "OidcPayload" where type = 'Grant' and id = $2::text
                          and ("expiresAt" is null or "expiresAt" > now()))) as "grantAlive"`;

/**
 * Anonymous (null) when no header is sent; the spec's "Not logged in" error when a token is sent
 * but is not valid, so a caller never silently loses their identity.
 *
 * With `cache` (auth/access-cache.ts) a credential seen before answers its viewer from memory until
 * a change of the data behind it (or the cache's few seconds) drops it; the checks below run when
 * it is loaded, and every rule that reads the viewer still runs on every request.
 */
export function createAuthenticator(deps: {
  prisma: PrismaClient;
  verifyAccessToken: AccessTokenVerifier | undefined;
  cache?: AccessCache;
  /** The embedded provider's issuer: its tokens' grants are ours to check (an external provider's are not). */
  ownIssuer?: string;
}): Authenticator {
  const { prisma, verifyAccessToken, cache, ownIssuer } = deps;
  // Cold loads under way, by credential: while the cache listens, requests that miss it at once (a
  // client's parallel calls, every connection of a busy client when its entry expires) share one
  // load instead of each running the same statements. A request joins only a load begun since the
  // last change message (the same mark), so it never gets data read before a change it could see.
  const loading = new Map<string, { mark: number; viewer: Promise<Viewer> }>();
  const shared = (credential: string, load: () => Promise<Viewer>): Promise<Viewer> => {
    if (!cache?.active) return load();
    const mark = cache.mark();
    const running = loading.get(credential);
    if (running && running.mark === mark) return running.viewer;
    const entry = { mark, viewer: load() };
    loading.set(credential, entry);
    const settled = () => {
      if (loading.get(credential) === entry) loading.delete(credential);
    };
    entry.viewer.then(settled, settled);
    return entry.viewer;
  };
  const authenticate = (authorization: string | null | undefined): Viewer | null | Promise<Viewer | null> => {
    const token = bearerToken(authorization);
    if (!token) return null;

    if (token.startsWith(apiKeyPrefix)) {
      const cached = cache?.lookup(token);
      if (cached) {
        // Keys work only while the organisation's plan has the REST API feature (spec 000 §6).
        if (!cached.viewer.features.includes("restApi")) throw noFeatureAccess();
        const now = Date.now();
        if (cached.lastUsedAt === undefined || now - cached.lastUsedAt > keyUseWriteMs) {
          // updateMany: a key deleted a moment ago (its message on the way) is no error here.
          return prisma.apiKey.updateMany({ where: { keyHash: hashApiKey(token), revokedAt: null }, data: { lastUsedAt: new Date(now) } }).then(() => {
            cache!.touched(token, now);
            return cached.viewer;
          });
        }
        return cached.viewer;
      }
      return shared(token, () => loadApiKeyViewer(token));
    }

    if (!verifyAccessToken) throw unauthenticated();
    const cached = cache?.lookup(token);
    if (cached) return cached.viewer;
    return shared(token, () => loadTokenViewer(verifyAccessToken, token));
  };
  return (authorization) => {
    try {
      return authenticate(authorization);
    } catch (error) {
      return Promise.reject(error);
    }
  };

  /** The viewer of an API key not in the cache, after every check; kept in the cache. */
  async function loadApiKeyViewer(token: string): Promise<Viewer> {
    const mark = cache?.mark() ?? 0;
    const apiKey = await prisma.apiKey.findUnique({
      where: { keyHash: hashApiKey(token) },
      select: { id: true, userId: true, organizationId: true, revokedAt: true, lastUsedAt: true },
    });
    if (!apiKey || apiKey.revokedAt) throw unauthenticated("Invalid or revoked API key");
    // An API key acts in the organisation it was made for, whatever the user switched to since.
    const viewer = await loadViewer(prisma, apiKey.userId, "apiKey", { organizationId: apiKey.organizationId });
    if (!viewer) throw unauthenticated("Invalid or revoked API key");
    // Keys work only while the organisation's plan has the REST API feature (spec 000 §6).
    if (!viewer.features.includes("restApi")) throw noFeatureAccess();
    let lastUsedAt = apiKey.lastUsedAt?.getTime();
    if (!lastUsedAt || Date.now() - lastUsedAt > keyUseWriteMs) {
      lastUsedAt = Date.now();
      await prisma.apiKey.update({ where: { id: apiKey.id }, data: { lastUsedAt: new Date(lastUsedAt) } });
    }
    cache?.store(token, viewer, { users: [viewer.userId], organizations: [apiKey.organizationId] }, mark, { lastUsedAt });
    return viewer;
  }

  /** The viewer of an access token not in the cache, after every check; kept in the cache. */
  async function loadTokenViewer(verifyAccessToken: AccessTokenVerifier, token: string): Promise<Viewer> {
    const mark = cache?.mark() ?? 0;
    let claims: Awaited<ReturnType<AccessTokenVerifier>>;
    try {
      claims = await verifyAccessToken(token);
    } catch {
      throw unauthenticated();
    }
    // The embedded provider names the token's grant (claim "gid"): signing out deletes it.
    const grant = ownIssuer !== undefined && claims.claims?.iss === ownIssuer && typeof claims.claims.gid === "string" ? claims.claims.gid : undefined;
    // A token issued before the user's last password reset is refused (docs/decisions.md), and so is
    // one whose grant ended (signed out).
    const refuseIfNotStanding = async (userId: string) => {
      const [standing] = await queryPrepared<{ tokensValidAfter: Date | null; grantAlive: boolean }>(prisma, "tokenStanding", tokenStandingSql, [
        userId,
        grant ?? null,
      ]);
      if (issuedBeforeBarrier(claims.claims?.iat, standing?.tokensValidAfter)) throw unauthenticated();
      if (grant !== undefined && !standing?.grantAlive) throw unauthenticated();
    };
    const resolved = async (loaded: Awaited<ReturnType<typeof loadViewer>> & object) => {
      await refuseIfNotStanding(loaded.userId);
      // A system admin with an impersonation running acts as the impersonated user (spec 000 §4).
      const viewer = await resolveImpersonation(prisma, loaded);
      const exp = claims.claims?.exp;
      cache?.store(
        token,
        viewer,
        { users: [loaded.userId, viewer.userId], organizations: [loaded.organizationId, viewer.organizationId], ...(grant ? { grant } : {}) },
        mark,
        typeof exp === "number" ? { until: exp * 1000 } : {},
      );
      return viewer;
    };
    const viewer = await loadViewer(prisma, claims.sub, "accessToken").catch(() => null);
    if (viewer) return resolved(viewer);
    // An external provider's subject is not our id: match its e-mail instead, but only one the
    // provider vouches for (email_verified), or anyone could claim an address at some provider.
    if (claims.email && claims.emailVerified && (await claims.emailVerified())) {
      const user = await prisma.user.findUnique({ where: { email: claims.email.toLowerCase() }, select: { id: true } });
      if (user) {
        const byEmail = await loadViewer(prisma, user.id, "accessToken");
        if (byEmail) return resolved(byEmail);
      }
    }
    throw unauthenticated();
  }
}
