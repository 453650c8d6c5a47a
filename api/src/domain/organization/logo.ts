// The organisation's logo (spec 000 §2 /settings/logo): PNG, JPEG, SVG or WebP, recognised by its
// content (magic bytes; an SVG by its root element), at most 1 MB, stored in OrganizationLogo and
// served to signed-in members of that organisation. Uploading needs the plan's organizationLogo
// feature and an organisation admin; deleting needs an admin only.
import createDOMPurify, { type DOMPurify, type WindowLike } from "dompurify";
import { JSDOM } from "jsdom";
import type { DomainContext } from "../context.js";
import { badInput, notFound } from "../errors.js";
import { requireFeature } from "../features/features.js";
import { requireOrganization } from "../viewer.js";
import { requireOrganizationAdmin } from "./settings.js";
import { logoMaxBytes, type LogoType } from "@feedback/shared/organization-settings";

export { logoMaxBytes };

export const logoMessages = {
  missing: "Choose an image file to upload",
  wrongType: "The logo must be a PNG, JPEG, SVG or WebP image",
  tooLarge: "The logo must be at most 1 MB",
  unsafeSvg: "The SVG image contains scripts or links to other content, which logos may not have",
  none: "No logo",
  saved: "saved",
  deleted: "deleted",
} as const;

const startsWith = (data: Uint8Array, bytes: number[], offset = 0) => bytes.every((b, i) => data[offset + i] === b);

/** The image type from the content itself; null when it is none of the four. */
export function detectLogoType(data: Uint8Array): LogoType | null {
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(data, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(data, [0x52, 0x49, 0x46, 0x46]) && startsWith(data, [0x57, 0x45, 0x42, 0x50], 8)) return "image/webp";
  const head = Buffer.from(data.subarray(0, 4096))
    .toString("utf8")
    .replace(/^\uFEFF/, "");
  // Optional XML declaration, comments and doctype, then the <svg> root element.
  if (/^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE\s+svg[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>/]/i.test(head)) {
    return "image/svg+xml";
  }
  return null;
}

// SVG logos are sanitised with DOMPurify (a maintained sanitiser, run here over jsdom) in its SVG
// profile: scripts, event handlers, foreignObject, <set>/<animate> (they can rewrite
// attributes such as href), and references to anything outside the image (href other than "#id" or
// embedded raster data, CSS url() and @import) are removed. When the sanitiser had to remove active
// content the upload is refused with a clear message (nothing is stored); harmless leftovers of
// editors (Inkscape metadata and the like) are dropped silently and the cleaned image is stored.
// The stored image is sanitised again whenever it is served (logos stored before this check).
// docs/decisions.md "SVG logos".

