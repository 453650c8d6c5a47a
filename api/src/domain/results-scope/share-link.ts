// What a share link opens (spec 001 §3 "Share token options", §6 "allowChanges", §7 "token"):
// `loadShareLink` turns a token into the link (organisation, creator, filters, options), and
// `shareScopeOf` merges a visitor's allowed changes into its filters. Requests never call these
// directly: they ask results-scope/caller.ts (`callerOf`), which looks a token up once per request,
// and read responses through results-scope/request.ts, bounded by the creator's current rights.
//
// Rules (docs/sharing-and-exports.md):
// - An unknown, malformed (tampered) or removed token: 404 "This share link is invalid or has been
//   removed". An expired one (`expiredAt` passed): 410 "This share link has expired". A link whose
//   creator is no longer a member of the organisation stops working the same way as a removed one,
//   so a link never shows more than a current member chose to share.
// - The visitor's filter changes apply only to the keys the link's allowChanges lists; every other
//   key keeps the link's value, whatever the visitor sends. `utcOffset` is always the visitor's own.
// - dynamicDate: the link's from/to move with today, keeping the window's length: both are shifted by
//   the whole days between the day the link was made and today (in the filters' utcOffset).
import type { PrismaClient, ShareToken } from "../../generated/prisma/client.js";
import { DomainError, notFound } from "../errors.js";
import { hashShareToken, shareTokenPattern } from "./share-token.js";
// The merge rule is shared with the results screen (which controls a visitor may use).
import { allowChangeKeys, mergeVisitorFilters, type ShareFilters } from "@feedback/shared/share-link-filters";

export { allowChangeKeys, mergeVisitorFilters, type ShareFilters };

export type ShareOptions = {
  name: string;
  allowChanges: string[];
  dynamicDate: boolean;
  hideTimestamps: boolean;
  /** Hide a result (question, group) with fewer responses than this; null shows everything. */
  hideResultsIfLessThan: number | null;
  /** The satisfaction scale the link shows smileys on, as given when the link was made; null for the organisation's. */
  smileyScale: unknown;
};

export type ShareScope = {
  shareTokenId: string;
  organizationId: string;
  /** The member who made the link: what the link shows is bounded by what this member may see. */
  createdByUserId: string;
  /** The link's filters with the visitor's allowed changes merged in, dates moved when dynamicDate. */
  filters: ShareFilters;
  options: ShareOptions;
  expiredAt: Date | null;
  /** A customer journey's link: the one journey it opens (and no other); null for a results link. */
  journeyId: string | null;
};

export const shareMessages = {
  invalid: "This share link is invalid or has been removed",
  expired: "This share link has expired",
  journeyOnly: "This share link opens only its customer journey",
} as const;

/** In allowChanges of the PDF printer's short-lived links (domain/exports/pdf.ts): never a person's entry. */
export const internalPrintMarker = "internal:print";

const invalid = () => notFound(shareMessages.invalid);

/**
 * A link as it stands now, before any visitor's changes: its organisation, creator, filters (dates
 * moved when dynamicDate) and options. What `loadShareLink` answers; a request keeps it
 * (results-scope/caller.ts) so the token is looked up once however many fields read through it.
 */
export type ShareLink = Omit<ShareScope, "filters"> & {
  /** The link's own filters, dates moved to today when dynamicDate. */
  linkFilters: ShareFilters;
};

/**
 * The link a token opens. Throws DomainError NOT_FOUND (unknown, tampered, removed, creator no
 * longer a member) or GONE (expired).
 */
export async function loadShareLink(prisma: PrismaClient, token: string | null | undefined, opts: { now?: Date } = {}): Promise<ShareLink> {
  // A malformed token is refused before any read: nothing can match it.
  if (typeof token !== "string" || !shareTokenPattern.test(token)) throw invalid();
  const row = await prisma.shareToken.findUnique({ where: { token: hashShareToken(token) } });
  return linkOfRow(prisma, row, opts);
}

/**
 * The same, for a link known by its id (an export job started through the link resolves it again
 * when the job runs): the same refusals when it was removed, expired or its creator left.
 */
