// The user profile (spec 000 §3 "User profile"): display name, e-mail, digest, locale, password.
import { z } from "zod";
import argon2 from "argon2";
import type { DomainContext } from "../context.js";
import { requireViewer } from "../viewer.js";
import { conflict } from "../errors.js";
import { displayNameMaxLength } from "@feedback/shared/accounts";
import { emailSchema, messages, parseInput, passwordSchema, profileLocales, type ProfileLocale } from "../validation.js";

export type Profile = {
  id: string;
  displayName: string;
  email: string;
  receiveDigest: boolean;
  locale: ProfileLocale;
};

const profileUpdateSchema = z
  .object({
    displayName: z.string().trim().max(displayNameMaxLength, messages.maxLength(displayNameMaxLength)).optional(),
    email: emailSchema.optional(),
    receiveDigest: z.boolean({ message: "receive_digest must be true or false" }).optional(),
    locale: z.enum(profileLocales, { message: messages.invalidProfileLocale }).optional(),
    password: passwordSchema.optional(),
  })
  .strict();

export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

const select = { id: true, displayName: true, email: true, receiveDigest: true, locale: true } as const;

export async function getProfile(ctx: DomainContext): Promise<Profile> {
  const viewer = requireViewer(ctx.viewer);
  return ctx.prisma.user.findUniqueOrThrow({ where: { id: viewer.userId }, select });
}

/** Validates the whole update first; on any problem nothing is written. */
export async function updateProfile(ctx: DomainContext, input: ProfileUpdate): Promise<Profile> {
  const viewer = requireViewer(ctx.viewer);
  const update = parseInput(profileUpdateSchema, input);
  if (update.email !== undefined) {
    const other = await ctx.prisma.user.findFirst({
      where: { email: update.email, NOT: { id: viewer.userId } },
      select: { id: true },
    });
    if (other) throw conflict("This e-mail address is already in use", "email");
  }
  const passwordHash = update.password === undefined ? undefined : await argon2.hash(update.password, { type: argon2.argon2id });
  const profile = await ctx.prisma.user.update({
    where: { id: viewer.userId },
    data: {
      displayName: update.displayName,
      email: update.email,
      receiveDigest: update.receiveDigest,
      locale: update.locale,
      passwordHash,
    },
    select,
  });
  ctx.bus.publish("user:updated", viewer.userId, { userId: viewer.userId });
  return profile;
}
