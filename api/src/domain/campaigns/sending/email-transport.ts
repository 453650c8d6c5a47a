// Campaign email: nodemailer over SMTP (SMTP_URL) on one kept-open connection, so one message is in
// flight at a time; without SMTP_URL (embedded mode) the message goes to the outbox (MailOutbox) in
// the same transaction that marks the record sent.
import nodemailer, { type Transporter } from "nodemailer";
import type { Config } from "../../../config.js";

export type OutgoingEmail = {
  to: string;
  fromName: string | null;
  replyTo: string | null;
  subject: string;
  html: string;
  text: string;
  /** Derived from the record id: the same record always carries the same Message-ID. */
  messageId: string;
  headers: Record<string, string>;
};

export type EmailTransport = {
  kind: "smtp" | "outbox";
  /** SMTP only: resolves when the server accepted the message (250 after DATA). */
  send(mail: OutgoingEmail): Promise<{ providerMessageId: string }>;
  close(): void;
};

/** "Name <address>" of MAIL_FROM with the template's sender name in place of the name. */
export function fromHeader(mailFrom: string, senderName: string | null): string | { name: string; address: string } {
  if (!senderName) return mailFrom;
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return { name: senderName, address };
}

export function messageIdFor(config: Pick<Config, "publicUrl">, recordId: string): string {
  return `<${recordId}.campaign@${new URL(config.publicUrl).hostname}>`;
}

export function createEmailTransport(config: Pick<Config, "smtpUrl" | "mailFrom">): EmailTransport {
  if (!config.smtpUrl) {
    return {
      kind: "outbox",
      send: () => Promise.reject(new Error("the outbox is written by the sender's transaction")),
      close() {},
    };
  }
  let transporter: Transporter | undefined;
  // One pooled connection kept open: messages go one after another, never two in flight.
  const pooled = () => {
    const url = new URL(config.smtpUrl!);
    url.searchParams.set("pool", "true");
    url.searchParams.set("maxConnections", "1");
    url.searchParams.set("maxMessages", "1000000");
    return url.toString();
  };
  const transport = () => (transporter ??= nodemailer.createTransport(pooled()));
  return {
    kind: "smtp",
    async send(mail) {
      const info = await transport().sendMail({
        from: fromHeader(config.mailFrom, mail.fromName),
        to: mail.to,
        replyTo: mail.replyTo ?? undefined,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        messageId: mail.messageId,
        headers: { ...mail.headers, "X-Mail-Kind": "campaign" },
      });
      return { providerMessageId: info.messageId ?? mail.messageId };
    },
    close() {
      transporter?.close();
    },
  };
}
