// GET /location (spec 000 §7; what it answers is not shown). Our design: the caller's country code
// for formats (dates are US style for US and CA, spec 000 §9) and defaults such as phone prefixes.
// In order: the user's own country, their current organisation's, the region of the first
// Accept-Language entry that has one, else FI (the platform's default organisation country).
// No address lookup of the IP: nothing leaves the server and nothing is guessed from the network.
import type { DomainContext } from "../context.js";
import { requireViewer } from "../viewer.js";

export type Location = {
  countryCode: string;
  source: "user" | "organization" | "acceptLanguage" | "default";
  /** The first interface language (en, es, fi) Accept-Language asks for; null when none. */
  language: "en" | "es" | "fi" | null;
};

const defaultCountryCode = "FI";

/** Parses Accept-Language by quality: [{ tag, language, region }]. */
export function parseAcceptLanguage(header: string | undefined): { language: string; region: string | null }[] {
  if (!header) return [];
  return header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((e) => /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(e.tag) && e.q > 0 && !Number.isNaN(e.q))
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((e) => {
      const [language = "", ...subtags] = e.tag.split("-");
      const region = subtags.find((s) => /^[A-Za-z]{2}$/.test(s));
      return { language: language.toLowerCase(), region: region ? region.toUpperCase() : null };
    });
}

export async function getLocation(ctx: DomainContext, acceptLanguage: string | undefined): Promise<Location> {
  const viewer = requireViewer(ctx.viewer);
  const [user, organization] = await Promise.all([
    ctx.prisma.user.findUnique({ where: { id: viewer.userId }, select: { countryCode: true } }),
    viewer.organizationId ? ctx.prisma.organization.findUnique({ where: { id: viewer.organizationId }, select: { countryCode: true } }) : null,
  ]);
  const languages = parseAcceptLanguage(acceptLanguage);
  const language = (languages.find((l) => ["en", "es", "fi"].includes(l.language))?.language ?? null) as Location["language"];
  if (user?.countryCode) return { countryCode: user.countryCode.toUpperCase(), source: "user", language };
  if (organization?.countryCode) return { countryCode: organization.countryCode.toUpperCase(), source: "organization", language };
  const region = languages.find((l) => l.region)?.region;
  if (region) return { countryCode: region, source: "acceptLanguage", language };
  return { countryCode: defaultCountryCode, source: "default", language };
}
