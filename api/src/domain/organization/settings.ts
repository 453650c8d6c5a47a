// The organisation's own settings (spec 000 §2 "Organisation settings sections", §7 GET/PUT
// /organization): name, privacy policy, survey appearance and the satisfaction scale. Every member
// may read them; only organisation admins may change them. Survey appearance needs the plan's
// surveyAppearance feature. docs/organization-settings.md describes the choices. The appearance and
// scale rules are shared with the settings forms (@feedback/shared/organization-settings).
import { IANAZone } from "luxon";
import { z } from "zod";
import type { DomainContext } from "../context.js";
import { forbidden } from "../errors.js";
import { requireFeature } from "../features/features.js";
import { messages, parseInput } from "../validation.js";
import { requireOrganization } from "../viewer.js";
import { defaultSurveyAppearance, organizationNameMaxLength, privacyPolicyMaxLength, type SurveyAppearance } from "@feedback/shared/organization-settings";
import { appearanceMessages, satisfactionScaleSchema, scaleMessages, surveyAppearanceSchema } from "@feedback/shared/organization-settings-schema";

export const settingsMessages = {
  onlyAdmins: "Only organisation admins can change the organisation's settings",
  nameRequired: "The organisation name is required",
  ...appearanceMessages,
  ...scaleMessages,
  updated: "organization details updated",
  unknownTimeZone: (zone: string) => `Unknown time zone: ${zone}. Use an IANA name such as Europe/Helsinki`,
} as const;

const settingsUpdateSchema = z
  .object({
    name: z
      .string({ message: settingsMessages.nameRequired })
      .trim()
      .min(1, settingsMessages.nameRequired)
      .max(organizationNameMaxLength, messages.maxLength(organizationNameMaxLength))
      .optional(),
    /** Plain text shown with surveys; an empty text removes it. */
    privacyPolicy: z
      .string({ message: "privacyPolicy must be a text" })
      .max(privacyPolicyMaxLength, messages.maxLength(privacyPolicyMaxLength))
      .nullable()
      .optional(),
    surveyAppearance: surveyAppearanceSchema.optional(),
    satisfactionScale: satisfactionScaleSchema.optional(),
    /** IANA name; recurring and "later" launches without a zone of their own use it (docs/campaigns.md). */
    timeZone: z
      .string({ message: settingsMessages.unknownTimeZone("") })
      .trim()
      .superRefine((zone, ctx) => {
        if (!IANAZone.isValidZone(zone)) ctx.addIssue({ code: "custom", message: settingsMessages.unknownTimeZone(zone) });
      })
      .optional(),
  })
  .strict();

export type SettingsUpdate = z.input<typeof settingsUpdateSchema>;

export type OrganizationSettings = {
  id: string;
  name: string;
  privacyPolicy: string | null;
  surveyAppearance: SurveyAppearance;
  satisfactionScale: { enabled: boolean; min: number; max: number };
  timeZone: string;
  logo: { contentType: string; updatedAt: Date } | null;
  availableFeatures: string[];
};

/** The stored appearance with defaults for anything missing or malformed. */
export function readSurveyAppearance(stored: unknown): SurveyAppearance {
  const merged = { ...defaultSurveyAppearance, ...(stored && typeof stored === "object" ? stored : {}) };
  const parsed = surveyAppearanceSchema.safeParse(merged);
  return parsed.success ? parsed.data : defaultSurveyAppearance;
}

export async function getOrganizationSettings(ctx: DomainContext): Promise<OrganizationSettings> {
  const { organizationId } = requireOrganization(ctx.viewer);
  const o = await ctx.prisma.organization.findUniqueOrThrow({
    where: { id: organizationId },
    include: { featureSet: { select: { features: true } }, logo: { select: { contentType: true, updatedAt: true } } },
  });
  return {
    id: o.id,
    name: o.name,
    privacyPolicy: o.privacyPolicy,
    surveyAppearance: readSurveyAppearance(o.surveyAppearance),
    satisfactionScale: { enabled: o.satisfactionScaleEnabled, min: o.satisfactionScaleMin, max: o.satisfactionScaleMax },
    timeZone: o.timeZone,
    logo: o.logo,
    availableFeatures: o.featureSet?.features ?? [],
  };
}

/** Organisation admins only; the whole update is validated first, and nothing is written on a problem. */
export function requireOrganizationAdmin(ctx: DomainContext) {
  const scoped = requireOrganization(ctx.viewer);
  if (!scoped.viewer.organizationAdmin) throw forbidden(settingsMessages.onlyAdmins);
  return scoped;
}

export async function updateOrganizationSettings(ctx: DomainContext, input: SettingsUpdate): Promise<OrganizationSettings> {
  const { organizationId } = requireOrganizationAdmin(ctx);
  const update = parseInput(settingsUpdateSchema, input);
  if (update.surveyAppearance) {
    const current = await getOrganizationSettings(ctx);
    // Saving the appearance as it is (a whole-object PUT) needs no feature; changing it does.
    if (JSON.stringify(current.surveyAppearance) !== JSON.stringify(update.surveyAppearance)) {
      await requireFeature(ctx, "surveyAppearance");
    }
  }
  const privacyPolicy = update.privacyPolicy === undefined ? undefined : update.privacyPolicy?.trim() ? update.privacyPolicy.trim() : null;
  await ctx.prisma.organization.update({
    where: { id: organizationId },
    data: {
      name: update.name,
      privacyPolicy,
      surveyAppearance: update.surveyAppearance,
      satisfactionScaleEnabled: update.satisfactionScale?.enabled,
      satisfactionScaleMin: update.satisfactionScale?.min,
      satisfactionScaleMax: update.satisfactionScale?.max,
      timeZone: update.timeZone,
    },
  });
  return getOrganizationSettings(ctx);
}
