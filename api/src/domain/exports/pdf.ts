// Results as PDF (spec 001 §7 POST /results-pdf with `data`, a list of components; a PDF type
// customerJourney with a landscape print mode): headless Chromium opens the real web results page
// and prints it, so the PDF shows the charts as they are drawn on screen.
//
// The page opens without a session through a short-lived internal share link (5 minutes, deleted as
// soon as the page is printed) holding the requested filters, bounded like any link to what the
// person sees. The address is `/results?token=…&print=1&components=a,b&printMode=portrait|landscape
// &type=results|customerJourney[&journeyId=…]&locale=…` (a customerJourney prints
// `/customer-journey/analytics/{journeyId}` with the same parameters). The page marks itself ready to print by
// setting `data-print-ready="true"` on <html> or <body> once its charts are drawn; the printer waits
// for that up to 20 seconds (then prints what is there).
//
// A share link's visitor prints too: the job belongs to the link (jobs.ts), and the internal link
// then holds what the visitor's link shows when the job runs (its filters with the visitor's allowed
// changes, its creator, hideTimestamps, hideResultsIfLessThan and smileyScale).
import { existsSync } from "node:fs";
import { z } from "zod";
import type { DomainContext } from "../context.js";
import { DomainError } from "../errors.js";
import { parseInput } from "../validation.js";
import { parseResultsFilters } from "../results-scope/filters.js";
import { generateShareToken } from "../results-scope/share-token.js";
import { shareFiltersBoundToCreator } from "../results-scope/link-filters.js";
import { internalPrintMarker, resolveShareScopeById } from "../results-scope/share-link.js";
import { requireShareLinkOpen } from "../../permissions/locked.js";
import { defineExportProducer, type ExportProducerJob } from "./producers.js";
import { exportMakerOf, startExport } from "./jobs.js";
import { journeyMessages } from "../journeys/journeys.js";
import { coverHtml, footerTemplate, printCss, readCoverInfo } from "./pdf-document.js";

export const pdfMessages = {
  /** Chromium is missing on the machine that runs the job. */
  needsChromium: "PDF export needs Chromium, which is not installed on the server. Contact support.",
  componentsRequired: "data must list the components to print",
  journeyRequired: "A customerJourney PDF needs the journeyId",
} as const;

/** The flags notes/toolchain.md lists for Debian's Chromium in containers. */
export const chromiumArgs = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

const pdfRequestSchema = z.object({
  data: z
    .array(z.union([z.string().trim().min(1).max(100), z.record(z.string(), z.unknown())]), { message: pdfMessages.componentsRequired })
    .min(1, pdfMessages.componentsRequired)
    .max(200, "data can list at most 200 components"),
  filters: z.record(z.string(), z.unknown(), { message: "filters must be an object" }).optional(),
  type: z.enum(["results", "customerJourney"], { message: "type must be results or customerJourney" }).optional(),
  printMode: z.enum(["portrait", "landscape"], { message: "printMode must be portrait or landscape" }).optional(),
  journeyId: z
    .string()
    .regex(/^[0-9a-f]{24}$/, "Invalid id: ids are 24 hexadecimal characters")
    .optional(),
  locale: z.enum(["en", "es", "fi"], { message: "Locale must be en, es or fi" }).optional(),
});
export type PdfRequest = z.output<typeof pdfRequestSchema>;

/** A component's name for the address: a string as given, an object by its id, questionId or name. */
function componentName(c: string | Record<string, unknown>): string {
  if (typeof c === "string") return c;
  for (const key of ["id", "questionId", "name", "type"]) if (typeof c[key] === "string") return c[key] as string;
  return JSON.stringify(c);
}

function printUrl(publicUrl: string, token: string, request: PdfRequest): string {
  // A customer journey prints its own analytics page (the same page its share links open).
  const url = new URL(request.type === "customerJourney" && request.journeyId ? `/customer-journey/analytics/${request.journeyId}` : "/results", publicUrl);
  url.searchParams.set("token", token);
  url.searchParams.set("print", "1");
  url.searchParams.set("components", request.data.map(componentName).join(","));
  url.searchParams.set("printMode", request.printMode ?? (request.type === "customerJourney" ? "landscape" : "portrait"));
  url.searchParams.set("type", request.type ?? "results");
  if (request.journeyId) url.searchParams.set("journeyId", request.journeyId);
  if (request.locale) url.searchParams.set("locale", request.locale);
  return url.toString();
}

const readyTimeoutMs = 20_000;
const internalLinkMs = 5 * 60_000;

