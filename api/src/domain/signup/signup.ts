// Self-signup (spec 000 §3 "Signup form", §4 signup stage and status, §7 "Signup"): the form post,
// the e-mail verification link, its resend, and the company details of a detailsRequired signup.
// Every call here is open (no signed-in viewer): the tokens are the proof.
import argon2 from "argon2";
import { createHash, randomBytes } from "node:crypto";
import type { DomainContext } from "../context.js";
import type { Prisma } from "../../generated/prisma/client.js";
import { badInput, conflict, DomainError, notFound } from "../errors.js";
import { emailSchema, parseInput, uiLocales } from "../validation.js";
import { queueMail } from "../../mail/queue-mail.js";
import { featureKeys } from "../features/features.js";
import {
  displayNameOf,
  signupDetailsSchema,
  signupFormSchema,
  signupMessages,
  signupTokenSchema,
  type SignupDetails,
  type SignupStage,
} from "./signup-form.js";

const trialDays = 14;
const trialFeatureSetName = "trial";
const selfSignupSegment = "self-signup";
/** A verification link works this long after it was sent (each resend starts a new period). */
const verificationLinkDays = 7;
const dayMs = 86_400_000;

export type UiLocale = (typeof uiLocales)[number];

export const hashToken = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");
const newToken = () => randomBytes(32).toString("base64url");

export function verificationLink(publicUrl: string, token: string): string {
  return `${publicUrl}/signup/verify-email?token=${encodeURIComponent(token)}`;
}

/** The first of the request's languages we offer, else English. */
export function localeFromAcceptLanguage(header: string | undefined): UiLocale {
  for (const part of (header ?? "").split(",")) {
    const tag = part.split(";")[0]!.trim().toLowerCase().slice(0, 2);
    if ((uiLocales as readonly string[]).includes(tag)) return tag as UiLocale;
  }
  return "en";
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === "P2002";
}

/** The trial feature set (every feature constant of spec 000 §6), created on first use. */
async function trialFeatureSetId(ctx: DomainContext): Promise<string> {
  const found = await ctx.prisma.featureSet.findUnique({ where: { name: trialFeatureSetName }, select: { id: true } });
  if (found) return found.id;
  try {
    const created = await ctx.prisma.featureSet.create({
      data: { name: trialFeatureSetName, features: [...featureKeys] },
      select: { id: true },
    });
    return created.id;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Another signup created it at the same moment.
    return (await ctx.prisma.featureSet.findUniqueOrThrow({ where: { name: trialFeatureSetName }, select: { id: true } })).id;
  }
}

/**
 * The organisation of a self-signup: segment self-signup, a 14-day trial on the trial feature set,
 * its root unit named after the company, and the signing-up user as its administrator
 * (organisation admin, billing admin, may create surveys, admin role on the root unit).
 */
async function createTrialOrganization(
  tx: Prisma.TransactionClient,
  input: { userId: string; company: string; featureSetId: string; now: Date },
): Promise<string> {
  const organization = await tx.organization.create({
    data: {
      name: input.company,
      segment: selfSignupSegment,
      trialUntil: new Date(input.now.getTime() + trialDays * dayMs),
      featureSetId: input.featureSetId,
    },
    select: { id: true },
  });
  const root = await tx.unit.create({ data: { organizationId: organization.id, name: input.company }, select: { id: true } });
  await tx.membership.create({
    data: {
      userId: input.userId,
      organizationId: organization.id,
      organizationAdmin: true,
      billingAdmin: true,
      mayCreateSurveys: true,
    },
  });
  await tx.unitRole.create({ data: { organizationId: organization.id, unitId: root.id, userId: input.userId, role: "admin" } });
  await tx.user.update({ where: { id: input.userId }, data: { currentOrganizationId: organization.id } });
  return organization.id;
}

