// The respondent's language: `?language=` when the survey has it, then the browser's languages
// (exact, then the base language: fi-FI → fi), then the survey's first language.
export function pickLanguage(surveyLanguages: readonly string[], opts: { search?: string; browser?: readonly string[] }): string {
  const languages = surveyLanguages.length ? surveyLanguages : ["en"];
  const requested = new URLSearchParams(opts.search ?? "").get("language");
  if (requested && languages.includes(requested)) return requested;
  for (const tag of opts.browser ?? []) {
    if (languages.includes(tag)) return tag;
    const base = tag.split("-")[0]!.toLowerCase();
    if (languages.includes(base)) return base;
  }
  return languages[0]!;
}

/** Text in the language, else the survey's first language, else English, else any. */
export function localize(text: Record<string, string> | null | undefined, language: string, fallbacks: readonly string[] = []): string {
  if (!text) return "";
  for (const l of [language, ...fallbacks, "en"]) if (text[l]) return text[l]!;
  return Object.values(text).find(Boolean) ?? "";
}

/** Native names of languages for the switcher. */
export function languageName(code: string): string {
  try {
    return new Intl.DisplayNames([code], { type: "language" }).of(code) ?? code;
  } catch {
    return code;
  }
}
