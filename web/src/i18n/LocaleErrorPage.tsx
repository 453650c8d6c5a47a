/**
 * An unsupported ?locale= value is an error (spec 000 §1, §5). The page is in English
 * because the requested language is unknown; it offers the three supported ones.
 */
const NAMES = { en: "English", es: "Español", fi: "Suomi" } as const;

function withLocale(locale: string): string {
  const url = new URL(window.location.href);
  url.searchParams.set("locale", locale);
  return `${url.pathname}${url.search}${url.hash}`;
}

export function LocaleErrorPage({ requested, message }: { requested: string; message: string }) {
  return (
    <main className="page page--center" id="main-content" data-requested-locale={requested}>
      <h1 className="page__title">Unsupported language</h1>
      <p role="alert" className="error-detail">
        {message}
      </p>
      <ul className="locale-choices">
        {(Object.keys(NAMES) as Array<keyof typeof NAMES>).map((locale) => (
          <li key={locale}>
            <a href={withLocale(locale)} lang={locale}>
              {NAMES[locale]} ({locale})
            </a>
          </li>
        ))}
      </ul>
    </main>
  );
}