async function loadShareLinkById(prisma: PrismaClient, shareTokenId: string, opts: { now?: Date } = {}): Promise<ShareLink> {
  const row = await prisma.shareToken.findUnique({ where: { id: shareTokenId } });
  return linkOfRow(prisma, row, opts);
}

/** A link with a visitor's changes merged where its allowChanges permits (no database access). */
export function shareScopeOf(link: ShareLink, visitorFilters?: ShareFilters | null): ShareScope {
  const { linkFilters, ...rest } = link;
  return { ...rest, filters: mergeVisitorFilters(linkFilters, visitorFilters ?? undefined, link.options.allowChanges) };
}

/** The share scope of a token with the visitor's changes: loadShareLink then shareScopeOf. */
export async function resolveShareScope(
  prisma: PrismaClient,
  token: string | null | undefined,
  visitorFilters?: ShareFilters | null,
  opts: { now?: Date } = {},
): Promise<ShareScope> {
  return shareScopeOf(await loadShareLink(prisma, token, opts), visitorFilters);
}

/** The same, by the link's id. */
export async function resolveShareScopeById(
  prisma: PrismaClient,
  shareTokenId: string,
  visitorFilters?: ShareFilters | null,
  opts: { now?: Date } = {},
): Promise<ShareScope> {
  return shareScopeOf(await loadShareLinkById(prisma, shareTokenId, opts), visitorFilters);
}

async function linkOfRow(prisma: PrismaClient, row: ShareToken | null, opts: { now?: Date }): Promise<ShareLink> {
  if (!row?.createdByUserId) throw invalid();
  const now = opts.now ?? new Date();
  if (row.expiredAt && row.expiredAt.getTime() <= now.getTime()) throw new DomainError("GONE", shareMessages.expired);
  const creator = await prisma.membership.findFirst({
    where: { organizationId: row.organizationId, userId: row.createdByUserId },
    select: { userId: true },
  });
  if (!creator) throw invalid();
  const linkFilters = isRecord(row.filters) ? row.filters : {};
  return {
    shareTokenId: row.id,
    organizationId: row.organizationId,
    createdByUserId: row.createdByUserId,
    linkFilters: row.dynamicDate ? moveDates(linkFilters, row.createdAt, now) : linkFilters,
    options: {
      name: row.name,
      allowChanges: row.allowChanges ?? [],
      dynamicDate: row.dynamicDate,
      hideTimestamps: row.hideTimestamps,
      hideResultsIfLessThan: row.hideResultsIfLessThan,
      smileyScale: row.smileyScale ?? null,
    },
    expiredAt: row.expiredAt,
    journeyId: row.journeyId ?? null,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const dayMs = 86_400_000;

/** utcOffset: minutes east of UTC, as in the results filters (domain/analytics/filters.ts); 0 when absent. */
function utcOffsetMinutes(value: unknown): number {
  const n = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : 0;
  return Number.isFinite(n) ? n : 0;
}

/** The calendar day (UTC midnight of it) of an instant at a UTC offset. */
function localDay(instant: Date, offsetMinutes: number): number {
  const shifted = instant.getTime() + offsetMinutes * 60_000;
  return Math.floor(shifted / dayMs) * dayMs;
}

/** dynamicDate: from and to moved by the whole days from the link's creation day to today. */
export function moveDates(filters: ShareFilters, createdAt: Date, now: Date): ShareFilters {
  const offset = utcOffsetMinutes(filters.utcOffset);
  const shiftDays = Math.round((localDay(now, offset) - localDay(createdAt, offset)) / dayMs);
  if (shiftDays === 0) return filters;
  const moved = { ...filters };
  for (const key of ["from", "to"] as const) {
    const value = filters[key];
    if (typeof value !== "string" || !dayPattern.test(value)) continue;
    const day = Date.parse(`${value}T00:00:00Z`);
    if (Number.isNaN(day)) continue;
    moved[key] = new Date(day + shiftDays * dayMs).toISOString().slice(0, 10);
  }
  return moved;
}
