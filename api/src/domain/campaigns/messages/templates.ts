// Message templates of email and SMS campaigns (spec 001 §3 "Message template", §7 GET, POST and PUT
// /message-templates). Templates belong to the organisation (no team): reading and saving them
// needs the editTouchpoints right in some unit (docs/permissions.md), the right that edits email and
// SMS touchpoints. Another organisation's template, or an id that does not exist: "Template not found".
//
// A multi-language group is saved per language: one row per language, all with the same groupId
// (the id of the group's first row) and the name suffixed by the language ("Spring survey (fi)").
// A template of one language has no groupId and its name as given. Saving a group again updates its
// languages, adds new ones and leaves the others as they are (renamed when the name changed).
import { z } from "zod";
import type { DomainContext } from "../../context.js";
import { badInput, forbidden, notFound } from "../../errors.js";
import { emailSchema, messages as validation, objectIdSchema, parseInput } from "../../validation.js";
import { canSomewhere, dbOf, loadAccess, type Access } from "../../../permissions/access.js";
import type { MessageTemplate } from "../../../generated/prisma/client.js";
import { accessMessages } from "../../../permissions/access.js";

export const templateMessages = {
  saved: "template saved",
  notFound: "Template not found",
  noRights: accessMessages.noEditTouchpoint,
  nameRequired: "A template needs a name",
  typeRequired: "Template type must be email or sms",
  typeUnchangeable: "The type of a saved template cannot be changed",
  languageInvalid: "Language must be a language code such as en, es or fi",
  languagesRequired: "A template needs at least one language",
  languageTwice: (language: string) => `The language ${language} is given twice`,
  subjectRequired: "An email template needs a subject",
  emailContentRequired: "An email template needs a message text",
  smsContentRequired: "The SMS message needs content",
  replyToInvalid: "The reply-to address must be a valid e-mail address",
} as const;

export const templateTypes = ["email", "sms"] as const;
export type TemplateType = (typeof templateTypes)[number];

export const templateLimits = {
  name: 100,
  subject: 200,
  emailContent: 10_000,
  smsContent: 1_000,
  senderName: 100,
  ctaText: 60,
  languages: 20,
} as const;

export type MessageTemplateRow = MessageTemplate;

const languageSchema = z
  .string({ message: templateMessages.languageInvalid })
  .trim()
  .regex(/^[a-z]{2}(-[A-Z]{2})?$/, templateMessages.languageInvalid);

const trimmed = (max: number) =>
  z
    .string()
    .trim()
    .max(max, validation.maxLength(max))
    .nullish()
    .transform((v) => (v ? v : null));

/** The fields of one language of a template, as given. */
const languageFieldsSchema = z.object({
  language: languageSchema,
  subject: z.string().trim().max(templateLimits.subject, validation.maxLength(templateLimits.subject)).nullish(),
  content: z.string().max(templateLimits.emailContent, validation.maxLength(templateLimits.emailContent)).nullish(),
  senderName: trimmed(templateLimits.senderName),
  // checked with its own message before parsing (checkTemplates)
  replyToAddress: trimmed(320),
  ctaText: trimmed(templateLimits.ctaText),
  showHeadings: z.boolean({ message: "showHeadings must be true or false" }).nullish(),
});

const saveSchema = z.object({
  name: z
    .string({ message: templateMessages.nameRequired })
    .trim()
    .min(1, templateMessages.nameRequired)
    .max(templateLimits.name, validation.maxLength(templateLimits.name)),
  templateType: z.enum(templateTypes, { message: templateMessages.typeRequired }),
  languages: z
    .array(languageFieldsSchema)
    .min(1, templateMessages.languagesRequired)
    .max(templateLimits.languages, `At most ${templateLimits.languages} languages`),
});

export type TemplateLanguageInput = {
  language: string;
  subject?: string | null;
  content?: string | null;
  senderName?: string | null;
  replyToAddress?: string | null;
  ctaText?: string | null;
  showHeadings?: boolean | null;
};
export type SaveTemplatesInput = { name: string; templateType: string; languages: TemplateLanguageInput[] };

type CheckedLanguage = {
  language: string;
  subject: string;
  content: string;
  senderName: string | null;
  replyToAddress: string | null;
  ctaText: string | null;
  showHeadings: boolean;
};

/** Parses and checks a save: the first problem becomes one clear error naming its field. */
export function checkTemplates(input: unknown): { name: string; templateType: TemplateType; languages: CheckedLanguage[] } {
  // reply-to first, with its own message (the shared e-mail message does not say which address)
  const raw = input as { languages?: { replyToAddress?: unknown }[] } | null;
  raw?.languages?.forEach?.((l, i) => {
    const address = typeof l?.replyToAddress === "string" ? l.replyToAddress.trim() : "";
    if (address && !emailSchema.safeParse(address).success) throw badInput(templateMessages.replyToInvalid, `languages.${i}.replyToAddress`);
  });
  const parsed = parseInput(saveSchema, input);
  const seen = new Set<string>();
  const languages = parsed.languages.map((l, i): CheckedLanguage => {
    if (seen.has(l.language)) throw badInput(templateMessages.languageTwice(l.language), `languages.${i}.language`);
    seen.add(l.language);
    const content = (l.content ?? "").replace(/\r\n?/g, "\n").trim();
    const field = (name: string) => `languages.${i}.${name}`;
    if (parsed.templateType === "email") {
      if (!l.subject) throw badInput(templateMessages.subjectRequired, field("subject"));
      if (!content) throw badInput(templateMessages.emailContentRequired, field("content"));
    } else {
      if (!content) throw badInput(templateMessages.smsContentRequired, field("content"));
      if (content.length > templateLimits.smsContent) throw badInput(validation.maxLength(templateLimits.smsContent), field("content"));
    }
    const email = parsed.templateType === "email";
    return {
      language: l.language,
      subject: email ? (l.subject ?? "") : "",
      content,
      senderName: email ? l.senderName : null,
      replyToAddress: email ? (l.replyToAddress ? l.replyToAddress.toLowerCase() : null) : null,
      ctaText: email ? l.ctaText : null,
      showHeadings: email ? (l.showHeadings ?? true) : false,
    };
  });
  return { name: parsed.name, templateType: parsed.templateType, languages };
}

