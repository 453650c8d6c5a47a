// Preview and test message of a template (spec 001 §2: the launch wizard's email and SMS steps can
// send a test message; §7 POST /launch-survey/message-test with language, template fields, surveyId
// and maxHeight; §8 "test message sent").
//
// - Preview: the template as a recipient would get it, with sample variables (the columns of a
//   contact list, or values the caller gives). Nothing is stored or sent.
// - Test message: one message to one address or number, with the survey's preview page as its link
//   and a working unsubscribe link for that address. Email goes through the product's mail path (the
//   `mail.send` job: SMTP, or the outbox in embedded mode); an SMS test is kept in the outbox
//   (channel sms) until the SMS transport of the sending part delivers it. Needs launchSurveys on the
//   survey; at most 20 test messages per person per hour.
import { z } from "zod";
import type { DomainContext } from "../../context.js";
import { badInput, DomainError } from "../../errors.js";
import { emailSchema, objectIdSchema, parseInput } from "../../validation.js";
import { requireOnObject } from "../../../permissions/access.js";
import { memoryLimiterStore, waitMs } from "../../../limits/store.js";
import { queueMail } from "../../../mail/queue-mail.js";
import { linkVariable, renderEmail, renderSms, variablesIn, type RenderedEmail, type TemplateFields } from "./render.js";
import { checkTemplates, getTemplate, templateAccess, templateMessages, templateTypes, type TemplateType } from "./templates.js";
import { listUnsubscribeHeaders, signUnsubscribeToken, unsubscribePageUrl } from "../unsubscribe/token.js";

export const testMessageMessages = {
  sent: "test message sent",
  addressRequired: "Give the e-mail address to send the test message to",
  phoneRequired: "Give the phone number to send the test message to",
  invalidPhone: "Please provide a valid phone number in international format, starting with +",
  surveyRequired: "Choose the survey the message links to",
  tooMany: (minutes: number) => `Too many test messages: try again in ${minutes} minute${minutes === 1 ? "" : "s"}`,
} as const;

export const testMessageLimit = { name: "campaign-test-message", points: 20, durationSeconds: 60 * 60 } as const;
const fallbackLimits = memoryLimiterStore();

/**
 * Sample values of a preview or test: each variable (the contact list's columns and those the template
 * uses) shows its own name in brackets unless a value is given.
 */
export function sampleVariables(names: readonly string[], given: Record<string, string> = {}): Record<string, string> {
  return Object.fromEntries([...names.filter((n) => n.toLowerCase() !== linkVariable).map((n) => [n, `[${n}]`] as const), ...Object.entries(given)]);
}

const usedVariables = (f: TemplateFields) => variablesIn(`${f.subject}\n${f.content}\n${f.senderName ?? ""}`);

export type MessagePreview = { templateType: TemplateType; email: RenderedEmail | null; sms: string | null };

const variablesSchema = z.record(z.string().max(100), z.string().max(1000)).default({});

const previewSchema = z.object({
  templateId: objectIdSchema.optional(),
  templateType: z.enum(templateTypes, { message: templateMessages.typeRequired }).optional(),
  variables: variablesSchema,
  contactListId: objectIdSchema.optional(),
});

type TemplateSource = { templateType: TemplateType; fields: TemplateFields };

/** The template of a preview or test: a saved one (templateId) or the fields given (one language). */
async function templateOf(ctx: DomainContext, input: Record<string, unknown>, templateId: string | undefined): Promise<TemplateSource> {
  if (templateId) {
    const row = await getTemplate(ctx, templateId);
    return {
      templateType: row.templateType as TemplateType,
      fields: {
        subject: row.subject,
        content: row.content,
        senderName: row.senderName,
        replyToAddress: row.replyToAddress,
        ctaText: row.ctaText,
        showHeadings: row.showHeadings,
        language: row.language,
      },
    };
  }
  const checked = checkTemplates({
    name: "preview",
    templateType: input.templateType,
    languages: [
      {
        language: input.language ?? "en",
        subject: input.subject,
        content: input.content,
        senderName: input.senderName,
        replyToAddress: input.replyToAddress,
        ctaText: input.ctaText,
        showHeadings: input.showHeadings,
      },
    ],
  });
  const { language, ...fields } = checked.languages[0]!;
  return { templateType: checked.templateType, fields: { ...fields, language } };
}

/** The variable names of the organisation's contact list (none when no list is named). */
async function columnsOf(ctx: DomainContext, contactListId: string | undefined, organizationId: string): Promise<string[]> {
  if (!contactListId) return [];
  const list = await ctx.prisma.contactList.findFirst({ where: { id: contactListId, organizationId }, select: { variableNames: true } });
  if (!list) throw new DomainError("NOT_FOUND", "Contact list not found");
  return list.variableNames;
}

