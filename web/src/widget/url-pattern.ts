// URL patterns of the page lists, the visited-URL lists and the referrer list (docs/widget.md):
// - without `*`: the pattern occurs anywhere in the URL ("/products" matches every product page);
// - with `*`: the whole pattern must match, `*` standing for any run of characters. A pattern that
//   starts with "/" is matched against the path, query and fragment; one with a scheme ("https://")
//   against the full URL; any other ("shop.example/p/*") against the URL without its scheme.
// Matching ignores case. A host rule matches every page of that host and of its subdomains.
import type { PageRule } from "./settings.js";

const schemeRe = /^[a-z][a-z0-9+.-]*:\/\//;
const globCache = new Map<string, RegExp>();

function glob(pattern: string): RegExp {
  let re = globCache.get(pattern);
  if (!re) {
    re = new RegExp(
      `^${pattern
        .split("*")
        .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
        .join(".*")}$`,
    );
    globCache.set(pattern, re);
  }
  return re;
}

export function matchUrl(pattern: string, url: string): boolean {
  const p = pattern.trim().toLowerCase();
  if (!p) return false;
  const u = url.toLowerCase();
  if (!p.includes("*")) return u.includes(p);
  if (p.startsWith("/")) {
    const rest = u.replace(schemeRe, "");
    const slash = rest.search(/[/?#]/);
    const path = slash < 0 ? "/" : rest.slice(slash);
    return glob(p).test(path.startsWith("/") ? path : `/${path}`);
  }
  if (schemeRe.test(p)) return glob(p).test(u);
  return glob(p).test(u.replace(schemeRe, ""));
}

export function hostname(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return "";
  }
}

export function matchHost(host: string, url: string): boolean {
  const h = hostname(url);
  const want = host.toLowerCase();
  return !!h && !!want && (h === want || h.endsWith(`.${want}`));
}

export function matchPageRule(rule: PageRule, url: string): boolean {
  return "host" in rule ? matchHost(rule.host, url) : matchUrl(rule.url, url);
}
