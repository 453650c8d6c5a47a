// The api's zod schemas of the survey appearance and the satisfaction scale (PUT /organization,
// updateOrganizationSettings), built on the shared rules of ./organization-settings.ts, so the
// settings forms and the api accept exactly the same values. The messages are the API's (REST
// clients read them); the forms show their own translated texts for the same problems.
import { z } from "zod";
import { buttonStyles, hasEnoughContrast, hexColorPattern, minimumContrast, satisfactionScaleBounds, surveyFonts } from "./organization-settings.js";

export const appearanceMessages = {
  color: "Colours are hex codes such as #1a2b3c",
  font: `The font must be one of ${surveyFonts.join(", ")}`,
  buttonStyle: `The button style must be one of ${buttonStyles.join(", ")}`,
  contrast: `The text and background colours need a contrast ratio of at least ${minimumContrast}:1`,
} as const;

export const scaleMessages = {
  scaleWhole: `Scale values are whole numbers from ${satisfactionScaleBounds.lowest} to ${satisfactionScaleBounds.highest}`,
  scaleOrder: "The minimum must be smaller than the maximum",
  enabledBoolean: "enabled must be true or false",
} as const;

const color = z
  .string({ message: appearanceMessages.color })
  .trim()
  .regex(hexColorPattern, appearanceMessages.color)
  .transform((c) => c.toLowerCase());

export const surveyAppearanceSchema = z
  .object({
    primaryColor: color,
    backgroundColor: color,
    textColor: color,
    font: z.enum(surveyFonts, { message: appearanceMessages.font }),
    buttonStyle: z.enum(buttonStyles, { message: appearanceMessages.buttonStyle }),
  })
  .strict()
  .refine((a) => hasEnoughContrast(a.textColor, a.backgroundColor), { message: appearanceMessages.contrast, path: ["textColor"] });

const scaleValue = z
  .number({ message: scaleMessages.scaleWhole })
  .int(scaleMessages.scaleWhole)
  .min(satisfactionScaleBounds.lowest, scaleMessages.scaleWhole)
  .max(satisfactionScaleBounds.highest, scaleMessages.scaleWhole);

export const satisfactionScaleSchema = z
  .object({ enabled: z.boolean({ message: scaleMessages.enabledBoolean }), min: scaleValue, max: scaleValue })
  .strict()
  .refine((s) => s.min < s.max, { message: scaleMessages.scaleOrder, path: ["min"] });
