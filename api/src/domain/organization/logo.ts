// The organisation's logo (spec 000 §2 /settings/logo): PNG, JPEG, SVG or WebP, recognised by its
// content (magic bytes; an SVG by its root element), at most 1 MB, stored in OrganizationLogo and
// served to signed-in members of that organisation. Uploading needs the plan's organizationLogo
// feature and an organisation admin; deleting needs an admin only.
import type { DomainContext } from "../context.js";
import { badInput, notFound } from "../errors.js";
import { requireFeature } from "../features/features.js";
import { requireOrganization } from "../viewer.js";
import { requireOrganizationAdmin } from "./settings.js";

export const logoMaxBytes = 1_048_576;

export const logoMessages = {
  missing: "Choose an image file to upload",
  wrongType: "The logo must be a PNG, JPEG, SVG or WebP image",
  tooLarge: "The logo must be at most 1 MB",
  unsafeSvg: "The SVG image contains scripts or links to other content, which logos may not have",
  none: "No logo",
  saved: "saved",
  deleted: "deleted",
} as const;

export type LogoType = "image/png" | "image/jpeg" | "image/webp" | "image/svg+xml";

const startsWith = (data: Uint8Array, bytes: number[], offset = 0) => bytes.every((b, i) => data[offset + i] === b);

/** The image type from the content itself; null when it is none of the four. */
export function detectLogoType(data: Uint8Array): LogoType | null {
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(data, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(data, [0x52, 0x49, 0x46, 0x46]) && startsWith(data, [0x57, 0x45, 0x42, 0x50], 8)) return "image/webp";
  const head = Buffer.from(data.subarray(0, 4096)).toString("utf8").replace(/^\uFEFF/, "");
  // Optional XML declaration, comments and doctype, then the <svg> root element.
  if (/^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE\s+svg[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>/]/i.test(head)) {
    return "image/svg+xml";
  }
  return null;
}

/** An SVG that could run code or pull other content when opened on its own. */
export function isUnsafeSvg(data: Uint8Array): boolean {
  const text = Buffer.from(data).toString("utf8");
  return /<script|<foreignObject|\son[a-z]+\s*=|javascript:|<!ENTITY|(?:xlink:)?href\s*=\s*["']\s*(?!#|data:image\/)/i.test(text);
}

/**
 * The checks every uploaded logo passes (the organisation's and a terminal's): present, at most 1 MB,
 * one of the four image types by its content, and an SVG without active content.
 */
export function checkLogoImage(file: { data: Uint8Array | null; truncated?: boolean }): { contentType: LogoType; data: Buffer<ArrayBuffer> } {
  if (!file.data || file.data.length === 0) throw badInput(logoMessages.missing, "file");
  if (file.truncated || file.data.length > logoMaxBytes) throw badInput(logoMessages.tooLarge, "file");
  const contentType = detectLogoType(file.data);
  if (!contentType) throw badInput(logoMessages.wrongType, "file");
  if (contentType === "image/svg+xml" && isUnsafeSvg(file.data)) throw badInput(logoMessages.unsafeSvg, "file");
  return { contentType, data: Buffer.from(file.data) };
}

export async function uploadLogo(
  ctx: DomainContext,
  file: { data: Uint8Array | null; truncated?: boolean },
): Promise<{ contentType: LogoType; size: number; updatedAt: Date }> {
  const { organizationId } = requireOrganizationAdmin(ctx);
  await requireFeature(ctx, "organizationLogo");
  const { contentType, data } = checkLogoImage(file);
  const logo = await ctx.prisma.$transaction(async (tx) => {
    const saved = await tx.organizationLogo.upsert({
      where: { organizationId },
      create: { organizationId, contentType, data },
      update: { contentType, data },
      select: { updatedAt: true },
    });
    await tx.organization.update({
      where: { id: organizationId },
      data: { logoUrl: `/api/v5/organization/logo?v=${saved.updatedAt.getTime()}` },
    });
    return saved;
  });
  return { contentType, size: data.length, updatedAt: logo.updatedAt };
}

/** The current organisation's logo for any signed-in member. */
export async function getLogo(ctx: DomainContext): Promise<{ contentType: string; data: Uint8Array; updatedAt: Date }> {
  const { organizationId } = requireOrganization(ctx.viewer);
  const logo = await ctx.prisma.organizationLogo.findUnique({ where: { organizationId } });
  if (!logo) throw notFound(logoMessages.none);
  return { contentType: logo.contentType, data: logo.data, updatedAt: logo.updatedAt };
}

export async function deleteLogo(ctx: DomainContext): Promise<void> {
  const { organizationId } = requireOrganizationAdmin(ctx);
  const { count } = await ctx.prisma.organizationLogo.deleteMany({ where: { organizationId } });
  if (count === 0) throw notFound(logoMessages.none);
  await ctx.prisma.organization.update({ where: { id: organizationId }, data: { logoUrl: null } });
}
