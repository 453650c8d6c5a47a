// Share links (spec 001 §2 "sharing by public link", §3 "Share token options", §7 POST
// /results/token/create and GET /results/token/{token}): a member makes a link to the results with
// chosen filters and options; anyone holding it sees those results without signing in, until it
// expires or is removed. docs/sharing-and-exports.md lists the choices.
//
// - The token (256 random bits) is shown once, in the answer to create; only its SHA-256 is stored.
// - A link never shows more than its creator sees: a member who does not see the whole organisation
//   shares one of their teams (filters.unitId, set to their only team when they hold one, otherwise
//   they must choose), and the link stops working when the creator leaves the organisation.
// - The creator lists and removes their own links; organisation admins list and remove every link
//   of the organisation. Anyone else's id: "Share link not found".
import { z } from "zod";
import type { DomainContext } from "../context.js";
import { badInput, forbidden, notFound } from "../errors.js";
import { objectIdSchema, parseInput } from "../validation.js";
import { requireOrganization } from "../viewer.js";
import { tenantDb } from "../tenancy.js";
import { anyUnitHasRight } from "../../permissions/rights.js";
import { parseResultsFilters, slashDate, localMidnight, parseDay } from "../results-scope/filters.js";
import { linkFilterMessages, shareFiltersBoundToCreator } from "../results-scope/link-filters.js";
import { generateShareToken } from "../results-scope/share-token.js";
import { requireShareLinkOpen } from "../../permissions/locked.js";
import { allowChangeKeys, internalPrintMarker, loadShareLink, shareScopeOf, type ShareFilters, type ShareOptions } from "../results-scope/share-link.js";
import { shareLinkOf } from "../results-scope/caller.js";
import { removeExportFilesOfLink } from "../exports/jobs.js";

export const shareLinkMessages = {
  created: "Share link created",
  removed: "Share link removed",
  notFound: "Share link not found",
  noRights: "You do not have the rights to share results",
  /** journeyMessages.notFound (domain/journeys), repeated here to keep the modules apart */
  journeyNotFound: "Customer journey not found",
  expiredInPast: "The expiry date must be in the future",
  invalidExpiry: "expiredAt must be a date (yyyy-MM-dd) or a date and time (ISO 8601)",
  unknownAllowChange: (entry: string) => `Unknown allowChanges entry '${entry.slice(0, 60)}'. Use: ${Object.keys(allowChangeKeys).join(", ")}`,
  chooseTeam: linkFilterMessages.chooseTeam,
  teamNotVisible: linkFilterMessages.teamNotVisible,
  invalidSmileyScale: "smileyScale must be a number of smileys (2 to 10) or { min, max } with 0 ≤ min < max ≤ 10",
} as const;

/** The options of spec 001 §3 "Share token options" (all optional). */
export const shareOptionsSchema = z.object({
  allowChanges: z
    .array(z.string({ message: "allowChanges must be a list of filter names" }))
    .max(50)
    .optional()
    .superRefine((entries, issue) => {
      for (const entry of entries ?? []) {
        if (!(entry in allowChangeKeys)) issue.addIssue({ code: "custom", message: shareLinkMessages.unknownAllowChange(entry) });
      }
    }),
  dynamicDate: z.boolean({ message: "dynamicDate must be true or false" }).optional(),
  name: z.string({ message: "name must be a text" }).trim().max(100, "Must be at most 100 characters").optional(),
  expiredAt: z.string({ message: shareLinkMessages.invalidExpiry }).trim().nullish(),
  hideTimestamps: z.boolean({ message: "hideTimestamps must be true or false" }).optional(),
  hideResultsIfLessThan: z
    .number({ message: "hideResultsIfLessThan must be a whole number" })
    .int("hideResultsIfLessThan must be a whole number")
    .min(0, "hideResultsIfLessThan must not be negative")
    .max(100_000, "hideResultsIfLessThan can be at most 100000")
    .nullish(),
  smileyScale: z
    .union(
      [
        z
          .number({ message: shareLinkMessages.invalidSmileyScale })
          .int(shareLinkMessages.invalidSmileyScale)
          .min(2, shareLinkMessages.invalidSmileyScale)
          .max(10, shareLinkMessages.invalidSmileyScale),
        z
          .strictObject({ min: z.number().int().min(0).max(10), max: z.number().int().min(0).max(10) }, { message: shareLinkMessages.invalidSmileyScale })
          .refine((s) => s.min < s.max, shareLinkMessages.invalidSmileyScale),
      ],
      { message: shareLinkMessages.invalidSmileyScale },
    )
    .nullish(),
});
export type ShareOptionsInput = z.input<typeof shareOptionsSchema>;

