// GET /message-templates?type, POST /message-templates, PUT /message-templates/{id} (spec 001 §7
// "Channels and contacts"), POST /message-templates/preview, and POST /launch-survey/message-test
// (spec 001 §7 "Surveys"). Rules: domain/campaigns/messages; payloads: docs/campaigns.md.
import { z } from "zod";
import { defineRoute } from "./route.js";
import { createTemplates, listTemplates, updateTemplates, type MessageTemplateRow } from "../../domain/campaigns/messages/templates.js";
import { previewMessage, sendTestMessage } from "../../domain/campaigns/messages/preview.js";

const templateShape = z
  .object({
    _id: z.string(),
    name: z.string(),
    templateType: z.enum(["email", "sms"]),
    language: z.string(),
    groupId: z.string().nullable(),
    subject: z.string(),
    content: z.string(),
    senderName: z.string().nullable(),
    replyToAddress: z.string().nullable(),
    ctaText: z.string().nullable(),
    showHeadings: z.boolean(),
    updatedAt: z.string(),
  })
  .meta({ id: "MessageTemplate", description: "A message template of one language" });

const asTemplate = (t: MessageTemplateRow): z.input<typeof templateShape> => ({
  _id: t.id,
  name: t.name,
  templateType: t.templateType as "email" | "sms",
  language: t.language,
  groupId: t.groupId,
  subject: t.subject,
  content: t.content,
  senderName: t.senderName,
  replyToAddress: t.replyToAddress,
  ctaText: t.ctaText,
  showHeadings: t.showHeadings,
  updatedAt: t.updatedAt.toISOString(),
});

const languageFields = z.object({
  subject: z.string().nullish(),
  content: z.string().nullish(),
  senderName: z.string().nullish(),
  replyToAddress: z.string().nullish(),
  ctaText: z.string().nullish(),
  showHeadings: z.boolean().nullish(),
});

const saveBody = languageFields
  .extend({
    name: z.string().optional(),
    templateType: z.string().optional(),
    language: z.string().optional(),
    languages: z
      .record(z.string(), languageFields)
      .optional()
      .describe("a multi-language group: the fields of each language by its code, e.g. {en: {...}, fi: {...}}; one template is saved per language"),
  })
  .meta({ id: "MessageTemplateInput" });

/** The REST body as the domain takes it: one language from the top-level fields, or the `languages` map. */
function saveInput(body: z.output<typeof saveBody>) {
  const { name, templateType, language, languages, ...fields } = body;
  return {
    name,
    templateType,
    languages: languages ? Object.entries(languages).map(([code, l]) => ({ ...l, language: code })) : [{ ...fields, language: language ?? "en" }],
  };
}

const savedShape = z.object({ message: z.string(), groupId: z.string().nullable(), templates: z.array(templateShape) });

const previewBody = languageFields.extend({
  templateId: z.string().optional(),
  templateType: z.string().optional(),
  language: z.string().optional(),
  contactListId: z.string().optional(),
  variables: z.record(z.string(), z.string()).optional().describe("sample values of the variables, by column name"),
});

export const messageTemplateRoutes = [
  defineRoute({
    method: "GET",
    path: "/message-templates",
    summary: "The organisation's message templates of one type (email or sms), by name; needs editTouchpoints in some team",
    tag: "Campaigns",
    auth: "bearer",
    query: z.object({ type: z.string().optional() }),
    response: z.array(templateShape),
    handler: async ({ ctx, query }) => (await listTemplates(ctx, { type: query.type })).map(asTemplate),
  }),
  defineRoute({
    method: "POST",
    path: "/message-templates",
    status: 201,
    summary:
      'Save a new template (one language), or a multi-language group with `languages` (one template per language, a shared groupId, the name suffixed by the language); answers "template saved"',
    tag: "Campaigns",
    auth: "bearer",
    body: saveBody,
    response: savedShape,
    handler: async ({ ctx, body }) => {
      const saved = await createTemplates(ctx, saveInput(body));
      return { message: saved.message, groupId: saved.groupId, templates: saved.templates.map(asTemplate) };
    },
  }),
  defineRoute({
    method: "PUT",
    path: "/message-templates/{id}",
    summary:
      'Save a template; with `languages`, its group: given languages are updated or added (sharing the groupId), the others kept; answers "template saved"',
    tag: "Campaigns",
    auth: "bearer",
    params: z.object({ id: z.string() }),
    body: saveBody,
    response: savedShape,
    handler: async ({ ctx, params, body }) => {
      const saved = await updateTemplates(ctx, params.id, saveInput(body));
      return { message: saved.message, groupId: saved.groupId, templates: saved.templates.map(asTemplate) };
    },
  }),
  defineRoute({
    method: "POST",
    path: "/message-templates/preview",
    summary: "A template (saved, or the fields given) rendered with sample variables: the email's subject, HTML and text, or the SMS text. Sends nothing",
    tag: "Campaigns",
    auth: "bearer",
    body: previewBody,
    response: z.object({
      templateType: z.enum(["email", "sms"]),
      email: z.object({ subject: z.string(), html: z.string(), text: z.string(), fromName: z.string().nullable(), replyTo: z.string().nullable() }).nullable(),
      sms: z.string().nullable(),
    }),
    handler: ({ ctx, body }) => previewMessage(ctx, body),
  }),
  defineRoute({
    method: "POST",
    path: "/launch-survey/message-test",
    summary:
      'Send one test message of a template (the fields given, or templateId) to one address (`to`: an e-mail address, or for SMS a number starting with +); links to the survey\'s preview; answers "test message sent"',
    tag: "Campaigns",
    auth: "bearer",
    errors: { 429: "more than 20 test messages within an hour" },
    body: previewBody.extend({
      surveyId: z.string().optional(),
      to: z.string().optional(),
      maxHeight: z.union([z.number(), z.string()]).optional().describe("the wizard's message frame height; the message does not depend on it"),
    }),
    response: z.object({ message: z.string(), channel: z.enum(["email", "sms"]), to: z.string() }),
    handler: ({ ctx, body }) => sendTestMessage(ctx, body),
  }),
];
