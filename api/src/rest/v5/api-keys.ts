// /api/v5/user/api-keys: the caller's API keys (spec 000 §3 "API key", §7 "Session and user").
import { z } from "zod";
import { defineRoute } from "./route.js";
import { generateApiKey, listApiKeys, revokeApiKey, type ApiKeySummary } from "../../domain/api-keys/api-keys.js";

const objectId = z.string().describe("24 hexadecimal characters");

const apiKeyShape = z
  .object({
    _id: objectId,
    name: z.string().nullable(),
    prefix: z.string().describe("the first 8 characters of the key (the key itself is never shown again)"),
    createdAt: z.string().describe("ISO 8601"),
    lastUsedAt: z.string().nullable().describe("ISO 8601, updated at most once a minute"),
    revokedAt: z.string().nullable().describe("ISO 8601; a revoked key no longer authenticates"),
  })
  .meta({ id: "ApiKey" });

const toJson = (k: ApiKeySummary): z.input<typeof apiKeyShape> => ({
  _id: k.id,
  name: k.name,
  prefix: k.prefix,
  createdAt: k.createdAt.toISOString(),
  lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
  revokedAt: k.revokedAt?.toISOString() ?? null,
});

export const apiKeyRoutes = [
  defineRoute({
    method: "GET",
    path: "/user/api-keys",
    tag: "Session and user",
    summary: "The caller's API keys in the current organisation, newest first (never the key values)",
    auth: "bearer",
    response: z.array(apiKeyShape),
    handler: async ({ ctx }) => (await listApiKeys(ctx)).map(toJson),
  }),
  defineRoute({
    method: "POST",
    path: "/user/api-keys",
    tag: "Session and user",
    summary: "Generate an API key (needs the restApi feature). The answer carries the key: the only time it is shown; only its SHA-256 is stored",
    auth: "bearer",
    body: z.object({ name: z.string({ message: "name must be a text" }).optional().describe("an optional label") }).strict(),
    status: 201,
    response: apiKeyShape.extend({ key: z.string().describe("fbk_…: send it as 'Authorization: Bearer <key>'"), message: z.string() }),
    handler: async ({ ctx, body }) => {
      const { apiKey, key } = await generateApiKey(ctx, { name: body.name });
      return { ...toJson(apiKey), key, message: "API key generated" };
    },
  }),
  defineRoute({
    method: "POST",
    path: "/user/api-keys/{id}/revoke",
    tag: "Session and user",
    summary: "Revoke one of the caller's keys, or delete it when delete is true; another person's key is not found",
    auth: "bearer",
    params: z.object({ id: z.string() }),
    body: z.object({ delete: z.boolean({ message: "delete must be true or false" }).optional() }).strict(),
    response: z.object({ status: z.literal("ok"), _id: objectId, deleted: z.boolean(), message: z.string() }),
    handler: async ({ ctx, params, body }) => {
      const result = await revokeApiKey(ctx, { id: params.id, delete: body.delete });
      return { status: "ok" as const, _id: result.id, deleted: result.deleted, message: result.deleted ? "API key deleted" : "API key revoked" };
    },
  }),
];
