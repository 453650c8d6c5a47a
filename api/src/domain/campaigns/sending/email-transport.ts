// Campaign email: nodemailer over SMTP (SMTP_URL) on one kept-open connection, so one message is in
// flight at a time; without SMTP_URL (embedded mode) the message goes to the outbox (MailOutbox) in
// the same transaction that marks the record sent.
import nodemailer, { type Transporter } from "nodemailer";
import MailComposer from "nodemailer/lib/mail-composer/index.js";
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

/** A message built to its final bytes, ready for the SMTP transaction. */
export type PreparedEmail = { envelope: { from: string; to: string[] }; raw: Buffer; messageId: string };

export type EmailTransport = {
  kind: "smtp" | "outbox";
  /** Builds the MIME message (the costly part) before the record is claimed, so the window holds only the SMTP transaction. */
  prepare(mail: OutgoingEmail): Promise<PreparedEmail>;
  /** SMTP only: resolves when the server accepted the message (250 after DATA). */
  send(mail: PreparedEmail): Promise<{ providerMessageId: string }>;
  close(): void;
};

const envelopeAddress = (from: string | { address: string }) => (typeof from === "string" ? (/<([^>]+)>/.exec(from)?.[1] ?? from.trim()) : from.address);

async function prepareEmail(config: Pick<Config, "mailFrom">, mail: OutgoingEmail): Promise<PreparedEmail> {
  const from = fromHeader(config.mailFrom, mail.fromName);
  const raw = await new MailComposer({
    from,
    to: mail.to,
    replyTo: mail.replyTo ?? undefined,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    messageId: mail.messageId,
    headers: { ...mail.headers, "X-Mail-Kind": "campaign" },
  })
    .compile()
    .build();
  return { envelope: { from: envelopeAddress(from), to: [mail.to] }, raw, messageId: mail.messageId };
}

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
      prepare: (mail) => prepareEmail(config, mail),
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
    prepare: (mail) => prepareEmail(config, mail),
    async send(mail) {
      const info = await transport().sendMail({ envelope: mail.envelope, raw: mail.raw });
      return { providerMessageId: info.messageId ?? mail.messageId };
    },
    close() {
      transporter?.close();
    },
  };
}
