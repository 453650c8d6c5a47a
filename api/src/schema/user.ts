// User: the type, the profile mutation and the live subscription on it.
import { builder } from "./builder.js";
import { getProfile, updateProfile } from "../domain/users/profile.js";
import { usersVisibleTo } from "../domain/tenancy.js";
import { requireViewer } from "../domain/viewer.js";
import { profileLocales } from "../domain/validation.js";

const LocaleEnum = builder.enumType("Locale", { values: profileLocales });
const SignupStatusKindEnum = builder.enumType("SignupStatusKind", {
  values: ["complete", "emailVerification", "detailsRequired"] as const,
});

const SignupStatus = builder.objectRef<{ status: "complete" | "emailVerification" | "detailsRequired"; token: string | null }>("SignupStatus").implement({
  fields: (t) => ({
    status: t.field({ type: SignupStatusKindEnum, resolve: (s) => s.status }),
    token: t.exposeString("token", { nullable: true }),
  }),
});

export const UserType = builder.prismaNode("User", {
  id: { field: "id" },
  findUnique: (id, ctx) => ({ id, ...usersVisibleTo(ctx.viewer) }),
  fields: (t) => ({
    legacyId: t.exposeString("id", { description: "the 24-hex _id of the REST API" }),
    email: t.exposeString("email"),
    displayName: t.exposeString("displayName"),
    locale: t.field({ type: LocaleEnum, resolve: (u) => u.locale }),
    receiveDigest: t.exposeBoolean("receiveDigest"),
    systemAdmin: t.exposeBoolean("systemAdmin"),
    signupStatus: t.field({
      type: SignupStatus,
      select: { signupStatus: true, signupToken: true },
      resolve: (u) => ({ status: u.signupStatus, token: u.signupToken }),
    }),
  }),
});

const UpdateProfileInput = builder.inputType("UpdateProfileInput", {
  fields: (t) => ({
    displayName: t.string(),
    email: t.string(),
    locale: t.field({ type: LocaleEnum }),
    receiveDigest: t.boolean(),
    password: t.string({ description: "a new password (optional)" }),
  }),
});

const UpdateProfilePayload = builder.objectRef<{ userId: string }>("UpdateProfilePayload").implement({
  fields: (t) => ({
    user: t.prismaField({
      type: "User",
      resolve: (query, payload, _args, ctx) => ctx.prisma.user.findUniqueOrThrow({ ...query, where: { id: payload.userId } }),
    }),
  }),
});

builder.mutationField("updateProfile", (t) =>
  t.field({
    type: UpdateProfilePayload,
    args: { input: t.arg({ type: UpdateProfileInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      // GraphQL null means "leave unchanged", like an absent field.
      const profile = await updateProfile(ctx, {
        displayName: input.displayName ?? undefined,
        email: input.email ?? undefined,
        locale: input.locale ?? undefined,
        receiveDigest: input.receiveDigest ?? undefined,
        password: input.password ?? undefined,
      });
      return { userId: profile.id };
    },
  }),
);

builder.subscriptionField("userUpdated", (t) =>
  t.prismaField({
    type: "User",
    description: "the signed-in user's own record, pushed after every change (other tabs stay in sync)",
    subscribe: (_root, _args, ctx) => ctx.bus.subscribe("user:updated", requireViewer(ctx.viewer).userId),
    resolve: async (query, _payload, _args, ctx) => {
      const profile = await getProfile(ctx);
      return ctx.prisma.user.findUniqueOrThrow({ ...query, where: { id: profile.id } });
    },
  }),
);
