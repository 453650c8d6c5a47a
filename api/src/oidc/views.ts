// Server-rendered pages of the embedded provider: sign-in, sign-out, signed-out and error.
// Plain HTML with one small inline style sheet; no script except the sign-out auto-submit.
import { createHash } from "node:crypto";
import { MESSAGES, PAGE_LOCALES, type PageLocale } from "./i18n.js";

export function escapeHtml(value: unknown): string {
  return String(value ?? "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

const STYLE = `
*,*::before,*::after{box-sizing:border-box}
html{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#1f2933;background:#f4f6f8}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;align-items:center;justify-content:center;padding:24px}
main{width:100%;max-width:400px;background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(16,24,40,.1),0 8px 24px rgba(16,24,40,.06);padding:32px}
h1{font-size:1.5rem;margin:0 0 8px}
p{margin:0 0 16px;line-height:1.5}
.intro{color:#52606d}
form{display:flex;flex-direction:column;gap:16px}
label{font-weight:600;display:block;margin-bottom:6px}
input[type=email],input[type=password]{width:100%;font:inherit;padding:10px 12px;border:1px solid #9aa5b1;border-radius:8px;background:#fff;color:inherit}
input[type=email]:focus,input[type=password]:focus{outline:3px solid #93c5fd;outline-offset:1px;border-color:#2563eb}
input[aria-invalid=true]{border-color:#b91c1c}
.check{display:flex;gap:10px;align-items:flex-start}
.check input{width:18px;height:18px;margin:2px 0 0}
.check label{margin:0}
.hint{display:block;font-weight:400;color:#52606d;font-size:.875rem}
button{font:inherit;font-weight:600;padding:11px 16px;border:0;border-radius:8px;background:#2563eb;color:#fff;cursor:pointer}
button:hover{background:#1d4ed8}
button:focus-visible,a:focus-visible{outline:3px solid #93c5fd;outline-offset:2px}
a{color:#1d4ed8}
.error{border:1px solid #fecaca;background:#fef2f2;color:#991b1b;border-radius:8px;padding:10px 12px;margin:0 0 16px}
.links{margin-top:16px;font-size:.95rem}
nav{margin-top:20px;font-size:.875rem;color:#52606d}
nav ul{list-style:none;display:flex;gap:12px;padding:0;margin:4px 0 0}
nav a[aria-current=true]{font-weight:700;text-decoration:none;color:#1f2933}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
`;

function layout(locale: PageLocale, title: string, body: string, extraHead = ""): string {
  return `<!DOCTYPE html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>${extraHead}
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

export type SignInPageOptions = {
  locale: PageLocale;
  /** Where the form posts. */
  action: string;
  /** Base path of this page, for the language links (locale is appended as a query parameter). */
  selfPath: string;
  email?: string;
  rememberMe?: boolean;
  error?: string;
  forgotPasswordUrl?: string;
};

export function renderSignInPage(o: SignInPageOptions): string {
  const t = MESSAGES[o.locale];
  const errorId = "signin-error";
  const invalid = o.error ? ` aria-invalid="true" aria-describedby="${errorId}"` : "";
  // Focus where the person has to type next: the email, or the password when the email is known.
  const focusEmail = !o.email;
  const languageLinks = PAGE_LOCALES.map((l) => {
    const current = l === o.locale ? ' aria-current="true"' : "";
    return `<li><a href="${escapeHtml(`${o.selfPath}?locale=${l}`)}" lang="${l}" hreflang="${l}"${current}>${escapeHtml(MESSAGES[l].languageName)}</a></li>`;
  }).join("");
  const body = `<h1>${escapeHtml(t.signInTitle)}</h1>
<p class="intro">${escapeHtml(t.signInIntro)}</p>
${o.error ? `<p class="error" id="${errorId}" role="alert">${escapeHtml(o.error)}</p>` : ""}
<form method="post" action="${escapeHtml(o.action)}" novalidate>
<input type="hidden" name="locale" value="${o.locale}">
<div>
<label for="email">${escapeHtml(t.email)}</label>
<input id="email" name="email" type="email" autocomplete="username" inputmode="email" required value="${escapeHtml(o.email ?? "")}"${focusEmail ? " autofocus" : ""}${invalid}>
</div>
<div>
<label for="password">${escapeHtml(t.password)}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${focusEmail ? "" : " autofocus"}${invalid}>
</div>
<div class="check">
<input id="remember" name="remember" type="checkbox" value="yes"${o.rememberMe ? " checked" : ""} aria-describedby="remember-hint">
<label for="remember">${escapeHtml(t.rememberMe)}<span class="hint" id="remember-hint">${escapeHtml(t.rememberMeHint)}</span></label>
</div>
<button type="submit">${escapeHtml(t.submit)}</button>
</form>
${o.forgotPasswordUrl ? `<p class="links"><a href="${escapeHtml(o.forgotPasswordUrl)}">${escapeHtml(t.forgotPassword)}</a></p>` : ""}
<nav aria-label="${escapeHtml(t.languageSwitcher)}">${escapeHtml(t.languageSwitcher)}<ul>${languageLinks}</ul></nav>`;
  return layout(o.locale, t.signInTitle, body);
}

/** Submits the provider's sign-out form (adding logout=yes: end the whole session). */
const SIGN_OUT_SCRIPT =
  '(function(){var f=document.getElementById("op.logoutForm");var i=document.createElement("input");i.type="hidden";i.name="logout";i.value="yes";f.appendChild(i);f.submit();})();';
/** The CSP source that allows exactly that script and no other. */
export const SIGN_OUT_SCRIPT_CSP_SOURCE = `'sha256-${createHash("sha256").update(SIGN_OUT_SCRIPT).digest("base64")}'`;

/**
 * The RP-initiated logout page when the application asked for it (an id_token_hint of the signed-in
 * person and a registered post_logout_redirect_uri): it submits itself at once (the person already
 * chose to sign out in the application); the button remains for browsers without script.
 */
export function renderSignOutPage(locale: PageLocale, providerForm: string): string {
  const t = MESSAGES[locale];
  const body = `<h1>${escapeHtml(t.signingOut)}</h1>
${providerForm}
<button type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>${escapeHtml(t.signOutButton)}</button>
<script>${SIGN_OUT_SCRIPT}</script>`;
  return layout(locale, t.signOutButton, body);
}

/**
 * Any other sign-out request (a plain link, another site, no proof the application sent it): the
 * person confirms with the button, which posts the provider's form; nothing happens by itself.
 */
export function renderConfirmSignOutPage(locale: PageLocale, providerForm: string, appUrl: string): string {
  const t = MESSAGES[locale];
  const body = `<h1>${escapeHtml(t.confirmSignOutTitle)}</h1>
<p>${escapeHtml(t.confirmSignOutText)}</p>
${providerForm}
<button type="submit" form="op.logoutForm" name="logout" value="yes">${escapeHtml(t.signOutButton)}</button>
<p class="links"><a href="${escapeHtml(appUrl)}">${escapeHtml(t.staySignedIn)}</a></p>`;
  return layout(locale, t.confirmSignOutTitle, body);
}

export function renderSignedOutPage(locale: PageLocale, appUrl: string): string {
  const t = MESSAGES[locale];
  const body = `<h1>${escapeHtml(t.signedOutTitle)}</h1>
<p>${escapeHtml(t.signedOutText)}</p>
<p><a href="${escapeHtml(appUrl)}">${escapeHtml(t.backToApp)}</a></p>`;
  return layout(locale, t.signedOutTitle, body);
}

export function renderErrorPage(locale: PageLocale, appUrl: string, detail?: { error?: string; description?: string }): string {
  const t = MESSAGES[locale];
  const body = `<h1>${escapeHtml(t.errorTitle)}</h1>
<p role="alert">${escapeHtml(t.errorText)}</p>
${detail?.error ? `<p><code>${escapeHtml(detail.error)}</code>${detail.description ? `: ${escapeHtml(detail.description)}` : ""}</p>` : ""}
<p><a href="${escapeHtml(appUrl)}">${escapeHtml(t.backToApp)}</a></p>`;
  return layout(locale, t.errorTitle, body);
}

export function renderExpiredPage(locale: PageLocale, appUrl: string): string {
  const t = MESSAGES[locale];
  const body = `<h1>${escapeHtml(t.errorTitle)}</h1>
<p role="alert">${escapeHtml(t.sessionExpired)}</p>
<p><a href="${escapeHtml(appUrl)}">${escapeHtml(t.backToApp)}</a></p>`;
  return layout(locale, t.errorTitle, body);
}
