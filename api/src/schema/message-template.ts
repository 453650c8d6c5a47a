// Message templates of email and SMS campaigns, their preview and test message. Rules live in
// domain/campaigns/messages (docs/campaigns.md "Message templates").
import { builder } from "./builder.js";
import { SurveyType } from "./survey.js";
import { createTemplates, listTemplates, templateAccess, updateTemplates, type MessageTemplateRow } from "../domain/campaigns/messages/templates.js";
import { previewMessage, sendTestMessage, type MessagePreview } from "../domain/campaigns/messages/preview.js";
import { dbOf } from "../permissions/access.js";

const MessageTemplateTypeEnum = builder.enumType("MessageTemplateType", { values: ["email", "sms"] as const });

export const MessageTemplateType = builder.objectRef<MessageTemplateRow>("MessageTemplate");
MessageTemplateType.implement({
  description: "A message template of one language (spec 001 §3); a multi-language group shares groupId",
  fields: (t) => ({
    id: t.globalID({ resolve: (m) => ({ type: MessageTemplateType, id: m.id }) }),
    legacyId: t.exposeString("id", { description: "the template's 24-hex _id (PUT /message-templates/{id})" }),
    name: t.exposeString("name"),
    templateType: t.field({ type: MessageTemplateTypeEnum, resolve: (m) => m.templateType as "email" | "sms" }),
    language: t.exposeString("language"),
    groupId: t.exposeString("groupId", { nullable: true, description: "shared by the languages of one group; null for a one-language template" }),
    subject: t.exposeString("subject"),
    content: t.exposeString("content", { description: "the message text (email) or the SMS text; {{column}} variables, {{link}} in SMS" }),
    senderName: t.exposeString("senderName", { nullable: true }),
    replyToAddress: t.exposeString("replyToAddress", { nullable: true }),
    ctaText: t.exposeString("ctaText", { nullable: true, description: "the call-to-action button's text" }),
    showHeadings: t.exposeBoolean("showHeadings"),
    updatedAt: t.field({ type: "DateTime", resolve: (m) => m.updatedAt }),
  }),
});

const MessageTemplateLanguageInput = builder.inputType("MessageTemplateLanguageInput", {
  fields: (t) => ({
    language: t.string({ required: true, description: "a language code: en, es, fi…" }),
    subject: t.string(),
    content: t.string(),
    senderName: t.string(),
    replyToAddress: t.string(),
    ctaText: t.string(),
    showHeadings: t.boolean(),
  }),
});

const SaveMessageTemplatesInput = builder.inputType("SaveMessageTemplatesInput", {
  fields: (t) => ({
    name: t.string({ required: true }),
    templateType: t.field({ type: MessageTemplateTypeEnum, required: true }),
    languages: t.field({ type: [MessageTemplateLanguageInput], required: true, description: "one template per language; two or more make a group" }),
  }),
});

const SaveMessageTemplatesPayload = builder
  .objectRef<{ templates: MessageTemplateRow[]; groupId: string | null; message: string }>("SaveMessageTemplatesPayload")
  .implement({
    fields: (t) => ({
      templates: t.field({ type: [MessageTemplateType], resolve: (p) => p.templates }),
      groupId: t.exposeString("groupId", { nullable: true }),
      message: t.exposeString("message", { description: "template saved" }),
    }),
  });

const VariableValueInput = builder.inputType("MessageVariableInput", {
  fields: (t) => ({ name: t.string({ required: true }), value: t.string({ required: true }) }),
});

const previewFields = {
  templateId: "a saved template (its fields are used), or none: the fields given",
} as const;

const MessagePreviewInput = builder.inputType("MessagePreviewInput", {
  fields: (t) => ({
    templateId: t.globalID({ for: MessageTemplateType, description: previewFields.templateId }),
    templateType: t.field({ type: MessageTemplateTypeEnum }),
    language: t.string(),
    subject: t.string(),
    content: t.string(),
    senderName: t.string(),
    replyToAddress: t.string(),
    ctaText: t.string(),
    showHeadings: t.boolean(),
    contactListId: t.string({ description: "the 24-hex id of a contact list whose columns get sample values" }),
    variables: t.field({ type: [VariableValueInput], description: "sample values by column name" }),
  }),
});

const TestMessageInput = builder.inputType("TestMessageInput", {
  fields: (t) => ({
    surveyId: t.globalID({ for: SurveyType, required: true, description: "the survey the message links to (its preview)" }),
    to: t.string({ required: true, description: "an e-mail address, or for SMS a number starting with +" }),
    maxHeight: t.int({ description: "the wizard's message frame height (spec 001 §7); the message does not depend on it" }),
    templateId: t.globalID({ for: MessageTemplateType, description: previewFields.templateId }),
    templateType: t.field({ type: MessageTemplateTypeEnum }),
    language: t.string(),
    subject: t.string(),
    content: t.string(),
    senderName: t.string(),
    replyToAddress: t.string(),
    ctaText: t.string(),
    showHeadings: t.boolean(),
    contactListId: t.string(),
    variables: t.field({ type: [VariableValueInput] }),
  }),
});