export type CreateShareLinkInput = ShareOptionsInput & {
  filters?: unknown;
  /** A customer journey's link: it then opens that journey only (a journey of the caller's organisation). */
  journeyId?: unknown;
};

export type ShareLinkSummary = {
  id: string;
  name: string;
  filters: ShareFilters;
  allowChanges: string[];
  dynamicDate: boolean;
  expiredAt: Date | null;
  expired: boolean;
  hideTimestamps: boolean;
  hideResultsIfLessThan: number | null;
  smileyScale: unknown;
  createdAt: Date;
  createdByUserId: string | null;
  createdByName: string | null;
};

type ShareRow = {
  id: string;
  name: string;
  filters: unknown;
  allowChanges: string[];
  dynamicDate: boolean;
  expiredAt: Date | null;
  hideTimestamps: boolean;
  hideResultsIfLessThan: number | null;
  smileyScale: unknown;
  createdAt: Date;
  createdByUserId: string | null;
  createdBy: { displayName: string; email: string } | null;
};

const select = {
  id: true,
  name: true,
  filters: true,
  allowChanges: true,
  dynamicDate: true,
  expiredAt: true,
  hideTimestamps: true,
  hideResultsIfLessThan: true,
  smileyScale: true,
  createdAt: true,
  createdByUserId: true,
  createdBy: { select: { displayName: true, email: true } },
} as const;

const toSummary = (row: ShareRow, now = new Date()): ShareLinkSummary => ({
  id: row.id,
  name: row.name,
  filters: (row.filters ?? {}) as ShareFilters,
  allowChanges: row.allowChanges ?? [],
  dynamicDate: row.dynamicDate,
  expiredAt: row.expiredAt,
  expired: !!row.expiredAt && row.expiredAt.getTime() <= now.getTime(),
  hideTimestamps: row.hideTimestamps,
  hideResultsIfLessThan: row.hideResultsIfLessThan,
  smileyScale: row.smileyScale ?? null,
  createdAt: row.createdAt,
  createdByUserId: row.createdByUserId,
  createdByName: row.createdBy ? row.createdBy.displayName || row.createdBy.email : null,
});

/** The address a link opens: the results page with the token (the web route allows tokens there). */
export const shareLinkUrl = (publicUrl: string, token: string) => `${publicUrl}/results?token=${encodeURIComponent(token)}`;

/** expiredAt: a day (the link stops at that day's start, in the filters' utcOffset) or an instant. */
function parseExpiry(value: string, utcOffset: number): Date {
  if (/^\d{4}[-/]\d{2}[-/]\d{2}$/.test(value)) {
    const parts = parseDay(value);
    if (!parts) throw badInput(shareLinkMessages.invalidExpiry, "expiredAt");
    return localMidnight(Date.UTC(parts[0], parts[1] - 1, parts[2]) / 86_400_000, utcOffset);
  }
  const at = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(at.getTime())) throw badInput(shareLinkMessages.invalidExpiry, "expiredAt");
  return at;
}

/** The caller may share results: viewResults somewhere, or organisation admin. */
function requireMayShare(ctx: DomainContext) {
  const o = requireOrganization(ctx.viewer);
  if (!o.viewer.organizationAdmin && !anyUnitHasRight(o.viewer.grants, "viewResults")) throw forbidden(shareLinkMessages.noRights);
  return o;
}

