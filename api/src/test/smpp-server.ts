// A local SMSC for tests (the `smpp` package's server): accepts binds with the given credentials,
// answers submit_sm with a message id, and sends a delivery receipt (deliver_sm) for each: DELIVRD,
// or UNDELIV for numbers ending in 9. Numbers ending in 8 are refused at submit (invalid destination).
// `receiptFirst`: each receipt is sent before the submit's answer.
import { randomBytes } from "node:crypto";
import smpp, { type PDU, type Session } from "smpp";

export type SubmittedSms = { id: string; to: string; from: string; text: string };
export type SmppServer = { url: string; submitted: SubmittedSms[]; close(): Promise<void> };

const textOf = (pdu: PDU) => {
  const body = pdu.message_payload ?? pdu.short_message;
  return typeof body === "object" && body ? body.message : String(body ?? "");
};

export async function startSmppServer(
  credentials = { systemId: "feedback", password: "secret" },
  opts: { port?: number; receiptFirst?: boolean } = {},
): Promise<SmppServer> {
  const submitted: SubmittedSms[] = [];
  const sessions = new Set<Session>();
  let next = 1;
  // Message ids unique across servers, as a real SMSC's are.
  const instance = randomBytes(3).toString("hex");
  const server = smpp.createServer((session: Session) => {
    sessions.add(session);
    session.on("close", () => sessions.delete(session));
    session.on("error", () => {});
    session.on("bind_transceiver", (pdu: PDU) => {
      const ok = pdu.system_id === credentials.systemId && pdu.password === credentials.password;
      session.send(pdu.response({ command_status: ok ? smpp.ESME_ROK : smpp.ESME_RBINDFAIL }));
    });
    session.on("enquire_link", (pdu: PDU) => session.send(pdu.response()));
    session.on("unbind", (pdu: PDU) => session.send(pdu.response()));
    session.on("submit_sm", (pdu: PDU) => {
      const to = pdu.destination_addr ?? "";
      if (to.endsWith("8")) return session.send(pdu.response({ command_status: smpp.ESME_RINVDSTADR }));
      const id = `smsc-${instance}-${next++}`;
      submitted.push({ id, to, from: pdu.source_addr ?? "", text: textOf(pdu) });
      const stat = to.endsWith("9") ? "UNDELIV err:001" : "DELIVRD err:000";
      const receipt = () =>
        session.deliver_sm({
          source_addr: to,
          destination_addr: pdu.source_addr,
          esm_class: smpp.ESM_CLASS.MC_DELIVERY_RECEIPT,
          short_message: `id:${id} sub:001 dlvrd:001 submit date:2611260400 done date:2611260400 stat:${stat} text:`,
        });
      // receiptFirst: the receipt overtakes the submit's answer (a fast network's worst case).
      if (opts.receiptFirst) {
        receipt();
        setTimeout(() => session.send(pdu.response({ message_id: id })), 50);
        return;
      }
      session.send(pdu.response({ message_id: id }));
      setTimeout(receipt, 20);
    });
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, "127.0.0.1", () => {
      const address = server.address();
      resolve(typeof address === "object" && address ? address.port : 0);
    });
  });
  return {
    url: `smpp://${credentials.systemId}:${credentials.password}@127.0.0.1:${port}`,
    submitted,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sessions) s.destroy();
        server.close(() => resolve());
      }),
  };
}
