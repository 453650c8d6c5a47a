// Mail in tests: a real SMTP server (smtp-server on a loopback port, no TLS, no auth) whose
// messages are parsed by mailparser, and a wait for outbox rows (embedded mode, no SMTP_URL).
import { SMTPServer } from "smtp-server";
import { simpleParser, type ParsedMail } from "mailparser";
import type { PrismaClient } from "../generated/prisma/client.js";

export type CapturedMail = {
  to: string[];
  subject: string;
  text: string;
  html: string;
  language: string | undefined;
  kind: string | undefined;
  parsed: ParsedMail;
  /** performance.now() when the message was accepted (benchmarks measure up to it). */
  receivedAt: number;
};

export type SmtpCapture = {
  /** SMTP_URL for the app under test. */
  url: string;
  messages: CapturedMail[];
  /** SMTP sessions that reached DATA, including refused ones. */
  attempts: number;
  waitFor(predicate: (mail: CapturedMail) => boolean, timeoutMs?: number): Promise<CapturedMail>;
  close(): Promise<void>;
};

/**
 * `refuse(n, to)`: answers the n-th message's DATA (1-based, to its recipients) with a temporary
 * failure (451) when true. `delayMs(n)`: waits that long before answering the n-th DATA (a slow server).
 */
export async function startSmtpCapture(
  opts: { refuse?: (attempt: number, to: string[]) => boolean; delayMs?: (attempt: number, to: string[]) => number; port?: number } = {},
): Promise<SmtpCapture> {
  const messages: CapturedMail[] = [];
  let attempts = 0;
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      attempts++;
      const attempt = attempts;
      simpleParser(stream)
        .then(async (parsed) => {
          const delay =
            opts.delayMs?.(
              attempt,
              session.envelope.rcptTo.map((r) => r.address),
            ) ?? 0;
          if (delay > 0) await new Promise((r) => setTimeout(r, delay));
          if (
            opts.refuse?.(
              attempt,
              session.envelope.rcptTo.map((r) => r.address),
            )
          ) {
            const error = Object.assign(new Error("Temporary failure, try again"), { responseCode: 451 });
            return callback(error);
          }
          const header = (name: string) => {
            const value = parsed.headers.get(name);
            return typeof value === "string" ? value : undefined;
          };
          messages.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: typeof parsed.html === "string" ? parsed.html : "",
            language: header("content-language"),
            kind: header("x-mail-kind"),
            parsed,
            receivedAt: performance.now(),
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, "127.0.0.1", () => {
      const address = server.server.address();
      resolve(typeof address === "object" && address ? address.port : 0);
    });
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    get attempts() {
      return attempts;
    },
    async waitFor(predicate, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find(predicate);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no matching mail within ${timeoutMs} ms (${messages.length} received)`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Waits for an outbox row (embedded mode) to the address, optionally of one kind; newest first. */
export async function waitForOutboxMail(prisma: PrismaClient, to: string, opts: { kind?: string; timeoutMs?: number } = {}) {
  const deadline = Date.now() + (opts.timeoutMs ?? 15_000);
  for (;;) {
    const row = await prisma.mailOutbox.findFirst({
      where: { to, ...(opts.kind ? { kind: opts.kind } : {}) },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    });
    if (row) return row;
    if (Date.now() > deadline) throw new Error(`no outbox mail to ${to} within ${opts.timeoutMs ?? 15_000} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The first http(s) link of a text. */
export const firstLink = (text: string) => /https?:\/\/\S+/.exec(text)?.[0];
