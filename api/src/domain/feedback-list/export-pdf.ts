// The feedback list as PDF (spec 001 §7 POST /results/list format pdf → cacheId): the same rows and
// columns as the CSV and XLSX files (./export-run.ts resolves the scope as the member or the share
// link sees it when the job runs), laid out as a table in landscape A4 and printed by the same
// Chromium as the results PDF (../exports/pdf.ts). A PDF is for reading, not for data: it holds the
// newest `pdfRowCap` responses and says so when there are more (the CSV and XLSX files hold them all).
import { existsSync } from "node:fs";
import { chromium } from "playwright-core";
import type { ExportProducerJob } from "../exports/producers.js";
import { DomainError } from "../errors.js";
import { chromiumArgs, pdfMessages } from "../exports/pdf.js";
import { parseInput } from "../validation.js";
import { exportRequestSchema, filePlanInput } from "./export-run.js";
import { formatRow, headerOf, normaliseRow, planFeedbackList, rowsQuery } from "./query.js";
import { countRows } from "./stream.js";

/** Rows a feedback-list PDF holds at most (newest first). */
const pdfRowCap = 2000;

const texts = {
  en: {
    title: "Feedback list",
    count: (shown: number, total: number) => (shown < total ? `The newest ${shown} of ${total} responses (export CSV or Excel for all)` : `${total} responses`),
  },
  es: {
    title: "Lista de comentarios",
    count: (shown: number, total: number) =>
      shown < total ? `Las ${shown} respuestas más recientes de ${total} (exporte CSV o Excel para verlas todas)` : `${total} respuestas`,
  },
  fi: {
    title: "Palautelista",
    count: (shown: number, total: number) => (shown < total ? `Uusimmat ${shown}/${total} vastausta (kaikki CSV- tai Excel-viennillä)` : `${total} vastausta`),
  },
} as const;

const escapeHtml = (v: unknown) => String(v ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The printable page: a heading, the count, and the table. */
function feedbackListHtml(locale: string, header: string[], rows: (string | number | null)[][], total: number): string {
  const t = texts[locale.slice(0, 2) as keyof typeof texts] ?? texts.en;
  return `<!doctype html><html lang="${escapeHtml(locale)}"><head><meta charset="utf-8"><title>${escapeHtml(t.title)}</title><style>
    body { font-family: "DejaVu Sans", Arial, sans-serif; font-size: 7pt; color: #111; }
    h1 { font-size: 14pt; margin: 0 0 4pt; }
    p { margin: 0 0 8pt; color: #444; }
    table { border-collapse: collapse; width: 100%; table-layout: auto; }
    /* Lines break between words only (a column is as wide as its longest word), so every value reads whole. */
    th, td { border: 0.5pt solid #999; padding: 2pt 3pt; text-align: left; vertical-align: top; word-break: normal; overflow-wrap: normal; hyphens: none; }
    th { background: #eee; }
    thead { display: table-header-group; }
    tr { page-break-inside: avoid; }
  </style></head><body><h1>${escapeHtml(t.title)}</h1><p>${escapeHtml(t.count(rows.length, total))}</p><table><thead><tr>${header
    .map((h) => `<th>${escapeHtml(h)}</th>`)
    .join("")}</tr></thead><tbody>${rows.map((r) => `<tr>${r.map((c) => `<td>${escapeHtml(c)}</td>`).join("")}</tr>`).join("")}</tbody></table></body></html>`;
}

type PdfJob = Pick<ExportProducerJob, "ctx" | "request" | "outputPath" | "reportProgress"> & { shareTokenId?: string | null };

export async function runFeedbackListPdf(job: PdfJob): Promise<{ rows: number; total: number }> {
  const { chromiumPath } = job.ctx.config;
  if (!existsSync(chromiumPath)) throw new DomainError("BAD_USER_INPUT", pdfMessages.needsChromium);
  const request = parseInput(exportRequestSchema, job.request);
  const { planInput, minRows } = await filePlanInput(job.ctx, request, job.shareTokenId);
  const prisma = job.ctx.prisma;
  const plan = await planFeedbackList(prisma, planInput);
  const counted = await countRows(prisma, plan);
  // A share link's hideResultsIfLessThan: with fewer rows in its scope the file has none.
  const total = minRows != null && counted < minRows ? 0 : counted;
  await job.reportProgress(10);
  let rows: (string | number | null)[][] = [];
  if (total > 0) {
    const q = rowsQuery(plan, { limit: pdfRowCap });
    const raw = await prisma.$queryRawUnsafe<Record<string, unknown>[]>(q.text, ...q.values);
    rows = raw.map((r) => formatRow(plan, normaliseRow(r)).cells);
  }
  await job.reportProgress(30);
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true });
  try {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.setContent(feedbackListHtml(plan.locale, headerOf(plan), rows, total), { waitUntil: "load", timeout: 60_000 });
    await job.reportProgress(60);
    await page.pdf({
      path: job.outputPath,
      format: "A4",
      landscape: true,
      printBackground: true,
      margin: { top: "10mm", bottom: "10mm", left: "8mm", right: "8mm" },
    });
    await job.reportProgress(95);
    await context.close();
  } finally {
    await browser.close().catch(() => {});
  }
  return { rows: rows.length, total };
}
