// The one way any part of the product sends mail: the message is queued as a `mail.send` job,
// which renders it in the recipient's language and delivers it (SMTP, or the outbox in embedded
// mode; see api/src/mail/send.ts). Returns once the job is queued, not when the mail is delivered.
import type { DomainContext } from "../domain/context.js";

export type MailKind = "signupVerification" | "signupExistingAccount" | "passwordReset" | "invitation";

/**
 * A message rendered by its sender (a campaign's test message: domain/campaigns/messages), sent as
 * it is: the organisation's sender name before MAIL_FROM's address, its reply-to, its own headers.
 */
export type RenderedMessage = {
  subject: string;
  text: string;
  html: string;
  fromName: string | null;
  replyTo: string | null;
  headers?: Record<string, string>;
};

export type QueuedMail =
  | {
      kind: MailKind;
      to: string;
      locale: "en" | "es" | "fi" | "se";
      organizationId?: string | null;
      /** Template values, e.g. link, inviterName, organizationName, displayName. */
      data: Record<string, string>;
      message?: undefined;
    }
  | {
      /** Rendered by their senders: a campaign's test message, the weekly digest (domain/digest/), a notification rule's alert (domain/notifications/alert-mail.ts). */
      kind: "campaignTest" | "weeklyDigest" | "notificationAlert";
      to: string;
      locale: "en" | "es" | "fi" | "se";
      organizationId?: string | null;
      data: Record<string, string>;
      message: RenderedMessage;
    };

/**
 * A link into the app opens in the mail's language: `locale` is added to links of our own address
 * (es and fi; English is the default, and se reads English).
 */
export function linkInLanguage(link: string, locale: QueuedMail["locale"], publicUrl: string): string {
  if (locale !== "es" && locale !== "fi") return link;
  if (!link.startsWith(`${publicUrl}/`)) return link;
  const url = new URL(link);
  if (!url.searchParams.has("locale")) url.searchParams.set("locale", locale);
  return url.toString();
}

export async function queueMail(ctx: DomainContext, mail: QueuedMail): Promise<void> {
  if (mail.message) {
    await ctx.jobs.enqueue("mail.send", { ...mail, organizationId: mail.organizationId ?? null });
    return;
  }
  await ctx.jobs.enqueue("mail.send", {
    kind: mail.kind,
    to: mail.to,
    locale: mail.locale,
    organizationId: mail.organizationId ?? null,
    data: mail.data.link ? { ...mail.data, link: linkInLanguage(mail.data.link, mail.locale, ctx.config.publicUrl) } : { ...mail.data },
  });
}
