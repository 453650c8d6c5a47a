// The `mail.send` job function: renders the queued mail in the recipient's language and delivers it
// through nodemailer over SMTP when SMTP_URL is set; without it (embedded mode) the message is kept
// in the outbox (MailOutbox) that /outbox shows, so a person trying the product can click its links.
import nodemailer, { type Transporter } from "nodemailer";
import type { PrismaClient } from "../generated/prisma/client.js";
import type { Config } from "../config.js";
import type { QueuedMail } from "./queue-mail.js";
import { renderMail } from "./templates.js";

export type MailSender = {
  send(mail: QueuedMail): Promise<void>;
  close(): void;
};

/** The address of MAIL_FROM ("Name <address>" or a bare address). */
export function fromAddress(mailFrom: string): string {
  return /<([^<>]+)>\s*$/.exec(mailFrom)?.[1]?.trim() ?? mailFrom.trim();
}

export function createMailSender(deps: { config: Pick<Config, "smtpUrl" | "mailFrom">; prisma: PrismaClient }): MailSender {
  const { config, prisma } = deps;
  let transporter: Transporter | undefined;
  const transport = () => (transporter ??= nodemailer.createTransport(config.smtpUrl!));

  return {
    async send(mail) {
      if (mail.message) {
        const m = mail.message;
        if (config.smtpUrl) {
          await transport().sendMail({
            from: m.fromName ? { name: m.fromName, address: fromAddress(config.mailFrom) } : config.mailFrom,
            to: mail.to,
            replyTo: m.replyTo ?? undefined,
            subject: m.subject,
            text: m.text,
            html: m.html,
            headers: { ...m.headers, "X-Mail-Kind": mail.kind },
          });
          return;
        }
        await prisma.mailOutbox.create({
          data: {
            organizationId: mail.organizationId ?? null,
            kind: mail.kind,
            to: mail.to,
            subject: m.subject,
            text: m.text,
            html: m.html,
            sentAt: new Date(),
          },
        });
        return;
      }
      const rendered = renderMail(mail.kind, mail.locale, mail.data);
      if (config.smtpUrl) {
        await transport().sendMail({
          from: config.mailFrom,
          to: mail.to,
          subject: rendered.subject,
          text: rendered.text,
          html: rendered.html,
          headers: { "Content-Language": rendered.language, "X-Mail-Kind": mail.kind },
        });
        return;
      }
      await prisma.mailOutbox.create({
        data: {
          organizationId: mail.organizationId ?? null,
          kind: mail.kind,
          to: mail.to,
          subject: rendered.subject,
          text: rendered.text,
          html: rendered.html,
          sentAt: new Date(),
        },
      });
    },
    close() {
      transporter?.close();
    },
  };
}