const MessagePreviewType = builder.objectRef<MessagePreview>("MessagePreview").implement({
  description: "A template rendered with sample variables",
  fields: (t) => ({
    templateType: t.field({ type: MessageTemplateTypeEnum, resolve: (p) => p.templateType }),
    subject: t.string({ nullable: true, resolve: (p) => p.email?.subject ?? null }),
    html: t.string({ nullable: true, resolve: (p) => p.email?.html ?? null }),
    text: t.string({ nullable: true, description: "the email's text part, or the SMS text", resolve: (p) => p.email?.text ?? p.sms }),
    fromName: t.string({ nullable: true, resolve: (p) => p.email?.fromName ?? null }),
    replyTo: t.string({ nullable: true, resolve: (p) => p.email?.replyTo ?? null }),
  }),
});

const TestMessagePayload = builder.objectRef<{ message: string; channel: "email" | "sms"; to: string }>("TestMessagePayload").implement({
  fields: (t) => ({
    message: t.exposeString("message", { description: "test message sent" }),
    channel: t.field({ type: MessageTemplateTypeEnum, resolve: (p) => p.channel }),
    to: t.exposeString("to"),
  }),
});

const ContactListColumns = builder.objectRef<{ id: string; name: string; channel: string; variableNames: string[] }>("MessageVariableList").implement({
  description: "A contact list's columns, usable as {{variables}} in templates",
  fields: (t) => ({
    legacyId: t.exposeString("id", { description: "the contact list's 24-hex id" }),
    name: t.exposeString("name"),
    variableNames: t.exposeStringList("variableNames"),
  }),
});

type PreviewArgs = {
  templateId?: { id: string } | null;
  variables?: { name: string; value: string }[] | null;
  [field: string]: unknown;
};
/** The GraphQL input as the domain takes it: global ids resolved, variables as a map, nulls dropped. */
const domainInput = ({ templateId, variables, surveyId, ...rest }: PreviewArgs) => ({
  ...Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== null && v !== undefined)),
  ...(templateId ? { templateId: templateId.id } : {}),
  ...(surveyId ? { surveyId: (surveyId as { id: string }).id } : {}),
  variables: Object.fromEntries((variables ?? []).map((v) => [v.name, v.value])),
});

builder.queryFields((t) => ({
  messageTemplates: t.field({
    type: [MessageTemplateType],
    description: "the organisation's templates of one type, by name (GET /message-templates)",
    args: { type: t.arg({ type: MessageTemplateTypeEnum, required: true }) },
    resolve: (_root, args, ctx) => listTemplates(ctx, { type: args.type }),
  }),
  messageTemplatePreview: t.field({
    type: MessagePreviewType,
    description: "a template (saved or as given) rendered with sample variables; stores and sends nothing",
    args: { input: t.arg({ type: MessagePreviewInput, required: true }) },
    resolve: (_root, args, ctx) => previewMessage(ctx, domainInput(args.input as PreviewArgs)),
  }),
  messageVariableLists: t.field({
    type: [ContactListColumns],
    description: "the organisation's contact lists of a channel with their columns (the variables of its templates)",
    args: { type: t.arg({ type: MessageTemplateTypeEnum, required: true }) },
    resolve: async (_root, args, ctx) => {
      const a = await templateAccess(ctx);
      return dbOf(ctx, a).contactList.findMany({
        where: { channel: args.type },
        select: { id: true, name: true, channel: true, variableNames: true },
        orderBy: { name: "asc" },
      });
    },
  }),
}));

builder.mutationFields((t) => ({
  createMessageTemplates: t.field({
    type: SaveMessageTemplatesPayload,
    description: "Save a new template, or a group of one template per language (POST /message-templates)",
    args: { input: t.arg({ type: SaveMessageTemplatesInput, required: true }) },
    resolve: (_root, args, ctx) => createTemplates(ctx, args.input),
  }),
  updateMessageTemplates: t.field({
    type: SaveMessageTemplatesPayload,
    description: "Save a template and its group: the given languages updated or added (PUT /message-templates/{id})",
    args: { id: t.arg.globalID({ required: true, for: MessageTemplateType }), input: t.arg({ type: SaveMessageTemplatesInput, required: true }) },
    resolve: (_root, args, ctx) => updateTemplates(ctx, args.id.id, args.input),
  }),
  sendTestMessage: t.field({
    type: TestMessagePayload,
    description: "Send one test message of a template to one address or number (POST /launch-survey/message-test)",
    args: { input: t.arg({ type: TestMessageInput, required: true }) },
    resolve: (_root, args, ctx) => sendTestMessage(ctx, domainInput(args.input as unknown as PreviewArgs)),
  }),
}));