async function sendVerificationMail(
  ctx: DomainContext,
  mail: { to: string; locale: UiLocale | "se"; token: string; displayName: string; organizationId: string | null },
) {
  await queueMail(ctx, {
    kind: "signupVerification",
    to: mail.to,
    locale: mail.locale,
    organizationId: mail.organizationId,
    data: { link: verificationLink(ctx.config.publicUrl, mail.token), displayName: mail.displayName },
  });
}

export type PostSignupResult = { nextStage: SignupStage };

/**
 * An unverified account gives way to a new signup of its address (docs/decisions.md "Signup of a
 * taken address"): its trial organisation (self-signup, no other member: an unverified user can do
 * nothing in it), its signups and the user go, so its sessions and keys stop working at once.
 */
async function removeUnverifiedAccount(tx: Prisma.TransactionClient, userId: string): Promise<void> {
  const signups = await tx.signup.findMany({ where: { userId }, select: { organizationId: true } });
  const organizationIds = [...new Set(signups.map((s) => s.organizationId).filter((id): id is string => !!id))];
  await tx.signup.deleteMany({ where: { userId } });
  for (const organizationId of organizationIds) {
    const others = await tx.membership.count({ where: { organizationId, userId: { not: userId } } });
    if (others === 0) await tx.organization.deleteMany({ where: { id: organizationId, segment: selfSignupSegment } });
  }
  await tx.user.delete({ where: { id: userId } });
}

/**
 * POST /signup. Without a signupToken: validates the whole form, then creates in one transaction the
 * Signup row, the user (signup status emailVerification) and, when the company is given, the trial
 * organisation; then queues the verification mail. With a signupToken: completes the company
 * details of a detailsRequired signup (see completeSignupDetails). On any problem nothing is written.
 *
 * The answer is the same whether or not the address has an account (no enumeration): for a
 * verified account nothing is written and its owner gets a mail saying someone tried to sign up;
 * an account still waiting for its verification link gives way to the new signup
 * (removeUnverifiedAccount), so nobody can hold an address they cannot read.
 */
export async function postSignup(ctx: DomainContext, input: Record<string, unknown>, request: { acceptLanguage?: string } = {}): Promise<PostSignupResult> {
  const signupToken = typeof input.signupToken === "string" && input.signupToken ? input.signupToken : undefined;
  if (signupToken) return completeSignupDetails(ctx, signupToken, input);
  const { signupToken: _ignored, ...formInput } = input;
  const form = parseInput(signupFormSchema, formInput);
  const answer: PostSignupResult = { nextStage: "emailVerification" };

  const locale = form.locale ?? localeFromAcceptLanguage(request.acceptLanguage);
  // Hashed whatever the address, so a taken address does not answer faster.
  const passwordHash = await argon2.hash(form.password, { type: argon2.argon2id });
  const existing = await ctx.prisma.user.findUnique({
    where: { email: form.email },
    select: { id: true, signupStatus: true, displayName: true, locale: true },
  });
  if (existing && existing.signupStatus !== "emailVerification") {
    await queueMail(ctx, {
      kind: "signupExistingAccount",
      to: form.email,
      locale: existing.locale,
      data: { link: `${ctx.config.publicUrl}/`, displayName: existing.displayName },
    });
    return answer;
  }

  const token = newToken();
  const displayName = displayNameOf(form.firstName, form.lastName);
  const featureSetId = form.company ? await trialFeatureSetId(ctx) : null;
  const now = new Date();

  let organizationId: string | null = null;
  try {
    organizationId = await ctx.prisma.$transaction(async (tx) => {
      if (existing) {
        // Conditional: an account verified since the look-up above is never removed.
        const still = await tx.user.findFirst({ where: { id: existing.id, signupStatus: "emailVerification" }, select: { id: true } });
        if (!still) throw conflict(signupMessages.emailTaken, "email");
        await removeUnverifiedAccount(tx, existing.id);
      }
      const user = await tx.user.create({
        data: { email: form.email, displayName, passwordHash, locale, signupStatus: "emailVerification" },
        select: { id: true },
      });
      const orgId = form.company && featureSetId ? await createTrialOrganization(tx, { userId: user.id, company: form.company, featureSetId, now }) : null;
      await tx.signup.create({
        data: {
          email: form.email,
          firstName: form.firstName,
          lastName: form.lastName,
          stage: "emailVerification",
          passwordHash,
          industry: form.industry ?? null,
          company: form.company ?? null,
          companySize: form.companySize ?? null,
          type: form.type,
          phone: form.phone ?? null,
          promoCode: form.promoCode ?? null,
          tokenHash: hashToken(token),
          userId: user.id,
          organizationId: orgId,
        },
      });
      return orgId;
    });
  } catch (error) {
    // Two posts of the same address at once (the second loses on the unique e-mail), or an account
    // verified meanwhile: the same answer as any signup; the first signup's mail is on its way.
    if (isUniqueViolation(error) || (error instanceof DomainError && error.code === "CONFLICT")) return answer;
    throw error;
  }

  await sendVerificationMail(ctx, { to: form.email, locale, token, displayName, organizationId });
  return answer;
}