const svgNamespace = "http://www.w3.org/2000/svg";
const localReference = /^\s*(#|data:image\/(png|jpeg|gif|webp);)/i;
const externalCss = /@import|url\(\s*(?!['"]?\s*#)/i;
/** Elements whose removal means the image tried to run or load something. */
const activeElements = new Set(["script", "foreignobject", "set", "animate", "iframe", "object", "embed", "handler", "listener", "a", "style"]);

let purifier: DOMPurify | undefined;
/** Set by the hook below when it removes a <style> (DOMPurify's own list does not record that). */
let removedExternalStyle = false;
function svgPurifier(): DOMPurify {
  if (purifier) return purifier;
  const { window } = new JSDOM("");
  const p = createDOMPurify(window as unknown as WindowLike);
  p.addHook("uponSanitizeAttribute", (_node, data) => {
    const name = data.attrName.toLowerCase();
    if ((name === "href" || name === "xlink:href") && !localReference.test(data.attrValue)) data.keepAttr = false;
    if (name === "style" && externalCss.test(data.attrValue)) data.keepAttr = false;
  });
  p.addHook("uponSanitizeElement", (node, data) => {
    // A <style> with external references goes whole (it is then reported as active content).
    if (data.tagName === "style" && externalCss.test(node.textContent ?? "")) {
      node.parentNode?.removeChild(node);
      removedExternalStyle = true;
    }
  });
  return (purifier = p);
}

export type SanitizedSvg = { svg: Buffer; removedActiveContent: boolean } | null;

/** The SVG with everything active removed, and whether anything active was there; null when it is not a usable SVG. */
export function sanitizeSvg(data: Uint8Array): SanitizedSvg {
  let text = Buffer.from(data)
    .toString("utf8")
    .replace(/^\uFEFF/, "");
  // The XML declaration and a plain doctype (editors write them) go; a doctype with an internal
  // subset (entities) is active content.
  text = text.replace(/^\s*<\?xml[^>]*\?>/, "").replace(/<!--[\s\S]*?-->/g, "");
  if (/<!DOCTYPE[^>]*\[/i.test(text) || /<!ENTITY/i.test(text)) return { svg: Buffer.alloc(0), removedActiveContent: true };
  text = text.replace(/<!DOCTYPE[^>]*>/gi, "");
  const p = svgPurifier();
  removedExternalStyle = false;
  const clean = p.sanitize(text, {
    USE_PROFILES: { svg: true, svgFilters: true },
    // <use> is safe here: the hook keeps only references inside the image.
    ADD_TAGS: ["use"],
    FORBID_TAGS: ["a", "set", "animate", "foreignObject"],
    RETURN_TRUSTED_TYPE: false,
  }) as string;
  const removedActiveContent =
    removedExternalStyle ||
    p.removed.some((item) => {
      if ("attribute" in item && item.attribute) {
        const name = item.attribute.name.toLowerCase();
        return name.startsWith("on") || name === "href" || name === "xlink:href" || name === "style";
      }
      const element = (item as { element?: { nodeName?: string } }).element;
      return activeElements.has((element?.nodeName ?? "").toLowerCase());
    });
  const svg = asSvgFile(clean.trim());
  if (!svg) return removedActiveContent ? { svg: Buffer.alloc(0), removedActiveContent } : null;
  return { svg: Buffer.from(svg, "utf8"), removedActiveContent };
}

/**
 * The sanitiser's output (the HTML serialisation of the <svg> element) as a standalone SVG file:
 * the root declares its namespaces (a browser renders an SVG file only with them) and HTML's named
 * entities, which XML does not know, are written as numbers. Null when the output is not an <svg>.
 */
function asSvgFile(markup: string): string | null {
  const root = /^<svg\b[^>]*>/i.exec(markup);
  if (!root) return null;
  let tag = root[0];
  if (!/\sxmlns\s*=/.test(tag)) tag = tag.replace(/^<svg/i, `<svg xmlns="${svgNamespace}"`);
  if (/xlink:/.test(markup) && !/\sxmlns:xlink\s*=/.test(tag)) tag = tag.replace(/^<svg/i, `<svg xmlns:xlink="http://www.w3.org/1999/xlink"`);
  return (tag + markup.slice(root[0].length)).replace(/&nbsp;/g, "&#160;");
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
  // An SVG is cleaned (DOMPurify); one that carried active content is refused (docs/decisions.md).
  if (contentType === "image/svg+xml") {
    const sanitized = sanitizeSvg(file.data);
    if (sanitized?.removedActiveContent) throw badInput(logoMessages.unsafeSvg, "file");
    if (!sanitized) throw badInput(logoMessages.wrongType, "file");
    return { contentType, data: Buffer.from(sanitized.svg) };
  }
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
  if (logo.contentType === "image/svg+xml") {
    return { contentType: logo.contentType, data: sanitizeSvg(logo.data)?.svg ?? Buffer.alloc(0), updatedAt: logo.updatedAt };
  }
  return { contentType: logo.contentType, data: logo.data, updatedAt: logo.updatedAt };
}

export async function deleteLogo(ctx: DomainContext): Promise<void> {
  const { organizationId } = requireOrganizationAdmin(ctx);
  const { count } = await ctx.prisma.organizationLogo.deleteMany({ where: { organizationId } });
  if (count === 0) throw notFound(logoMessages.none);
  await ctx.prisma.organization.update({ where: { id: organizationId }, data: { logoUrl: null } });
}
