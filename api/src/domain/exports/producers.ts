// Export producers by name. A queued export job carries only ids and a producer's name (job payloads
// travel through Redis, a function cannot), and whichever process runs the job looks the producer up
// here. Modules that define producers register them when imported; ../export-producers.ts imports every
// such module so a separate worker process (`npm run worker`) knows them all.
import type { Viewer } from "../viewer.js";
import type { DomainContext } from "../context.js";
import type { ExportKind } from "../../generated/prisma/client.js";

export type ExportProducerJob = {
  /** The ExportJob id: the spec's cacheId (csv, xlsx) or PDF id. */
  id: string;
  organizationId: string;
  userId: string;
  /** The share link a visitor started the export through (userId is then its creator); null for a member. */
  shareTokenId: string | null;
  kind: ExportKind;
  /** The request as given to startExport (JSON). */
  request: unknown;
  /** Where to write the file. The directory exists; write by streaming. */
  outputPath: string;
  /** 0..100; stored and pushed to subscribers (at most about five times a second). */
  reportProgress(pct: number): Promise<void>;
  /** The person who asked (a link: its creator), in the organisation they asked in (rights as when the job runs). */
  viewer: Viewer;
  /** A domain context acting as that person, for the same services a request would call. */
  ctx: DomainContext;
};

export type ExportProducerFn = (job: ExportProducerJob) => Promise<void>;
export type ExportProducer = { readonly name: string; readonly run: ExportProducerFn };

const registry = new Map<string, ExportProducer>();

/**
 * Registers a producer under a unique name (define it at a module's top level, and add the module
 * to ../export-producers.ts). Registering the same name again replaces it (module reloads in tests).
 */
export function defineExportProducer(name: string, run: ExportProducerFn): ExportProducer {
  if (!/^[a-z][a-z0-9.-]*$/.test(name)) throw new Error(`export producer names are lower-case words with dots or dashes: ${name}`);
  const producer = { name, run };
  registry.set(name, producer);
  return producer;
}

export function findExportProducer(name: string): ExportProducer | undefined {
  return registry.get(name);
}
