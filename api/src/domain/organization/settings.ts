// The organisation's own settings (spec 000 §2 "Organisation settings sections", §7 GET/PUT
// /organization): name, privacy policy, survey appearance and the satisfaction scale. Every member
// may read them; only organisation admins may change them. Survey appearance needs the plan's
// surveyAppearance feature. docs/organization-settings.md describes the choices.
import { z } from "zod";
import type { DomainContext } from "../context.js";
import { forbidden } from "../errors.js";
import { requireFeature } from "../features/features.js";
import { messages, parseInput } from "../validation.js";
import { requireOrganization } from "../viewer.js";

export const surveyFonts = ["system", "sans", "serif", "rounded"] as const;
export const buttonStyles = ["rounded", "square", "pill"] as const;

export type SurveyAppearance = {
  primaryColor: string;
  backgroundColor: string;
  textColor: string;
  font: (typeof surveyFonts)[number];
  buttonStyle: (typeof buttonStyles)[number];
};

export const defaultSurveyAppearance: SurveyAppearance = {
  primaryColor: "#2563eb",
  backgroundColor: "#ffffff",
  textColor: "#1f2937",
  font: "system",
  buttonStyle: "rounded",
};

/** Spec 000 §9: disabled, 1 to 5. */
export const defaultSatisfactionScale = { enabled: false, min: 1, max: 5 } as const;
export const satisfactionScaleBounds = { lowest: 0, highest: 10 } as const;
export const minimumContrast = 4.5;

export const settingsMessages = {
  onlyAdmins: "Only organisation admins can change the organisation's settings",
  nameRequired: "The organisation name is required",
  color: "Colours are hex codes such as #1a2b3c",
  font: `The font must be one of ${surveyFonts.join(", ")}`,
  buttonStyle: `The button style must be one of ${buttonStyles.join(", ")}`,
  contrast: "The text and background colours need a contrast ratio of at least 4.5:1",
  scaleWhole: `Scale values are whole numbers from ${satisfactionScaleBounds.lowest} to ${satisfactionScaleBounds.highest}`,
  scaleOrder: "The minimum must be smaller than the maximum",
  enabledBoolean: "enabled must be true or false",
  updated: "organization details updated",
} as const;

/** WCAG 2 contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

const color = z
  .string({ message: settingsMessages.color })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, settingsMessages.color)
  .transform((c) => c.toLowerCase());

const appearanceSchema = z
  .object({
    primaryColor: color,
    backgroundColor: color,
    textColor: color,
    font: z.enum(surveyFonts, { message: settingsMessages.font }),
    buttonStyle: z.enum(buttonStyles, { message: settingsMessages.buttonStyle }),
  })
  .strict()
  .refine((a) => contrastRatio(a.textColor, a.backgroundColor) >= minimumContrast, {
    message: settingsMessages.contrast,
    path: ["textColor"],
  });

const scaleValue = z
  .number({ message: settingsMessages.scaleWhole })
  .int(settingsMessages.scaleWhole)
  .min(satisfactionScaleBounds.lowest, settingsMessages.scaleWhole)
  .max(satisfactionScaleBounds.highest, settingsMessages.scaleWhole);

const scaleSchema = z
  .object({ enabled: z.boolean({ message: settingsMessages.enabledBoolean }), min: scaleValue, max: scaleValue })
  .strict()
  .refine((s) => s.min < s.max, { message: settingsMessages.scaleOrder, path: ["min"] });

export const settingsUpdateSchema = z
  .object({
    name: z.string({ message: settingsMessages.nameRequired }).trim().min(1, settingsMessages.nameRequired).max(100, messages.maxLength(100)).optional(),
    /** Plain text shown with surveys; an empty text removes it. */
    privacyPolicy: z.string({ message: "privacyPolicy must be a text" }).max(10_000, messages.maxLength(10_000)).nullable().optional(),
    surveyAppearance: appearanceSchema.optional(),
    satisfactionScale: scaleSchema.optional(),
  })
  .strict();

export type SettingsUpdate = z.input<typeof settingsUpdateSchema>;

export type OrganizationSettings = {
  id: string;
  name: string;
  privacyPolicy: string | null;
  surveyAppearance: SurveyAppearance;
  satisfactionScale: { enabled: boolean; min: number; max: number };
  logo: { contentType: string; updatedAt: Date } | null;
  availableFeatures: string[];
};

/** The stored appearance with defaults for anything missing or malformed. */
export function readSurveyAppearance(stored: unknown): SurveyAppearance {
  const merged = { ...defaultSurveyAppearance, ...(stored && typeof stored === "object" ? stored : {}) };
  const parsed = appearanceSchema.safeParse(merged);
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
    },
  });
  return getOrganizationSettings(ctx);
}
