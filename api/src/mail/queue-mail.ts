// The one way any part of the product sends mail: the message is queued as a `mail.send` job,
// which renders it in the recipient's language and delivers it (SMTP, or the outbox in embedded mode).
import type { DomainContext } from "../domain/context.js";

export type MailKind = "signupVerification" | "passwordReset" | "invitation";

export type QueuedMail = {
  kind: MailKind;
  to: string;
  locale: "en" | "es" | "fi" | "se";
  organizationId?: string | null;
  /** Template values, e.g. link, inviterName, organizationName, displayName. */
  data: Record<string, string>;
};

export async function queueMail(ctx: DomainContext, mail: QueuedMail): Promise<void> {
  const jobs = (ctx as DomainContext & { jobs?: { enqueue(name: "mail.send", payload: QueuedMail): Promise<void> } }).jobs;
  if (!jobs) throw new Error("queueMail: the job runner is not wired into the domain context yet");
  await jobs.enqueue("mail.send", {
    kind: mail.kind,
    to: mail.to,
    locale: mail.locale,
    organizationId: mail.organizationId ?? null,
    data: { ...mail.data },
  });
}
