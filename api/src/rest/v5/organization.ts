// /api/v5/organization: the caller's own organisation's settings and logo (spec 000 §7
// "Organisation", §2 settings sections). The upload path is ours (spec 000 §7 "Uploads": not shown).
import { z } from "zod";
import type {} from "@fastify/multipart"; // request.file() and request.isMultipart()
import { defineRoute, fileResponse } from "./route.js";
import { badInput } from "../../domain/errors.js";
import { buttonStyles, surveyFonts } from "@feedback/shared/organization-settings";
import { getOrganizationSettings, updateOrganizationSettings, type OrganizationSettings } from "../../domain/organization/settings.js";
import { deleteLogo, getLogo, logoMaxBytes, logoMessages, uploadLogo } from "../../domain/organization/logo.js";

const objectId = z.string().describe("24 hexadecimal characters");

const appearanceShape = z.object({
  primaryColor: z.string().describe("#rrggbb: buttons and highlights"),
  backgroundColor: z.string().describe("#rrggbb"),
  textColor: z.string().describe("#rrggbb; contrast with the background at least 4.5:1"),
  font: z.enum(surveyFonts),
  buttonStyle: z.enum(buttonStyles),
});
const scaleShape = z.object({ enabled: z.boolean(), min: z.number().int(), max: z.number().int() });

const organizationShape = z
  .object({
    _id: objectId,
    name: z.string(),
    privacyPolicy: z.string().nullable(),
    surveyAppearance: appearanceShape,
    satisfactionScale: scaleShape,
    timeZone: z.string().describe("IANA name: the zone of scheduled and recurring launches"),
    logo: z.object({ contentType: z.string(), updatedAt: z.string(), url: z.string() }).nullable(),
    availableFeatures: z.array(z.string()),
  })
  .meta({ id: "Organization" });

const toJson = (o: OrganizationSettings): z.input<typeof organizationShape> => ({
  _id: o.id,
  name: o.name,
  privacyPolicy: o.privacyPolicy,
  surveyAppearance: o.surveyAppearance,
  satisfactionScale: o.satisfactionScale,
  timeZone: o.timeZone,
  logo: o.logo && {
    contentType: o.logo.contentType,
    updatedAt: o.logo.updatedAt.toISOString(),
    url: `/api/v5/organization/logo?v=${o.logo.updatedAt.getTime()}`,
  },
  availableFeatures: o.availableFeatures,
});

export const organizationRoutes = [
  defineRoute({
    method: "GET",
    path: "/organization",
    tag: "Organisation",
    summary: "The caller's current organisation: name, privacy policy, survey appearance, satisfaction scale, logo, features",
    auth: "bearer",
    response: organizationShape,
    handler: async ({ ctx }) => toJson(await getOrganizationSettings(ctx)),
  }),
  defineRoute({
    method: "PUT",
    path: "/organization",
    tag: "Organisation",
    summary: "Change the current organisation's settings (organisation admins; survey appearance needs its feature). Fields left out stay as they are",
    auth: "bearer",
    body: z
      .object({
        _id: z.string().optional().describe("ignored: always the caller's current organisation"),
        name: z.unknown().optional(),
        privacyPolicy: z.unknown().optional(),
        surveyAppearance: z.unknown().optional(),
        satisfactionScale: z.unknown().optional(),
        timeZone: z.unknown().optional(),
      })
      .strict(),
    response: organizationShape.extend({ message: z.string() }),
    handler: async ({ ctx, body }) => {
      const { _id: _ignored, ...update } = body;
      const updated = await updateOrganizationSettings(ctx, update as never);
      return { ...toJson(updated), message: "organization details updated" };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/organization/logo",
    tag: "Organisation",
    summary: "The current organisation's logo image (any signed-in member); 404 when there is none",
    auth: "bearer",
    response: fileResponse(["image/png", "image/jpeg", "image/svg+xml", "image/webp"], "The logo image, in the format it was uploaded in"),
    handler: async ({ ctx, reply }) => {
      const logo = await getLogo(ctx);
      reply
        .header("content-type", logo.contentType)
        .header("cache-control", "private, max-age=300")
        .header("x-content-type-options", "nosniff")
        // An SVG opened on its own runs nothing and loads nothing.
        .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox");
      return Buffer.from(logo.data);
    },
  }),
  defineRoute({
    method: "POST",
    path: "/organization/logo",
    tag: "Organisation",
    summary: `Upload the logo as multipart/form-data, field 'file': PNG, JPEG, SVG or WebP (recognised by content), at most ${logoMaxBytes} bytes. Organisation admins; needs the organizationLogo feature`,
    auth: "bearer",
    upload: { field: "file", description: `the image: PNG, JPEG, SVG or WebP, at most ${logoMaxBytes} bytes` },
    status: 201,
    response: z.object({ status: z.literal("ok"), contentType: z.string(), size: z.number(), url: z.string(), message: z.string() }),
    handler: async ({ ctx, request }) => {
      if (!request.isMultipart()) throw badInput(logoMessages.missing, "file");
      const part = await request.file();
      const data = part ? await part.toBuffer() : null;
      const saved = await uploadLogo(ctx, { data, truncated: part?.file.truncated });
      return {
        status: "ok" as const,
        contentType: saved.contentType,
        size: saved.size,
        url: `/api/v5/organization/logo?v=${saved.updatedAt.getTime()}`,
        message: logoMessages.saved,
      };
    },
  }),
  defineRoute({
    method: "DELETE",
    path: "/organization/logo",
    tag: "Organisation",
    summary: "Remove the current organisation's logo (organisation admins)",
    auth: "bearer",
    response: z.object({ status: z.literal("ok"), message: z.string() }),
    handler: async ({ ctx }) => {
      await deleteLogo(ctx);
      return { status: "ok" as const, message: logoMessages.deleted };
    },
  }),
];
