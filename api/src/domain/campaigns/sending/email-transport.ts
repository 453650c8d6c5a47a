// Campaign email: nodemailer's SMTP connection (SMTP_URL) kept open by this transport, so one message
// is in flight at a time; without SMTP_URL (embedded mode) the message goes to the outbox
// (MailOutbox) in the same transaction that marks the record sent. The transport opens the
// connection itself (rather than nodemailer's pool) to know whether a failure came before the
// message's MAIL FROM (nothing of it reached the server: safe to try again) or after (unknown).
import MailComposer from "nodemailer/lib/mail-composer/index.js";
import SMTPConnection from "nodemailer/lib/smtp-connection/index.js";
import { parseConnectionUrl } from "nodemailer/lib/shared/index.js";
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
  /**
   * SMTP only: resolves when the server accepted the message (250 after DATA). A failure before the
   * message's MAIL FROM was written (connecting, greeting, EHLO, STARTTLS, AUTH, or a connection found
   * closed) carries `beforeMailFrom: true`.
   */
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
  const options = { ...parseConnectionUrl(config.smtpUrl), connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 120_000 };
  let open: Promise<SMTPConnection> | undefined;
  let current: SMTPConnection | undefined;
  const drop = (connection: SMTPConnection) => {
    if (current === connection) {
      current = undefined;
      open = undefined;
    }
    connection.close();
  };
  const connect = () =>
    (open ??= new Promise<SMTPConnection>((resolve, reject) => {
      const connection = new SMTPConnection(options);
      // An idle connection closed by the server is opened again for the next message.
      connection.on("error", (error) => {
        drop(connection);
        // Before the session is ready a failure is only reported here (then it is this promise's).
        reject(error);
      });
      connection.on("end", () => drop(connection));
      connection.connect((error) => {
        if (error) {
          drop(connection);
          return reject(error);
        }
        if (!options.auth) {
          current = connection;
          return resolve(connection);
        }
        connection.login(options.auth as Parameters<SMTPConnection["login"]>[0], (loginError) => {
          if (loginError) {
            drop(connection);
            return reject(loginError);
          }
          current = connection;
          resolve(connection);
        });
      });
    }));
  return {
    kind: "smtp",
    prepare: (mail) => prepareEmail(config, mail),
    async send(mail) {
      let connection: SMTPConnection;
      try {
        connection = await connect();
      } catch (error) {
        throw Object.assign(error as Error, { beforeMailFrom: true });
      }
      return new Promise((resolve, reject) => {
        connection.send(mail.envelope, mail.raw, (error) => {
          if (error) {
            const e = error as Error & { code?: string; command?: string; responseCode?: number };
            // Found closed before anything was written for this message.
            if (e.code === "ECONNECTION" && e.command === "API") Object.assign(e, { beforeMailFrom: true });
            if (typeof e.responseCode !== "number") drop(connection);
            return reject(e);
          }
          // The Message-ID of the record (the same on any attempt) identifies it at the server.
          resolve({ providerMessageId: mail.messageId });
        });
      });
    },
    close() {
      if (current) current.quit();
      current = undefined;
      open = undefined;
    },
  };
}
