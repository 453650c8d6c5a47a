/**
 * Which interface language to show (spec 000 §1, §5, §9).
 * - `?locale=` wins when it is en, es or fi; any other value is an error shown to the person.
 * - otherwise the profile locale: en, es, fi, or se (shown in English: no Swedish interface yet);
 * - otherwise English.
 */
export const INTERFACE_LOCALES = ["en", "es", "fi"] as const;
export type InterfaceLocale = (typeof INTERFACE_LOCALES)[number];
export const PROFILE_LOCALES = ["en", "es", "fi", "se"] as const;
export type ProfileLocale = (typeof PROFILE_LOCALES)[number];
export const DEFAULT_LOCALE: InterfaceLocale = "en";

export type LocaleResolution =
  | { ok: true; locale: InterfaceLocale; source: "query" | "session" | "profile" | "default" }
  | { ok: false; requested: string; message: string };

export function isInterfaceLocale(value: unknown): value is InterfaceLocale {
  return typeof value === "string" && (INTERFACE_LOCALES as readonly string[]).includes(value);
}

export function isProfileLocale(value: unknown): value is ProfileLocale {
  return typeof value === "string" && (PROFILE_LOCALES as readonly string[]).includes(value);
}

/** The interface language for a profile locale (se → en). */
export function interfaceLocaleOf(profile: ProfileLocale): InterfaceLocale {
  return profile === "se" ? "en" : profile;
}

export function unsupportedLocaleMessage(requested: string): string {
  return `Unsupported language '${requested}'. Use en, es or fi.`;
}

/** Where a `?locale=` choice is remembered for the rest of the browser session. */
export const SESSION_LOCALE_KEY = "feedback.locale";

/**
 * `remembered` is an earlier `?locale=` choice of this browser session, so the language holds
 * across navigation (a mail link in Finnish leads through sign-in in Finnish).
 */
export function resolveLocale(input: { search?: string; profileLocale?: string | null; remembered?: string | null }): LocaleResolution {
  const requested = new URLSearchParams(input.search ?? "").get("locale");
  if (requested !== null) {
    if (isInterfaceLocale(requested)) return { ok: true, locale: requested, source: "query" };
    return { ok: false, requested, message: unsupportedLocaleMessage(requested) };
  }
  if (isInterfaceLocale(input.remembered)) return { ok: true, locale: input.remembered, source: "session" };
  if (isProfileLocale(input.profileLocale)) {
    return { ok: true, locale: interfaceLocaleOf(input.profileLocale), source: "profile" };
  }
  return { ok: true, locale: DEFAULT_LOCALE, source: "default" };
}
