// Texts of the embedded provider's pages in the interface languages (en, es, fi), and how the
// language of a page is chosen.

export const PAGE_LOCALES = ["en", "es", "fi"] as const;
export type PageLocale = (typeof PAGE_LOCALES)[number];

export type Messages = {
  languageName: string;
  signInTitle: string;
  signInIntro: string;
  email: string;
  password: string;
  rememberMe: string;
  rememberMeHint: string;
  submit: string;
  forgotPassword: string;
  invalidCredentials: string;
  missingFields: string;
  tooManyAttempts: (minutes: number) => string;
  languageSwitcher: string;
  signingOut: string;
  signOutButton: string;
  confirmSignOutTitle: string;
  confirmSignOutText: string;
  staySignedIn: string;
  signedOutTitle: string;
  signedOutText: string;
  errorTitle: string;
  errorText: string;
  sessionExpired: string;
  backToApp: string;
};

const en: Messages = {
  languageName: "English",
  signInTitle: "Sign in",
  signInIntro: "Sign in to your feedback dashboard.",
  email: "Email",
  password: "Password",
  rememberMe: "Remember me",
  rememberMeHint: "Stay signed in on this device for 48 hours.",
  submit: "Sign in",
  forgotPassword: "Forgot password?",
  invalidCredentials: "The email or password is incorrect.",
  missingFields: "Enter your email and password.",
  tooManyAttempts: (m) => `Too many failed sign-in attempts. Try again in ${m} ${m === 1 ? "minute" : "minutes"}.`,
  languageSwitcher: "Language",
  signingOut: "Signing you out…",
  signOutButton: "Sign out",
  confirmSignOutTitle: "Sign out?",
  confirmSignOutText: "Do you want to sign out of your feedback dashboard?",
  staySignedIn: "Stay signed in",
  signedOutTitle: "Signed out",
  signedOutText: "You have been signed out.",
  errorTitle: "Something went wrong",
  errorText: "The sign-in request could not be completed.",
  sessionExpired: "Your sign-in page expired. Start again from the application.",
  backToApp: "Back to the application",
};

const es: Messages = {
  languageName: "Español",
  signInTitle: "Iniciar sesión",
  signInIntro: "Inicia sesión en tu panel de opiniones.",
  email: "Correo electrónico",
  password: "Contraseña",
  rememberMe: "Recordarme",
  rememberMeHint: "Mantener la sesión iniciada en este dispositivo durante 48 horas.",
  submit: "Iniciar sesión",
  forgotPassword: "¿Olvidaste tu contraseña?",
  invalidCredentials: "El correo electrónico o la contraseña no son correctos.",
  missingFields: "Introduce tu correo electrónico y tu contraseña.",
  tooManyAttempts: (m) => `Demasiados intentos fallidos de inicio de sesión. Vuelve a intentarlo dentro de ${m} ${m === 1 ? "minuto" : "minutos"}.`,
  languageSwitcher: "Idioma",
  signingOut: "Cerrando la sesión…",
  signOutButton: "Cerrar sesión",
  confirmSignOutTitle: "¿Cerrar sesión?",
  confirmSignOutText: "¿Quieres cerrar la sesión de tu panel de opiniones?",
  staySignedIn: "Mantener la sesión iniciada",
  signedOutTitle: "Sesión cerrada",
  signedOutText: "Has cerrado la sesión.",
  errorTitle: "Algo salió mal",
  errorText: "No se pudo completar la solicitud de inicio de sesión.",
  sessionExpired: "La página de inicio de sesión ha caducado. Vuelve a empezar desde la aplicación.",
  backToApp: "Volver a la aplicación",
};

const fi: Messages = {
  languageName: "Suomi",
  signInTitle: "Kirjaudu sisään",
  signInIntro: "Kirjaudu palautteiden hallintapaneeliin.",
  email: "Sähköposti",
  password: "Salasana",
  rememberMe: "Muista minut",
  rememberMeHint: "Pysy kirjautuneena tällä laitteella 48 tuntia.",
  submit: "Kirjaudu",
  forgotPassword: "Unohditko salasanasi?",
  invalidCredentials: "Sähköpostiosoite tai salasana on väärin.",
  missingFields: "Anna sähköpostiosoitteesi ja salasanasi.",
  tooManyAttempts: (m) => `Liian monta epäonnistunutta kirjautumisyritystä. Yritä uudelleen ${m} minuutin kuluttua.`,
  languageSwitcher: "Kieli",
  signingOut: "Kirjaudutaan ulos…",
  signOutButton: "Kirjaudu ulos",
  confirmSignOutTitle: "Kirjaudutaanko ulos?",
  confirmSignOutText: "Haluatko kirjautua ulos palautteiden hallintapaneelista?",
  staySignedIn: "Pysy kirjautuneena",
  signedOutTitle: "Kirjauduit ulos",
  signedOutText: "Olet kirjautunut ulos.",
  errorTitle: "Jokin meni vikaan",
  errorText: "Kirjautumispyyntöä ei voitu suorittaa loppuun.",
  sessionExpired: "Kirjautumissivu vanhentui. Aloita uudelleen sovelluksesta.",
  backToApp: "Takaisin sovellukseen",
};

export const MESSAGES: Record<PageLocale, Messages> = { en, es, fi };

function isPageLocale(value: unknown): value is PageLocale {
  return typeof value === "string" && (PAGE_LOCALES as readonly string[]).includes(value);
}

/** "fi-FI" → "fi"; anything else that is not a page locale → undefined. */
function normalise(tag: string): PageLocale | undefined {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isPageLocale(primary) ? primary : undefined;
}

/** Parses an Accept-Language header, best quality first. */
export function fromAcceptLanguage(header: string | undefined): PageLocale | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const quality = q ? Number(q.slice(2)) : 1;
      return { tag, quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.tag && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const { tag } of ranked) {
    const locale = normalise(tag);
    if (locale) return locale;
  }
  return undefined;
}

/**
 * The language of a page, in order: an explicit `locale` (query parameter of the page or of the
 * authorization request), the authorization request's `ui_locales` (space-separated, first
 * supported wins), the browser's Accept-Language, then English.
 */
export function chooseLocale(sources: { locale?: unknown; uiLocales?: unknown; acceptLanguage?: string | undefined }): PageLocale {
  if (typeof sources.locale === "string") {
    const explicit = normalise(sources.locale);
    if (explicit) return explicit;
  }
  if (typeof sources.uiLocales === "string") {
    for (const tag of sources.uiLocales.split(/\s+/)) {
      const locale = normalise(tag);
      if (locale) return locale;
    }
  }
  return fromAcceptLanguage(sources.acceptLanguage) ?? "en";
}