/** The caller may read and save templates: editTouchpoints in some unit. */
export async function templateAccess(ctx: DomainContext): Promise<Access> {
  const a = await loadAccess(ctx);
  if (!canSomewhere(a, "editTouchpoints")) throw forbidden(templateMessages.noRights);
  return a;
}

const groupName = (name: string, language: string, grouped: boolean) => (grouped ? `${name} (${language})` : name);

export async function listTemplates(ctx: DomainContext, input: { type?: unknown }): Promise<MessageTemplateRow[]> {
  const type = parseInput(z.enum(templateTypes, { message: templateMessages.typeRequired }), input.type);
  const a = await templateAccess(ctx);
  return dbOf(ctx, a).messageTemplate.findMany({
    where: { templateType: type },
    orderBy: [{ name: "asc" }, { language: "asc" }, { id: "asc" }],
  });
}

export async function getTemplate(ctx: DomainContext, id: string): Promise<MessageTemplateRow> {
  const a = await templateAccess(ctx);
  return findTemplate(ctx, a, id);
}

async function findTemplate(ctx: DomainContext, a: Access, id: string): Promise<MessageTemplateRow> {
  const templateId = parseInput(objectIdSchema, id);
  const row = await dbOf(ctx, a).messageTemplate.findUnique({ where: { id: templateId } });
  if (!row) throw notFound(templateMessages.notFound);
  return row;
}

export type SavedTemplates = { templates: MessageTemplateRow[]; groupId: string | null; message: string };

/** Creates a template (one language) or a multi-language group (one row per language). */
export async function createTemplates(ctx: DomainContext, input: unknown): Promise<SavedTemplates> {
  const a = await templateAccess(ctx);
  const checked = checkTemplates(input);
  const grouped = checked.languages.length > 1;
  const templates = await ctx.prisma.$transaction(async (tx) => {
    const rows: MessageTemplateRow[] = [];
    for (const l of checked.languages) {
      const row = await tx.messageTemplate.create({
        data: {
          ...l,
          organizationId: a.organizationId,
          name: groupName(checked.name, l.language, grouped),
          templateType: checked.templateType,
          groupId: rows[0]?.id ?? null,
        },
      });
      rows.push(row);
    }
    if (grouped) rows[0] = await tx.messageTemplate.update({ where: { id: rows[0]!.id }, data: { groupId: rows[0]!.id } });
    return rows;
  });
  return { templates, groupId: templates[0]!.groupId, message: templateMessages.saved };
}

/**
 * Saves the template of this id and, when it belongs to a group (or languages are added), the
 * group: the given languages are updated or added, the others kept.
 */
export async function updateTemplates(ctx: DomainContext, id: string, input: unknown): Promise<SavedTemplates> {
  const a = await templateAccess(ctx);
  const row = await findTemplate(ctx, a, id);
  const checked = checkTemplates(input);
  if (checked.templateType !== row.templateType) throw badInput(templateMessages.typeUnchangeable, "templateType");
  const db = dbOf(ctx, a);
  const existing = row.groupId ? await db.messageTemplate.findMany({ where: { groupId: row.groupId }, orderBy: { createdAt: "asc" } }) : [row];
  const languages = new Set([...existing.map((r) => r.language), ...checked.languages.map((l) => l.language)]);
  const grouped = languages.size > 1;
  const groupId = grouped ? (row.groupId ?? row.id) : null;
  // the rows were read through the organisation's scope above; new rows name it
  const templates = await ctx.prisma.$transaction(async (tx) => {
    const saved: MessageTemplateRow[] = [];
    for (const l of checked.languages) {
      const current = existing.find((r) => r.language === l.language) ?? (!grouped ? row : undefined);
      const data = { ...l, name: groupName(checked.name, l.language, grouped), groupId };
      saved.push(
        current
          ? await tx.messageTemplate.update({ where: { id: current.id }, data })
          : await tx.messageTemplate.create({ data: { ...data, organizationId: a.organizationId, templateType: checked.templateType } }),
      );
    }
    for (const other of existing.filter((r) => !saved.some((s) => s.id === r.id))) {
      saved.push(await tx.messageTemplate.update({ where: { id: other.id }, data: { name: groupName(checked.name, other.language, grouped), groupId } }));
    }
    return saved;
  });
  return { templates, groupId, message: templateMessages.saved };
}
