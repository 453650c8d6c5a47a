// Rendering of campaign messages: the template's {{variables}} filled from the recipient's contact row.
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

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const fill = (text: string, recipient: Recipient, escapeValue: (s: string) => string) =>
  text.replace(/\{\{\s*([^{}]+?)\s*\}\}/g, (_m, name: string) => {
    const value = name === "email" ? recipient.email : name === "phone" ? recipient.phone : recipient.variables[name];
    return escapeValue(value ?? "");
  });

/** Variables are written {{column}} in subject and content; unknown variables render empty; values are HTML-escaped in html. */
export function renderEmail(template: TemplateFields, recipient: Recipient, links: EmailLinks, organization: { name: string }): RenderedEmail {
  const subject = fill(template.subject, recipient, (s) => s);
  const body = fill(template.content, recipient, (s) => s);
  const cta = template.ctaText || "Answer the survey";
  const htmlBody = fill(escapeHtml(template.content), recipient, escapeHtml).replace(/\n/g, "<br>");
  const pixel = links.openPixelUrl ? `<img src="${escapeHtml(links.openPixelUrl)}" width="1" height="1" alt="">` : "";
  const html = `<!doctype html><html lang="${escapeHtml(template.language)}"><body>${template.showHeadings ? `<h1>${escapeHtml(subject)}</h1>` : ""}<p>${htmlBody}</p><p><a href="${escapeHtml(links.surveyUrl)}">${escapeHtml(cta)}</a></p><p><small>${escapeHtml(organization.name)} · <a href="${escapeHtml(links.unsubscribeUrl)}">Unsubscribe</a></small></p>${pixel}</body></html>`;
  const text = `${body}\n\n${cta}: ${links.surveyUrl}\n\n${organization.name} · Unsubscribe: ${links.unsubscribeUrl}\n`;
  return { subject, html, text, fromName: template.senderName, replyTo: template.replyToAddress };
}

/** The text with {{variables}}; the survey link replaces {{link}} or is appended after a space. */
export function renderSms(text: string, recipient: Recipient, surveyUrl: string): string {
  const hasLink = /\{\{\s*link\s*\}\}/.test(text);
  const filled = fill(text, { ...recipient, variables: { ...recipient.variables, link: surveyUrl } }, (s) => s);
  return hasLink ? filled : `${filled} ${surveyUrl}`;
}