async function producePdf(job: ExportProducerJob): Promise<void> {
  const request = job.request as PdfRequest;
  const { chromiumPath, publicUrl } = job.ctx.config;
  if (!existsSync(chromiumPath)) throw new DomainError("BAD_USER_INPUT", pdfMessages.needsChromium);

  // The internal link: the person's filters, bounded to what they see, gone after printing; for a
  // visitor, what their link shows now (a link removed or expired since fails the job).
  const share = job.shareTokenId ? await resolveShareScopeById(job.ctx.prisma, job.shareTokenId, request.filters ?? {}) : null;
  // A link's organisation locked since the export started: the link is closed (permissions/locked.ts).
  if (share) await requireShareLinkOpen(job.ctx, share.organizationId);
  const filters = share ? share.filters : await shareFiltersBoundToCreator(job.ctx, request.filters ?? {});
  const { token, tokenHash } = generateShareToken();
  const link = await job.ctx.prisma.shareToken.create({
    data: {
      organizationId: job.organizationId,
      createdByUserId: job.userId,
      token: tokenHash,
      name: share ? share.options.name : "PDF export",
      filters: filters as object,
      allowChanges: [internalPrintMarker],
      expiredAt: new Date(Date.now() + internalLinkMs),
      hideTimestamps: share?.options.hideTimestamps ?? false,
      hideResultsIfLessThan: share?.options.hideResultsIfLessThan ?? null,
      smileyScale: (share?.options.smileyScale ?? undefined) as object | undefined,
      // a journey's PDF: the printer's link opens that journey only
      journeyId: request.type === "customerJourney" ? (request.journeyId ?? null) : null,
    },
    select: { id: true },
  });
  // The cover names what the printed page shows: the same filters, read before the link can expire.
  const locale = request.locale ?? "en";
  const cover = coverHtml(
    await readCoverInfo(job.ctx.prisma, job.organizationId, parseResultsFilters(filters), {
      journeyId: request.type === "customerJourney" ? request.journeyId : null,
    }),
    locale,
    (request.printMode ?? (request.type === "customerJourney" ? "landscape" : "portrait")) === "landscape" ? "landscape" : "portrait",
  );
  await job.reportProgress(5);
  // Loaded on first use: playwright-core takes over a second to import, which every start would pay.
  const { chromium } = await import("playwright-core");
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true });
  try {
    await job.reportProgress(15);
    const landscape = (request.printMode ?? (request.type === "customerJourney" ? "landscape" : "portrait")) === "landscape";
    const context = await browser.newContext({
      viewport: landscape ? { width: 1400, height: 900 } : { width: 1000, height: 1400 },
      locale: request.locale ?? "en",
      // The cover and print rules are added to the page (pdf-document.ts); the page's CSP allows no inline style.
      bypassCSP: true,
    });
    const page = await context.newPage();
    const response = await page.goto(printUrl(publicUrl, token, request), { waitUntil: "networkidle", timeout: 60_000 });
    if (!response || response.status() >= 400) throw new Error(`the results page answered ${response?.status() ?? "nothing"}`);
    await job.reportProgress(50);
    await page
      .waitForSelector('html[data-print-ready="true"], body[data-print-ready="true"]', { timeout: readyTimeoutMs, state: "attached" })
      .catch(() => undefined);
    await job.reportProgress(75);
    // A document, not a printed screen (pdf-document.ts): the cover first, blocks kept whole, page numbers below.
    await page.addStyleTag({ content: printCss });
    await page.evaluate((html) => document.body.insertAdjacentHTML("afterbegin", html), cover);
    await page.emulateMedia({ media: "print" });
    await page.pdf({
      path: job.outputPath,
      format: "A4",
      landscape,
      printBackground: true,
      displayHeaderFooter: true,
      headerTemplate: "<span></span>",
      footerTemplate: footerTemplate(locale),
      margin: { top: "12mm", bottom: "16mm", left: "10mm", right: "10mm" },
    });
    await job.reportProgress(95);
    await context.close();
  } finally {
    await browser.close().catch(() => {});
    await job.ctx.prisma.shareToken.deleteMany({ where: { id: link.id } });
  }
}

const pdfProducer = defineExportProducer("results.pdf", producePdf);

/**
 * POST /results-pdf: checks the request (components, filters), starts the job and answers its id.
 * With a share token (no session) the job belongs to the link.
 */
export async function startPdfExport(ctx: DomainContext, input: unknown, opts: { shareToken?: string | null } = {}): Promise<string> {
  const request = parseInput(pdfRequestSchema, input);
  // Bad filters are refused now, not after the job has started (a visitor's as merged into the link's).
  const maker = await exportMakerOf(ctx, opts.shareToken, request.filters ?? {});
  parseResultsFilters(maker.share ? maker.share.filters : (request.filters ?? {}));
  // A customer journey's PDF names a journey of the organisation (another's, or none: refused now).
  if (request.type === "customerJourney") {
    if (!request.journeyId) throw new DomainError("BAD_USER_INPUT", pdfMessages.journeyRequired, "journeyId");
    const journey = await maker.db.customerJourney.findFirst({ where: { id: request.journeyId }, select: { id: true } });
    if (!journey) throw new DomainError("NOT_FOUND", journeyMessages.notFound);
    // through a share link: only the link's own journey
    if (maker.share && maker.share.journeyId !== request.journeyId) throw new DomainError("FORBIDDEN", journeyMessages.shareLinkOfAnotherJourney);
  }
  return startExport(ctx, { kind: "pdf", request, producer: pdfProducer, shareToken: opts.shareToken, journeyPdf: request.type === "customerJourney" });
}