export type VerifyResult = {
  nextStage: SignupStage;
  type: string;
  email: string;
  /** The details token, when the next stage is detailsRequired (the form at /signup?token=…). */
  signupToken?: string;
};

/**
 * POST /signup/verify-token: the link of the verification mail. Marks the e-mail verified; the
 * user's signup status becomes complete, or detailsRequired (with a new details token) when the
 * signup has no company yet. Single use: a second use answers "already verified".
 */
export async function verifySignupToken(ctx: DomainContext, rawToken: unknown): Promise<VerifyResult> {
  const token = parseInput(signupTokenSchema, rawToken);
  const signup = await ctx.prisma.signup.findUnique({
    where: { tokenHash: hashToken(token) },
    select: { id: true, email: true, type: true, userId: true, organizationId: true, emailVerifiedAt: true, updatedAt: true },
  });
  if (!signup?.userId) throw badInput(signupMessages.invalidVerificationLink, "signupToken");
  if (signup.emailVerifiedAt) throw conflict(signupMessages.alreadyVerified, "signupToken");
  if (Date.now() - signup.updatedAt.getTime() > verificationLinkDays * dayMs) {
    throw badInput(signupMessages.invalidVerificationLink, "signupToken");
  }
  const userId = signup.userId;
  const detailsToken = signup.organizationId ? undefined : newToken();
  const nextStage: SignupStage = detailsToken ? "detailsRequired" : "complete";

  // Conditional update: of two uses at the same moment, only one finds the row unverified.
  const updated = await ctx.prisma.$transaction(async (tx) => {
    const marked = await tx.signup.updateMany({
      where: { id: signup.id, emailVerifiedAt: null },
      data: { emailVerifiedAt: new Date(), stage: nextStage, passwordHash: null },
    });
    if (marked.count === 0) return false;
    await tx.user.update({
      where: { id: userId },
      data: { signupStatus: nextStage === "complete" ? "complete" : "detailsRequired", signupToken: detailsToken ?? null },
    });
    return true;
  });
  if (!updated) throw conflict(signupMessages.alreadyVerified, "signupToken");
  ctx.bus.publish("user:updated", userId, { userId });
  return { nextStage, type: signup.type, email: signup.email, ...(detailsToken ? { signupToken: detailsToken } : {}) };
}

/**
 * POST /signup/resend-verification-email: a new link replaces the old one (the old stops working).
 * Unknown and already verified addresses get the same answer without any mail (no enumeration).
 */
