// Who is calling: a bearer access token from the identity provider (JWT), or an integrator's API
// key. Both resolve to the same Viewer, so REST and GraphQL check the same rights.
import type { PrismaClient } from "../generated/prisma/client.js";
import { loadViewer, type Viewer } from "../domain/viewer.js";
import { unauthenticated } from "../domain/errors.js";
import { resolveImpersonation } from "../domain/users/impersonation.js";
import { noFeatureAccess } from "../domain/features/features.js";
import { issuedBeforeBarrier } from "./token-barrier.js";
import { apiKeyPrefix, hashApiKey } from "../domain/api-keys/key.js";

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

export type Authenticator = (authorization: string | null | undefined) => Promise<Viewer | null>;

/**
 * Anonymous (null) when no header is sent; the spec's "Not logged in" error when a token is sent
 * but is not valid, so a caller never silently loses their identity.
 */
export function createAuthenticator(deps: { prisma: PrismaClient; verifyAccessToken: AccessTokenVerifier | undefined }): Authenticator {
  const { prisma, verifyAccessToken } = deps;
  return async (authorization) => {
    const token = bearerToken(authorization);
    if (!token) return null;

    if (token.startsWith(apiKeyPrefix)) {
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
      if (!apiKey.lastUsedAt || Date.now() - apiKey.lastUsedAt.getTime() > 60_000) {
        await prisma.apiKey.update({ where: { id: apiKey.id }, data: { lastUsedAt: new Date() } });
      }
      return viewer;
    }

    if (!verifyAccessToken) throw unauthenticated();
    let claims: Awaited<ReturnType<AccessTokenVerifier>>;
    try {
      claims = await verifyAccessToken(token);
    } catch {
      throw unauthenticated();
    }
    // A token issued before the user's last password reset is refused (docs/decisions.md).
    const refuseIfBeforeReset = async (userId: string) => {
      const user = await prisma.user.findUnique({ where: { id: userId }, select: { tokensValidAfter: true } });
      if (issuedBeforeBarrier(claims.claims?.iat, user?.tokensValidAfter)) throw unauthenticated();
    };
    // A system admin with an impersonation running acts as the impersonated user (spec 000 §4).
    const viewer = await loadViewer(prisma, claims.sub, "accessToken").catch(() => null);
    if (viewer) {
      await refuseIfBeforeReset(viewer.userId);
      return resolveImpersonation(prisma, viewer);
    }
    // An external provider's subject is not our id: match its e-mail instead, but only one the
    // provider vouches for (email_verified), or anyone could claim an address at some provider.
    if (claims.email && claims.emailVerified && (await claims.emailVerified())) {
      const user = await prisma.user.findUnique({ where: { email: claims.email.toLowerCase() }, select: { id: true } });
      if (user) {
        const byEmail = await loadViewer(prisma, user.id, "accessToken");
        if (byEmail) {
          await refuseIfBeforeReset(byEmail.userId);
          return resolveImpersonation(prisma, byEmail);
        }
      }
    }
    throw unauthenticated();
  };
}
