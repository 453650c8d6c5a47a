// API keys (spec 000 §3, §7): a signed-in person's keys for the REST API. The value is shown once,
// when generated; only its SHA-256 is stored (key.ts; auth/authenticate.ts looks keys up by that hash).
// A key acts as its user in the organisation it was generated in. Only the caller's own keys are
// listed or revoked: any other id (another user's, another organisation's) is "not found".
import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { DomainContext } from "../context.js";
import { forbidden, notFound } from "../errors.js";
import { requireFeature } from "../features/features.js";
import { objectIdSchema, parseInput } from "../validation.js";
import { requireOrganization, type Viewer } from "../viewer.js";
import { tenantDb } from "../tenancy.js";
import { apiKeyPrefix, hashApiKey } from "./key.js";

export type ApiKeySummary = {
  id: string;
  name: string | null;
  /** The first characters of the key, so a person can tell keys apart. */
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

export const apiKeyMessages = {
  generated: "API key generated",
  deleted: "API key deleted",
  notFound: "API key not found",
  notWithApiKey: "API keys cannot be managed with an API key: sign in",
  notWhileImpersonating: "API keys cannot be generated while impersonating a user",
  notAMember: "API keys are for members of the organisation: a system admin working here without membership cannot generate one",
} as const;

const select = { id: true, name: true, keyPrefix: true, createdAt: true, lastUsedAt: true, revokedAt: true } as const;
const toSummary = (k: {
  id: string;
  name: string | null;
  keyPrefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}): ApiKeySummary => ({
  id: k.id,
  name: k.name,
  prefix: k.keyPrefix,
  createdAt: k.createdAt,
  lastUsedAt: k.lastUsedAt,
  revokedAt: k.revokedAt,
});

/**
 * Tenancy of keys: the viewer's own, in their current organisation (an impossible id otherwise).
 * A caller authenticated by an API key has none to see: key management needs a signed-in person.
 */
export function ownApiKeys(viewer: Viewer | null): { userId: string; organizationId: string } {
  if (viewer?.authenticatedBy === "apiKey") return { userId: "-", organizationId: "-" };
  return { userId: viewer?.userId ?? "-", organizationId: viewer?.organizationId ?? "-" };
}

/** Listing, generating and revoking keys is for a signed-in person: a key never sees or mints its siblings. */
export function requireKeyManager(ctx: Pick<DomainContext, "viewer">): Viewer {
  const { viewer } = requireOrganization(ctx.viewer);
  if (viewer.authenticatedBy === "apiKey") throw forbidden(apiKeyMessages.notWithApiKey);
  return viewer;
}

export const apiKeyOrder = [{ createdAt: "desc" as const }, { id: "asc" as const }];

/** The caller's own keys in their current organisation, newest first (revoked ones included, marked). */
export async function listApiKeys(ctx: DomainContext): Promise<ApiKeySummary[]> {
  const viewer = requireKeyManager(ctx);
  const keys = await tenantDb(ctx).apiKey.findMany({
    where: { userId: viewer.userId },
    select,
    orderBy: apiKeyOrder,
  });
  return keys.map(toSummary);
}

/** A new key for the caller in their current organisation; the only time its value is seen. */
export async function generateApiKey(ctx: DomainContext, input: { name?: unknown } = {}): Promise<{ apiKey: ApiKeySummary; key: string }> {
  const { viewer, organizationId } = requireOrganization(ctx.viewer);
  // A leaked key must not be able to mint more keys.
  if (viewer.authenticatedBy === "apiKey") throw forbidden(apiKeyMessages.notWithApiKey);
  // An impersonating admin must not leave with a lasting credential of the user.
  if (viewer.impersonatedBy) throw forbidden(apiKeyMessages.notWhileImpersonating);
  // A system admin working in an organisation they are no member of (switched from the super-admin
  // area) leaves no credential behind there: keys belong to members.
  if (!(await ctx.prisma.membership.findFirst({ where: { userId: viewer.userId, organizationId }, select: { id: true } }))) {
    throw forbidden(apiKeyMessages.notAMember);
  }
  const { name } = parseInput(z.object({ name: z.string().trim().max(100, "Must be at most 100 characters").optional() }), input);
  await requireFeature(ctx, "restApi");
  const key = `${apiKeyPrefix}${randomBytes(32).toString("base64url")}`;
  const created = await tenantDb(ctx).apiKey.create({
    data: {
      organizationId,
      userId: viewer.userId,
      name: name || null,
      keyHash: hashApiKey(key),
      keyPrefix: key.slice(0, 8),
    },
    select,
  });
  return { apiKey: toSummary(created), key };
}

/**
 * Revokes one of the caller's keys (it stops working at once), or deletes its row when `delete` is
 * true. Open without the restApi feature, so keys can be cleaned up after a plan change.
 */
export async function revokeApiKey(
  ctx: DomainContext,
  input: { id: unknown; delete?: unknown },
): Promise<{ id: string; deleted: boolean; apiKey: ApiKeySummary | null }> {
  const viewer = requireKeyManager(ctx);
  const db = tenantDb(ctx);
  const parsed = parseInput(z.object({ id: objectIdSchema, delete: z.boolean({ message: "delete must be true or false" }).optional() }), input);
  const own = { id: parsed.id, userId: viewer.userId };
  if (parsed.delete) {
    const { count } = await db.apiKey.deleteMany({ where: own });
    if (count === 0) throw notFound(apiKeyMessages.notFound);
    return { id: parsed.id, deleted: true, apiKey: null };
  }
  const existing = await db.apiKey.findFirst({ where: own, select });
  if (!existing) throw notFound(apiKeyMessages.notFound);
  if (existing.revokedAt) return { id: existing.id, deleted: false, apiKey: toSummary(existing) };
  const revoked = await db.apiKey.update({ where: { id: existing.id }, data: { revokedAt: new Date() }, select });
  return { id: revoked.id, deleted: false, apiKey: toSummary(revoked) };
}