export async function resendVerificationEmail(ctx: DomainContext, rawEmail: unknown): Promise<{ message: string }> {
  const email = parseInput(emailSchema, rawEmail);
  const answer = { message: signupMessages.verificationEmailSent };
  const signup = await ctx.prisma.signup.findFirst({
    where: { email, emailVerifiedAt: null, user: { is: { email, signupStatus: "emailVerification" } } },
    orderBy: { createdAt: "desc" },
    select: { id: true, organizationId: true, user: { select: { displayName: true, locale: true } } },
  });
  if (!signup?.user) return answer;
  const token = newToken();
  await ctx.prisma.signup.update({ where: { id: signup.id }, data: { tokenHash: hashToken(token) } });
  await sendVerificationMail(ctx, {
    to: email,
    locale: signup.user.locale,
    token,
    displayName: signup.user.displayName,
    organizationId: signup.organizationId,
  });
  return answer;
}

async function findDetailsRequiredUser(ctx: DomainContext, rawToken: unknown) {
  const token = parseInput(signupTokenSchema, rawToken);
  const user = await ctx.prisma.user.findFirst({
    where: { signupStatus: "detailsRequired", signupToken: token },
    select: { id: true, email: true },
  });
  if (!user) throw notFound(signupMessages.invalidSignupLink);
  const signup = await ctx.prisma.signup.findFirst({
    where: { userId: user.id },
    orderBy: { createdAt: "desc" },
    select: { id: true, firstName: true, lastName: true, type: true, industry: true, companySize: true, phone: true, promoCode: true },
  });
  return { user, signup };
}

export type SignupDetailsView = {
  email: string;
  firstName: string;
  lastName: string;
  type: string;
  stage: SignupStage;
};

/** POST /signup/details: what the form at /signup?token=… prefills for a detailsRequired user. */
export async function getSignupDetails(ctx: DomainContext, rawToken: unknown): Promise<SignupDetailsView> {
  const { user, signup } = await findDetailsRequiredUser(ctx, rawToken);
  return {
    email: user.email,
    firstName: signup?.firstName ?? "",
    lastName: signup?.lastName ?? "",
    type: signup?.type ?? "web",
    stage: "detailsRequired",
  };
}

/**
 * The company details of a detailsRequired user (the post of /signup?token=…): creates the trial
 * organisation with the user as its administrator and completes the signup. The token is spent.
 */
async function completeSignupDetails(ctx: DomainContext, rawToken: unknown, input: Record<string, unknown>): Promise<PostSignupResult> {
  const { user, signup } = await findDetailsRequiredUser(ctx, rawToken);
  const { firstName, lastName, company, industry, companySize, phone, promoCode } = input;
  const details: SignupDetails = parseInput(signupDetailsSchema, { firstName, lastName, company, industry, companySize, phone, promoCode });
  const featureSetId = await trialFeatureSetId(ctx);
  const done = await ctx.prisma.$transaction(async (tx) => {
    // Conditional: the token is spent by the first of two concurrent posts.
    const claimed = await tx.user.updateMany({
      where: { id: user.id, signupStatus: "detailsRequired", signupToken: String(rawToken).trim() },
      data: { signupStatus: "complete", signupToken: null },
    });
    if (claimed.count === 0) return false;
    if (details.firstName || details.lastName) {
      await tx.user.update({
        where: { id: user.id },
        data: { displayName: displayNameOf(details.firstName ?? signup?.firstName, details.lastName ?? signup?.lastName) },
      });
    }
    const organizationId = await createTrialOrganization(tx, {
      userId: user.id,
      company: details.company!,
      featureSetId,
      now: new Date(),
    });
    const data = {
      stage: "complete",
      company: details.company!,
      industry: details.industry ?? null,
      companySize: details.companySize ?? null,
      phone: details.phone ?? signup?.phone ?? null,
      promoCode: details.promoCode ?? signup?.promoCode ?? null,
      organizationId,
      ...(details.firstName ? { firstName: details.firstName } : {}),
      ...(details.lastName ? { lastName: details.lastName } : {}),
    };
    if (signup) await tx.signup.update({ where: { id: signup.id }, data });
    return true;
  });
  if (!done) throw notFound(signupMessages.invalidSignupLink);
  ctx.bus.publish("user:updated", user.id, { userId: user.id });
  return { nextStage: "complete" };
}
