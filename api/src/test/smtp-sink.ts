// A counting SMTP sink for the crash tests and the bench: accepts every message and keeps only its
// Message-ID (read from the header block as it streams by), so a campaign of 100,000 messages costs
// little memory. Duplicates are Message-IDs received more than once.
import { SMTPServer } from "smtp-server";

export type SmtpSink = {
  url: string;
  received: Map<string, number>;
  count(): number;
  duplicates(): number;
  close(): Promise<void>;
};

export async function startSmtpSink(): Promise<SmtpSink> {
  const received = new Map<string, number>();
  let total = 0;
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    size: 1024 * 1024,
    onData(stream, _session, callback) {
      let head = "";
      let done = false;
      stream.on("data", (chunk: Buffer) => {
        if (done) return;
        head += chunk.toString("latin1");
        const end = head.indexOf("\r\n\r\n");
        if (end >= 0 || head.length > 64 * 1024) {
          done = true;
          head = head.slice(0, end >= 0 ? end : head.length);
        }
      });
      stream.on("end", () => {
        const id = /^message-id:\s*(<[^>\r\n]+>)/im.exec(head.replace(/\r\n[ \t]+/g, " "))?.[1] ?? `(none ${total})`;
        total++;
        received.set(id, (received.get(id) ?? 0) + 1);
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.server.address();
      resolve(typeof address === "object" && address ? address.port : 0);
    });
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    count: () => total,
    duplicates: () => [...received.values()].reduce((n, c) => n + (c > 1 ? c - 1 : 0), 0),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
