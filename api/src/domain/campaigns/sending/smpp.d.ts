// The parts of the `smpp` package (farhadi/node-smpp, no types of its own) the SMS transport, its
// tests and the bench use.
declare module "smpp" {
  import type { EventEmitter } from "node:events";
  import type { Server as NetServer } from "node:net";

  export type ShortMessage = string | { message: string; udh?: Buffer[] };
  export interface PDU {
    command: string;
    command_status: number;
    sequence_number: number;
    message_id?: string;
    short_message?: ShortMessage;
    message_payload?: ShortMessage;
    receipted_message_id?: string;
    destination_addr?: string;
    source_addr?: string;
    esm_class?: number;
    registered_delivery?: number;
    system_id?: string;
    password?: string;
    response(options?: Record<string, unknown>): PDU;
  }
  type Callback = (pdu: PDU) => void;
  export interface Session extends EventEmitter {
    send(pdu: PDU, responseCallback?: Callback): boolean;
    bind_transceiver(options: Record<string, unknown>, callback?: Callback): boolean;
    submit_sm(options: Record<string, unknown>, callback?: Callback): boolean;
    deliver_sm(options: Record<string, unknown>, callback?: Callback): boolean;
    enquire_link(options?: Record<string, unknown>, callback?: Callback): boolean;
    unbind(options?: Record<string, unknown>, callback?: Callback): boolean;
    close(callback?: () => void): void;
    destroy(callback?: () => void): void;
    pause(): void;
    resume(): void;
  }
  export interface Server extends NetServer {
    on(event: "session", listener: (session: Session) => void): this;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
  export const ESM_CLASS: { MC_DELIVERY_RECEIPT: number; [key: string]: number };
  export const ESME_ROK: number;
  export const ESME_RINVDSTADR: number;
  export const ESME_RBINDFAIL: number;
  export function connect(options: { host: string; port: number; auto_enquire_link_period?: number; tls?: boolean }, listener?: () => void): Session;
  export function createServer(listener: (session: Session) => void): Server;
  export function createServer(options: Record<string, unknown>, listener: (session: Session) => void): Server;
  const smpp: {
    connect: typeof connect;
    createServer: typeof createServer;
    ESM_CLASS: typeof ESM_CLASS;
    ESME_ROK: number;
    ESME_RINVDSTADR: number;
    ESME_RBINDFAIL: number;
  };
  export default smpp;
}
