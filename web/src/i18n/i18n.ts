/**
 * Lingui activation. Compiled catalogs (web/src/locales/<locale>/messages.ts, made by
 * `npx lingui compile --typescript`) are loaded on demand, one chunk per language.
 */
import { i18n, type Messages } from "@lingui/core";
import { DEFAULT_LOCALE, interfaceLocaleOf, isProfileLocale, type InterfaceLocale, type LocaleResolution } from "./locale";

const catalogs = import.meta.glob<{ messages: Messages }>("../locales/*/messages.ts");

let chosenBy: LocaleResolution | null = null;

export async function activateLocale(locale: InterfaceLocale): Promise<void> {
  if (i18n.locale === locale) return;
  const load = catalogs[`../locales/${locale}/messages.ts`];
  const messages = load ? (await load()).messages : {};
  i18n.loadAndActivate({ locale, messages });
  if (typeof document !== "undefined") document.documentElement.lang = locale;
}

/** Boot: remember how the language was chosen (a query choice outranks the profile). */
export async function activateResolved(resolution: LocaleResolution & { ok: true }): Promise<void> {
  chosenBy = resolution;
  await activateLocale(resolution.locale);
}

/** After the current user loads: the profile language, unless the address chose one. */
export async function activateProfileLocale(profileLocale: string | null | undefined): Promise<void> {
  if (chosenBy?.ok && (chosenBy.source === "query" || chosenBy.source === "session")) return;
  await activateLocale(isProfileLocale(profileLocale) ? interfaceLocaleOf(profileLocale) : DEFAULT_LOCALE);
}

export { i18n };
