// Rendering of campaign messages: one template, one recipient.
//
// - Variables are written {{column}} (spaces inside the braces allowed); the column names are those
//   of the contact list (ContactList.variableNames), matched exactly, else ignoring case. An unknown
//   variable renders empty, so a typo never shows braces to a respondent.
// - The template's content is plain text written by the organisation: blank lines separate
//   paragraphs, single line breaks are kept. In the HTML every character of the template and of
//   the values is escaped, so neither can inject markup.
// - Email: a simple, single-column HTML message (the subject as its heading when showHeadings, the
//   text, one call-to-action button to the survey, and a footer naming the organisation with the
//   unsubscribe link), plus the same message as plain text. An optional 1x1 open pixel.
// - SMS: the text with its variables; the survey link replaces {{link}}, or is appended after a space.

export type TemplateFields = {
  subject: string;
  content: string;
  senderName: string | null;
  replyToAddress: string | null;
  ctaText: string | null;
  showHeadings: boolean;
  language: string;
};
export type Recipient = { email?: string | null; phone?: string | null; variables: Record<string, string> };
export type EmailLinks = { surveyUrl: string; unsubscribeUrl: string; openPixelUrl?: string };
export type RenderedEmail = { subject: string; html: string; text: string; fromName: string | null; replyTo: string | null };

/** {{ name }}: the variable syntax of subjects, contents and SMS texts. */
const variablePattern = /\{\{\s*([^{}]*?)\s*\}\}/g;
/** The survey link's place in an SMS text. */
export const linkVariable = "link";

type Wording = { cta: string; sentBy: (organization: string) => string; unsubscribe: string; notForYou: string };
const wordings: Record<"en" | "es" | "fi", Wording> = {
  en: {
    cta: "Answer the survey",
    sentBy: (o) => `You received this message from ${o}.`,
    unsubscribe: "Unsubscribe",
    notForYou: "If you no longer want messages from them, you can unsubscribe:",
  },
  es: {
    cta: "Responder a la encuesta",
    sentBy: (o) => `Has recibido este mensaje de ${o}.`,
    unsubscribe: "Darse de baja",
    notForYou: "Si ya no quieres recibir sus mensajes, puedes darte de baja:",
  },
  fi: {
    cta: "Vastaa kyselyyn",
    sentBy: (o) => `Sait tämän viestin lähettäjältä ${o}.`,
    unsubscribe: "Peru tilaus",
    notForYou: "Jos et enää halua heiltä viestejä, voit perua tilauksen:",
  },
};
const wordingOf = (language: string): Wording => wordings[language as keyof typeof wordings] ?? wordings.en;

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** The value of a variable: the column of that name, else of that name in other case, else empty. */
function variableValue(variables: Record<string, string>, name: string): string {
  if (Object.hasOwn(variables, name)) return variables[name] ?? "";
  const lower = name.toLowerCase();
  const key = Object.keys(variables).find((k) => k.toLowerCase() === lower);
  return key === undefined ? "" : (variables[key] ?? "");
}

/** The text with its {{variables}} replaced by `replace(name)`. */
function substitute(text: string, replace: (name: string) => string): string {
  return text.replace(variablePattern, (_match, name: string) => replace(name));
}

/** The variable names a text uses (each once, in order of appearance). */
export function variablesIn(text: string): string[] {
  return [...new Set([...text.matchAll(variablePattern)].map((m) => m[1]!).filter(Boolean))];
}

/** A header value (subject, sender name): one line, no control characters. */
const oneLine = (value: string) =>
  Array.from(value, (c) => (c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f ? " " : c))
    .join("")
    .replace(/ {2,}/g, " ")
    .trim();

/** Only http(s) links go into a message. */
function safeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.toString() : "";
  } catch {
    return "";
  }
}

function paragraphs(text: string): string[] {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

export function renderEmail(template: TemplateFields, recipient: Recipient, links: EmailLinks, organization: { name: string }): RenderedEmail {
  const wording = wordingOf(template.language);
  const value = (name: string) => variableValue(recipient.variables, name);
  const subject = oneLine(substitute(template.subject, value));
  const content = substitute(template.content, value);
  const cta = oneLine(template.ctaText ?? "") || wording.cta;
  const surveyUrl = safeUrl(links.surveyUrl);
  const unsubscribeUrl = safeUrl(links.unsubscribeUrl);
  const pixelUrl = links.openPixelUrl ? safeUrl(links.openPixelUrl) : "";
  const organizationName = oneLine(organization.name);

  const text = [
    ...(template.showHeadings && subject ? [subject, ""] : []),
    ...paragraphs(content).flatMap((p) => [p, ""]),
    `${cta}: ${surveyUrl}`,
    "",
    "--",
    wording.sentBy(organizationName),
    `${wording.notForYou} ${unsubscribeUrl}`,
  ].join("\n");

  const e = escapeHtml;
  const body = paragraphs(content)
    .map((p) => `<p style="margin:0 0 16px 0;font-size:16px;line-height:1.5;color:#1f2328;">${e(p).replace(/\n/g, "<br>")}</p>`)
    .join("\n");
  const html = `<!DOCTYPE html>
<html lang="${e(template.language || "en")}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f3f4f6;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px;">
<tr><td style="padding:32px 32px 8px 32px;font-family:Arial,Helvetica,sans-serif;">
${template.showHeadings && subject ? `<h1 style="margin:0 0 24px 0;font-size:24px;line-height:1.3;color:#1f2328;">${e(subject)}</h1>\n` : ""}${body}
</td></tr>
<tr><td style="padding:8px 32px 32px 32px;font-family:Arial,Helvetica,sans-serif;">
<a href="${e(surveyUrl)}" style="display:inline-block;padding:14px 28px;background:#1d4ed8;color:#ffffff;font-size:16px;font-weight:bold;text-decoration:none;border-radius:6px;">${e(cta)}</a>
</td></tr>
</table>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;">
<tr><td style="padding:16px 32px;font-family:Arial,Helvetica,sans-serif;font-size:13px;line-height:1.5;color:#4b5563;">
<p style="margin:0 0 8px 0;">${e(wording.sentBy(organizationName))}</p>
<p style="margin:0;">${e(wording.notForYou)} <a href="${e(unsubscribeUrl)}" style="color:#1d4ed8;">${e(wording.unsubscribe)}</a></p>
</td></tr>
</table>
</td></tr>
</table>
${pixelUrl ? `<img src="${e(pixelUrl)}" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0;">\n` : ""}</body>
</html>
`;

  return {
    subject,
    html,
    text,
    fromName: template.senderName ? oneLine(substitute(template.senderName, value)) || null : null,
    replyTo: template.replyToAddress?.trim() || null,
  };
}

/** The text with {{variables}}; the survey link replaces {{link}} or is appended after a space. */
export function renderSms(text: string, recipient: Recipient, surveyUrl: string): string {
  let linked = false;
  const rendered = substitute(text, (name) => {
    if (name.toLowerCase() === linkVariable) {
      linked = true;
      return surveyUrl;
    }
    return variableValue(recipient.variables, name);
  }).trim();
  if (linked) return rendered;
  return rendered ? `${rendered} ${surveyUrl}` : surveyUrl;
}
