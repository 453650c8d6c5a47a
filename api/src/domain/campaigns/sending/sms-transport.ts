// Campaign SMS over SMPP (the `smpp` package) as an ESME bound as transceiver: submit_sm with a
// registered delivery receipt, and deliver_sm receipts (stat:DELIVRD …) answered and handed to
// onReceipt. Without SMPP_URL (embedded mode) SMS go to the outbox, written by the sender.
import smpp, { type PDU, type Session } from "smpp";
import type { Config } from "../../../config.js";
import { isGsm7 } from "./segments.js";

/** The SMS server answered the submit with an error status: the message was not accepted. */
export class SmsRejectedError extends Error {}

export type SmsReceipt = { messageId: string; delivered: boolean; reason: string | null };

export type SmsTransport = {
  kind: "smpp" | "outbox";
  submit(message: { to: string; text: string }): Promise<{ messageId: string }>;
  close(): Promise<void>;
};

/** The parts of a receipt's text: "id:… sub:001 dlvrd:001 submit date:… done date:… stat:DELIVRD err:000 text:…". */
export function parseReceipt(text: string, receiptedId?: string | null): SmsReceipt | null {
  const id = receiptedId || /\bid:(\S+)/i.exec(text)?.[1];
  const stat = /\bstat:(\w+)/i.exec(text)?.[1]?.toUpperCase();
  if (!id || !stat) return null;
  if (stat === "DELIVRD") return { messageId: id, delivered: true, reason: null };
  if (stat === "ENROUTE" || stat === "ACCEPTD") return null;
  const err = /\berr:(\w+)/i.exec(text)?.[1];
  return { messageId: id, delivered: false, reason: `${stat}${err && err !== "000" ? ` (error ${err})` : ""}` };
}

/** Numbers go out as digits without the leading +, as SMPP's international TON expects. */
const destination = (phone: string) => phone.replace(/^\+/, "").replace(/[^\d]/g, "");

export function createSmsTransport(
  config: Pick<Config, "smppUrl" | "smsSender">,
  opts: { onReceipt?: (receipt: SmsReceipt) => Promise<void> | void; timeoutMs?: number } = {},
): SmsTransport {
  if (!config.smppUrl) {
    return {
      kind: "outbox",
      submit: () => Promise.reject(new Error("the outbox is written by the sender's transaction")),
      close: async () => {},
    };
  }
  const url = new URL(config.smppUrl);
  const timeoutMs = opts.timeoutMs ?? 15_000;
  let bound: Promise<Session> | undefined;

  const connect = () =>
    new Promise<Session>((resolve, reject) => {
      const session = smpp.connect({ host: url.hostname, port: Number(url.port || 2775), tls: url.protocol === "ssmpp:", auto_enquire_link_period: 10_000 });
      const fail = (error: unknown) => {
        bound = undefined;
        reject(error instanceof Error ? error : new Error(String(error)));
      };
      session.on("error", fail);
      session.on("close", () => {
        bound = undefined;
      });
      session.on("deliver_sm", (pdu: PDU) => {
        session.send(pdu.response());
        const body = pdu.short_message ?? pdu.message_payload;
        const message = typeof body === "object" && body ? body.message : body;
        const receipt = parseReceipt(String(message ?? ""), pdu.receipted_message_id);
        if (receipt) void Promise.resolve(opts.onReceipt?.(receipt)).catch(() => {});
      });
      session.on("connect", () => {
        session.bind_transceiver({ system_id: decodeURIComponent(url.username), password: decodeURIComponent(url.password) }, (pdu: PDU) =>
          pdu.command_status === 0 ? resolve(session) : fail(new Error(`SMPP bind refused (status ${pdu.command_status})`)),
        );
      });
    });

  return {
    kind: "smpp",
    async submit({ to, text }) {
      const session = await (bound ??= connect());
      const long = isGsm7(text) ? text.length > 160 : text.length > 70;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("The SMS server did not answer")), timeoutMs);
        session.submit_sm(
          {
            source_addr: config.smsSender,
            source_addr_ton: /^\d+$/.test(config.smsSender) ? 1 : 5,
            destination_addr: destination(to),
            dest_addr_ton: 1,
            dest_addr_npi: 1,
            registered_delivery: 1,
            ...(long ? { message_payload: text } : { short_message: text }),
          },
          (pdu: PDU) => {
            clearTimeout(timer);
            if (pdu.command_status === 0) resolve({ messageId: String(pdu.message_id) });
            else reject(new SmsRejectedError(`The SMS server refused the message (status ${pdu.command_status})`));
          },
        );
      });
    },
    async close() {
      const session = await bound?.catch(() => undefined);
      bound = undefined;
      session?.close();
    },
  };
}
