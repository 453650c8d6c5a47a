// The organisation's own settings on the Organization type (privacy policy, survey appearance,
// logo) and the mutation that changes them with the satisfaction scale and the name. Rules live in
// domain/organization.
import { builder } from "./builder.js";
import { OrganizationType } from "./organization.js";
import { buttonStyles, surveyFonts, type SurveyAppearance } from "@feedback/shared/organization-settings";
import { readSurveyAppearance, updateOrganizationSettings } from "../domain/organization/settings.js";

const SurveyFontEnum = builder.enumType("SurveyFont", { values: surveyFonts });
const ButtonStyleEnum = builder.enumType("ButtonStyle", { values: buttonStyles });

const SurveyAppearanceType = builder.objectRef<SurveyAppearance>("SurveyAppearance").implement({
  fields: (t) => ({
    primaryColor: t.exposeString("primaryColor", { description: "#rrggbb: buttons and highlights" }),
    backgroundColor: t.exposeString("backgroundColor"),
    textColor: t.exposeString("textColor"),
    font: t.field({ type: SurveyFontEnum, resolve: (a) => a.font }),
    buttonStyle: t.field({ type: ButtonStyleEnum, resolve: (a) => a.buttonStyle }),
  }),
});

const OrganizationLogoInfo = builder.objectRef<{ contentType: string; updatedAt: Date }>("OrganizationLogoInfo").implement({
  fields: (t) => ({
    contentType: t.exposeString("contentType"),
    updatedAt: t.field({ type: "DateTime", resolve: (l) => l.updatedAt }),
    url: t.string({
      description: "GET it with the bearer token",
      resolve: (l) => `/api/v5/organization/logo?v=${l.updatedAt.getTime()}`,
    }),
  }),
});

builder.prismaObjectFields(OrganizationType, (t) => ({
  privacyPolicy: t.exposeString("privacyPolicy", { nullable: true }),
  timeZone: t.exposeString("timeZone", { description: "IANA name (Europe/Helsinki): the zone of scheduled and recurring launches" }),
  surveyAppearance: t.field({
    type: SurveyAppearanceType,
    select: { surveyAppearance: true },
    resolve: (o) => readSurveyAppearance(o.surveyAppearance),
  }),
  logo: t.field({
    type: OrganizationLogoInfo,
    nullable: true,
    select: { logo: { select: { contentType: true, updatedAt: true } } },
    resolve: (o) => o.logo,
  }),
}));

const SurveyAppearanceInput = builder.inputType("SurveyAppearanceInput", {
  fields: (t) => ({
    primaryColor: t.string({ required: true }),
    backgroundColor: t.string({ required: true }),
    textColor: t.string({ required: true }),
    font: t.field({ type: SurveyFontEnum, required: true }),
    buttonStyle: t.field({ type: ButtonStyleEnum, required: true }),
  }),
});

const SatisfactionScaleInput = builder.inputType("SatisfactionScaleInput", {
  fields: (t) => ({
    enabled: t.boolean({ required: true }),
    min: t.int({ required: true }),
    max: t.int({ required: true }),
  }),
});

const UpdateOrganizationSettingsInput = builder.inputType("UpdateOrganizationSettingsInput", {
  fields: (t) => ({
    name: t.string(),
    privacyPolicy: t.string({ description: "an empty text removes it" }),
    surveyAppearance: t.field({ type: SurveyAppearanceInput }),
    satisfactionScale: t.field({ type: SatisfactionScaleInput }),
    timeZone: t.string({ description: "IANA name, e.g. Europe/Helsinki" }),
  }),
});

const UpdateOrganizationSettingsPayload = builder.objectRef<{ organizationId: string }>("UpdateOrganizationSettingsPayload").implement({
  fields: (t) => ({
    organization: t.prismaField({
      type: "Organization",
      resolve: (query, p, _args, ctx) => ctx.prisma.organization.findUniqueOrThrow({ ...query, where: { id: p.organizationId } }),
    }),
  }),
});

builder.mutationField("updateOrganizationSettings", (t) =>
  t.field({
    type: UpdateOrganizationSettingsPayload,
    description: "Change the current organisation's settings (organisation admins); fields left out stay as they are",
    args: { input: t.arg({ type: UpdateOrganizationSettingsInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const updated = await updateOrganizationSettings(ctx, {
        name: input.name ?? undefined,
        privacyPolicy: input.privacyPolicy ?? undefined,
        surveyAppearance: input.surveyAppearance ?? undefined,
        satisfactionScale: input.satisfactionScale ?? undefined,
        timeZone: input.timeZone ?? undefined,
      });
      return { organizationId: updated.id };
    },
  }),
);