/** The template rendered with sample variables; stores and sends nothing. */
export async function previewMessage(ctx: DomainContext, input: unknown): Promise<MessagePreview> {
  const a = await templateAccess(ctx);
  const raw = (input ?? {}) as Record<string, unknown>;
  const parsed = parseInput(previewSchema, raw);
  const source = await templateOf(ctx, raw, parsed.templateId);
  const columns = await columnsOf(ctx, parsed.contactListId, a.organizationId);
  const variables = sampleVariables([...columns, ...usedVariables(source.fields)], parsed.variables);
  const organization = await ctx.prisma.organization.findUniqueOrThrow({ where: { id: a.organizationId }, select: { name: true } });
  const surveyUrl = `${ctx.config.publicUrl}/s/preview`;
  if (source.templateType === "sms") {
    return { templateType: "sms", email: null, sms: renderSms(source.fields.content, { variables }, surveyUrl) };
  }
  const unsubscribeUrl = `${ctx.config.publicUrl}/unsubscribe`;
  return { templateType: "email", email: renderEmail(source.fields, { variables }, { surveyUrl, unsubscribeUrl }, organization), sms: null };
}

const testSchema = z.object({
  surveyId: objectIdSchema.optional(),
  templateId: objectIdSchema.optional(),
  templateType: z.enum(templateTypes, { message: templateMessages.typeRequired }).optional(),
  to: z.string({ message: testMessageMessages.addressRequired }).trim().max(320).optional(),
  variables: variablesSchema,
  contactListId: objectIdSchema.optional(),
  /** The wizard's message frame height (spec 001 §7); the message does not depend on it. */
  maxHeight: z.union([z.number(), z.string()]).optional(),
});

const phonePattern = /^\+[1-9]\d{6,14}$/;

/** Sends one test message of the template to one address (email) or number (SMS). */
export async function sendTestMessage(ctx: DomainContext, input: unknown): Promise<{ message: string; channel: TemplateType; to: string }> {
  const a = await templateAccess(ctx);
  const raw = (input ?? {}) as Record<string, unknown>;
  const parsed = parseInput(testSchema, raw);
  if (!parsed.surveyId) throw badInput(testMessageMessages.surveyRequired, "surveyId");
  await requireOnObject(ctx, "launchSurveys", "Survey", parsed.surveyId);
  const source = await templateOf(ctx, raw, parsed.templateId);
  const to = parsed.to ?? "";
  let address: string;
  if (source.templateType === "email") {
    if (!to) throw badInput(testMessageMessages.addressRequired, "to");
    const checked = emailSchema.safeParse(to);
    if (!checked.success) throw badInput(checked.error.issues[0]!.message, "to");
    address = checked.data;
  } else {
    if (!to) throw badInput(testMessageMessages.phoneRequired, "to");
    address = to.replace(/[\s()-]/g, "");
    if (!phonePattern.test(address)) throw badInput(testMessageMessages.invalidPhone, "to");
  }
  const columns = await columnsOf(ctx, parsed.contactListId, a.organizationId);
  const variables = sampleVariables([...columns, ...usedVariables(source.fields)], parsed.variables);

  const limits = ctx.limits ?? fallbackLimits;
  const limiter = limits.limiter(testMessageLimit);
  const wait = await waitMs(limiter, a.viewer.userId);
  if (wait > 0) throw new DomainError("RATE_LIMITED", testMessageMessages.tooMany(Math.ceil(wait / 60_000)));
  await limiter.penalty(a.viewer.userId, 1);

  const organization = await ctx.prisma.organization.findUniqueOrThrow({ where: { id: a.organizationId }, select: { name: true } });
  const surveyUrl = `${ctx.config.publicUrl}/surveys/${parsed.surveyId}/preview`;
  if (source.templateType === "sms") {
    const text = renderSms(source.fields.content, { phone: address, variables }, surveyUrl);
    await ctx.prisma.mailOutbox.create({
      data: { organizationId: a.organizationId, channel: "sms", kind: "campaignTest", to: address, text, sentAt: new Date() },
    });
    return { message: testMessageMessages.sent, channel: "sms", to: address };
  }
  const token = signUnsubscribeToken(ctx.config, { organizationId: a.organizationId, email: address });
  const rendered = renderEmail(
    source.fields,
    { email: address, variables },
    { surveyUrl, unsubscribeUrl: unsubscribePageUrl(ctx.config, token) },
    organization,
  );
  await queueMail(ctx, {
    kind: "campaignTest",
    to: address,
    locale: "en",
    organizationId: a.organizationId,
    data: {},
    message: { ...rendered, headers: listUnsubscribeHeaders(ctx.config, token) },
  });
  return { message: testMessageMessages.sent, channel: "email", to: address };
}
