// Export jobs (spec 001 §4 "File and PDF generation", §7 cacheId / PDF id and the poll calls): the
// caller's own job by id, the PDF export mutation, and exportStatusChanged pushing status and
// progress (a progress bar in the web client). Rules live in domain/exports.
import { builder } from "./builder.js";
import { badInput } from "../domain/errors.js";
import { filtersArg, ResultsFilterInput } from "./results-filter.js";
import type { ExportJob } from "../generated/prisma/client.js";
import type { ExportStatusEvent } from "../pubsub/bus.js";
import { downloadPath, exportTtlMs, getExportJob, statusEvent } from "../domain/exports/jobs.js";
import { startPdfExport } from "../domain/exports/pdf.js";
import type { GraphQLContext } from "./builder.js";

const ExportKindEnum = builder.enumType("ExportKind", { values: ["csv", "xlsx", "pdf"] as const });
const ExportStatusEnum = builder.enumType("ExportStatus", {
  values: ["generating", "finished", "failed"] as const,
  description: "spec 001 §4: generating, then finished or failed",
});

const absoluteDownloadUrl = (ctx: GraphQLContext, path: string | null) => (path ? `${ctx.config.publicUrl}/api/v5${path}` : null);

const ExportJobType = builder.objectRef<ExportJob>("ExportJob");
ExportJobType.implement({
  description: "A CSV, Excel or PDF file being generated for the person who asked",
  fields: (t) => ({
    id: t.globalID({ resolve: (j) => ({ type: ExportJobType, id: j.id }) }),
    legacyId: t.exposeString("id", { description: "the job's 24-hex id: the REST cacheId or PDF id" }),
    kind: t.field({ type: ExportKindEnum, resolve: (j) => j.kind }),
    status: t.field({ type: ExportStatusEnum, resolve: (j) => j.status }),
    progress: t.exposeInt("progress", { description: "0–100" }),
    error: t.exposeString("error", { nullable: true, description: "why it failed, for the person" }),
    createdAt: t.field({ type: "DateTime", resolve: (j) => j.createdAt }),
    finishedAt: t.field({ type: "DateTime", nullable: true, resolve: (j) => j.finishedAt }),
    expiresAt: t.field({
      type: "DateTime",
      nullable: true,
      description: "the file can be downloaded until then",
      resolve: (j) => (j.status === "finished" && j.finishedAt ? new Date(j.finishedAt.getTime() + exportTtlMs) : null),
    }),
    downloadUrl: t.string({
      nullable: true,
      description: "where to download the finished file (with the same sign-in); null until finished or after it expired",
      resolve: (j, _a, ctx) => absoluteDownloadUrl(ctx, downloadPath(j)),
    }),
  }),
});

const ExportStatusChange = builder.objectRef<ExportStatusEvent>("ExportStatusChange").implement({
  fields: (t) => ({
    id: t.globalID({ description: "the job's id", resolve: (e) => ({ type: ExportJobType, id: e.id }) }),
    kind: t.field({ type: ExportKindEnum, resolve: (e) => e.kind }),
    status: t.field({ type: ExportStatusEnum, resolve: (e) => e.status }),
    progress: t.exposeInt("progress", { description: "0–100" }),
    error: t.exposeString("error", { nullable: true }),
    finishedAt: t.expose("finishedAt", { type: "DateTime", nullable: true }),
    downloadUrl: t.string({
      nullable: true,
      resolve: (e, _a, ctx) => absoluteDownloadUrl(ctx, e.status === "finished" ? `/exports/${e.id}/download` : null),
    }),
  }),
});

builder.queryField("exportJob", (t) =>
  t.field({
    type: ExportJobType,
    description: "one of the caller's own export jobs; any other id is not found",
    args: { id: t.arg.globalID({ required: true, for: ExportJobType }) },
    resolve: (_root, { id }, ctx) => getExportJob(ctx, id.id),
  }),
);

const PrintModeEnum = builder.enumType("PdfPrintMode", { values: ["portrait", "landscape"] as const });
const PdfTypeEnum = builder.enumType("PdfType", { values: ["results", "customerJourney"] as const });

const journeyTypename = "CustomerJourney";
function journeyIdOf(decoded: { typename: string; id: string }): string {
  if (decoded.typename !== journeyTypename) throw badInput(`ID of a ${decoded.typename} is not of type: ${journeyTypename}`, "journeyId");
  return decoded.id;
}

const StartPdfExportInput = builder.inputType("StartPdfExportInput", {
  fields: (t) => ({
    components: t.stringList({ required: true, description: "the components to print (POST /results-pdf `data`)" }),
    filters: t.field({ type: ResultsFilterInput, description: "the results filters (spec 001 §3)" }),
    type: t.field({ type: PdfTypeEnum }),
    printMode: t.field({ type: PrintModeEnum, description: "default portrait; landscape for customerJourney" }),
    journeyId: t.globalID({ description: "customerJourney: the journey's global id (a CustomerJourney's)" }),
    locale: t.string({ description: "en, es or fi" }),
  }),
});

const StartExportPayload = builder.objectRef<{ id: string }>("StartExportPayload").implement({
  fields: (t) => ({
    exportJob: t.field({ type: ExportJobType, resolve: (p, _a, ctx) => getExportJob(ctx, p.id) }),
  }),
});

builder.mutationField("startPdfExport", (t) =>
  t.field({
    type: StartExportPayload,
    description: "Print the results (or a customer journey) as PDF in a queued job; follow it with exportStatusChanged",
    args: { input: t.arg({ type: StartPdfExportInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const id = await startPdfExport(ctx, {
        data: input.components,
        filters: filtersArg(input.filters),
        type: input.type ?? undefined,
        printMode: input.printMode ?? undefined,
        journeyId: input.journeyId ? journeyIdOf(input.journeyId) : undefined,
        locale: input.locale ?? undefined,
      });
      return { id };
    },
  }),
);

builder.subscriptionField("exportStatusChanged", (t) =>
  t.field({
    type: ExportStatusChange,
    description: "the caller's export job: its current state at once, then every change until it is finished or failed",
    args: { id: t.arg.globalID({ required: true, for: ExportJobType, description: "the job's id" }) },
    subscribe: (_root, { id }, ctx) => exportStatusStream(ctx, id.id),
    resolve: (event) => event,
  }),
);

/** The current state, then the bus's events, ending after finished or failed. */
async function* exportStatusStream(ctx: GraphQLContext, id: string): AsyncGenerator<ExportStatusEvent> {
  const job = await getExportJob(ctx, id);
  // Listen before reading the state again, so no change between the two is lost.
  const iterator = ctx.bus.subscribe("export:status", job.id)[Symbol.asyncIterator]();
  try {
    const current = statusEvent(await getExportJob(ctx, id));
    yield current;
    if (current.status !== "generating") return;
    let last = current;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      const event = next.value;
      // Older progress arriving late is skipped: the bar never goes back.
      if (event.status === "generating" && event.progress < last.progress) continue;
      last = event;
      yield event;
      if (event.status !== "generating") return;
    }
  } finally {
    await iterator.return?.();
  }
}
