// ApiKey: the signed-in person's REST API keys (spec 000 §3, §7), listed on the viewer, generated
// (the value is in the payload once) and revoked or deleted. Rules live in domain/api-keys.
import { builder } from "./builder.js";
import { ViewerType } from "./viewer.js";
import { apiKeyOrder, generateApiKey, ownApiKeys, requireKeyManager, revokeApiKey } from "../domain/api-keys/api-keys.js";

const ApiKeyType = builder.prismaNode("ApiKey", {
  id: { field: "id" },
  findUnique: (id, ctx) => ({ id, ...ownApiKeys(ctx.viewer) }),
  fields: (t) => ({
    legacyId: t.exposeString("id", { description: "the 24-hex _id of the REST API" }),
    name: t.exposeString("name", { nullable: true }),
    prefix: t.exposeString("keyPrefix", { description: "the first 8 characters of the key" }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    lastUsedAt: t.expose("lastUsedAt", { type: "DateTime", nullable: true }),
    revokedAt: t.expose("revokedAt", { type: "DateTime", nullable: true, description: "a revoked key no longer authenticates" }),
  }),
});

builder.objectField(ViewerType, "apiKeys", (t) =>
  t.prismaField({
    type: ["ApiKey"],
    description: "the person's own API keys in the current organisation, newest first",
    resolve: (query, _viewer, _args, ctx) => {
      requireKeyManager(ctx);
      return ctx.prisma.apiKey.findMany({ ...query, where: ownApiKeys(ctx.viewer), orderBy: apiKeyOrder });
    },
  }),
);

const GenerateApiKeyPayload = builder.objectRef<{ id: string; key: string }>("GenerateApiKeyPayload").implement({
  fields: (t) => ({
    apiKey: t.prismaField({
      type: "ApiKey",
      resolve: (query, p, _args, ctx) => ctx.prisma.apiKey.findUniqueOrThrow({ ...query, where: { id: p.id, ...ownApiKeys(ctx.viewer) } }),
    }),
    key: t.exposeString("key", { description: "the key itself: shown only this once" }),
  }),
});

builder.mutationField("generateApiKey", (t) =>
  t.field({
    type: GenerateApiKeyPayload,
    description: "A new API key (needs the restApi feature); the answer is the only time its value is shown",
    args: { name: t.arg.string({ description: "an optional label" }) },
    resolve: async (_root, { name }, ctx) => {
      const { apiKey, key } = await generateApiKey(ctx, { name: name ?? undefined });
      return { id: apiKey.id, key };
    },
  }),
);

const RevokeApiKeyPayload = builder.objectRef<{ id: string; deleted: boolean }>("RevokeApiKeyPayload").implement({
  fields: (t) => ({
    apiKey: t.prismaField({
      type: "ApiKey",
      nullable: true,
      description: "the revoked key; null when it was deleted",
      resolve: (query, p, _args, ctx) => (p.deleted ? null : ctx.prisma.apiKey.findUnique({ ...query, where: { id: p.id, ...ownApiKeys(ctx.viewer) } })),
    }),
    deletedApiKeyId: t.id({
      nullable: true,
      description: "the global id of the deleted key (for @deleteRecord)",
      resolve: (p) => (p.deleted ? Buffer.from(`ApiKey:${p.id}`).toString("base64") : null),
    }),
  }),
});

builder.mutationField("revokeApiKey", (t) =>
  t.field({
    type: RevokeApiKeyPayload,
    description: "Revoke one of the person's own keys, or delete it when delete is true",
    args: {
      id: t.arg.globalID({ required: true, for: ApiKeyType }),
      delete: t.arg.boolean({ description: "delete the key's row instead of marking it revoked" }),
    },
    resolve: async (_root, args, ctx) => {
      const result = await revokeApiKey(ctx, { id: args.id.id, delete: args.delete ?? false });
      return { id: result.id, deleted: result.deleted };
    },
  }),
);