/** Creates a link; the answer is the only place its token is ever seen. */
export async function createShareLink(ctx: DomainContext, input: CreateShareLinkInput): Promise<{ token: string; url: string; link: ShareLinkSummary }> {
  const { viewer, organizationId } = requireMayShare(ctx);
  const options = parseInput(shareOptionsSchema, {
    allowChanges: input.allowChanges,
    dynamicDate: input.dynamicDate,
    name: input.name,
    expiredAt: input.expiredAt,
    hideTimestamps: input.hideTimestamps,
    hideResultsIfLessThan: input.hideResultsIfLessThan,
    smileyScale: input.smileyScale,
  });
  const rawFilters = input.filters ?? {};
  // The same parse every analytics call applies: unknown filters and bad ranges are refused here.
  const parsed = parseResultsFilters(rawFilters);
  const filters = await shareFiltersBoundToCreator(ctx, { ...(rawFilters as Record<string, unknown>) });
  const expiredAt = options.expiredAt ? parseExpiry(options.expiredAt, parsed.utcOffset) : null;
  if (expiredAt && expiredAt.getTime() <= Date.now()) throw badInput(shareLinkMessages.expiredInPast, "expiredAt");
  // A journey's link is bound to the journey (its analytics open only that journey): one of the
  // caller's organisation, else "Customer journey not found" as if it did not exist.
  let journeyId: string | null = null;
  if (input.journeyId !== undefined && input.journeyId !== null) {
    journeyId = parseInput(objectIdSchema, input.journeyId);
    const journey = await tenantDb(ctx).customerJourney.findFirst({ where: { id: journeyId }, select: { id: true } });
    if (!journey) throw notFound(shareLinkMessages.journeyNotFound);
  }

  const { token, tokenHash } = generateShareToken();
  const row = await tenantDb(ctx).shareToken.create({
    data: {
      organizationId,
      createdByUserId: viewer.userId,
      token: tokenHash,
      name: options.name ?? "",
      filters: filters as object,
      allowChanges: [...new Set(options.allowChanges ?? [])],
      dynamicDate: options.dynamicDate ?? false,
      expiredAt,
      hideTimestamps: options.hideTimestamps ?? false,
      hideResultsIfLessThan: options.hideResultsIfLessThan ?? null,
      smileyScale: (options.smileyScale ?? undefined) as object | undefined,
      journeyId,
    },
    select,
  });
  return { token, url: shareLinkUrl(ctx.config.publicUrl, token), link: toSummary(row) };
}

/** Links the caller may manage (tenantDb: in their organisation): their own; every link of the organisation for organisation admins. */
function manageable(ctx: DomainContext) {
  const { viewer } = requireOrganization(ctx.viewer);
  return viewer.organizationAdmin ? {} : { createdByUserId: viewer.userId };
}

/** The PDF printer's own short-lived links (domain/exports/pdf.ts) are not people's links. */
const isInternal = (row: { allowChanges: string[] | null }) => (row.allowChanges ?? []).includes(internalPrintMarker);

export async function listShareLinks(ctx: DomainContext): Promise<ShareLinkSummary[]> {
  const rows = await tenantDb(ctx).shareToken.findMany({ where: manageable(ctx), select, orderBy: [{ createdAt: "desc" }, { id: "asc" }], take: 500 });
  const now = new Date();
  return rows.filter((r) => !isInternal(r)).map((r) => toSummary(r, now));
}

/** Removes a link: it stops working at once. */
export async function revokeShareLink(ctx: DomainContext, id: string): Promise<{ id: string }> {
  const where = manageable(ctx);
  const row = objectIdSchema.safeParse(id).success
    ? await tenantDb(ctx).shareToken.findFirst({ where: { id, ...where }, select: { id: true, allowChanges: true } })
    : null;
  if (!row || isInternal(row)) throw notFound(shareLinkMessages.notFound);
  // Files visitors exported through the link go with it (their jobs are removed with the link).
  await removeExportFilesOfLink(ctx.prisma, row.id);
  await tenantDb(ctx).shareToken.deleteMany({ where: { id: row.id, ...where } });
  return { id };
}

export type SharedViewDefaults = {
  /** yyyy/MM/dd (spec 001 §7: dates are received with slashes). */
  from: string;
  to: string;
  allowChanges: string[];
  filters: ShareFilters;
  options: ShareOptions;
  organizationId: string;
  /** The link's creator: a visitor acts with their rights (exports). */
  createdByUserId: string;
  expiredAt: Date | null;
};

/**
 * GET /results/token/{token}: the link's window (moved when dynamicDate), what the visitor may
 * change and the display options. Unknown, tampered, removed or expired tokens: the scope's errors.
 */
export async function sharedViewDefaults(
  ctx: Pick<DomainContext, "prisma" | "config" | "shareLinks">,
  token: string,
  opts: { utcOffset?: number; now?: Date } = {},
): Promise<SharedViewDefaults> {
  const visitor = opts.utcOffset !== undefined ? { utcOffset: opts.utcOffset } : undefined;
  // The request's lookup of the token (the permission rule made it already); a given `now` (tests) reads afresh.
  const link = opts.now ? await loadShareLink(ctx.prisma, token, { now: opts.now }) : await shareLinkOf(ctx, token);
  if (opts.now) await requireShareLinkOpen(ctx, link.organizationId, opts.now);
  const scope = shareScopeOf(link, visitor);
  const parsed = parseResultsFilters(scope.filters, { now: opts.now });
  return {
    from: slashDate(parsed.fromDay),
    to: slashDate(parsed.toDay),
    allowChanges: scope.options.allowChanges,
    filters: scope.filters,
    options: scope.options,
    organizationId: scope.organizationId,
    createdByUserId: scope.createdByUserId,
    expiredAt: scope.expiredAt,
  };
}
