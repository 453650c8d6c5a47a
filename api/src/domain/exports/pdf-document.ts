// The PDF report as a document (issue 15 "PDF report"): what the printer adds to the printed results
// page. A cover page (the organisation's name and logo, the period, the filters applied, when it was
// made), print rules that keep each chart or question block on one page without forcing a page per
// question, and a footer with "Page X of Y". pdf.ts puts them on the page; the texts here are the
// server's own in en, es and fi (the printed page's language).
import type { PrismaClient } from "../../generated/prisma/client.js";
import type { ResultsFilters } from "../results-scope/filters.js";

export type PdfLocale = "en" | "es" | "fi";

const words = {
  en: {
    report: "Results report",
    journeyReport: "Customer journey report",
    period: "Period",
    filters: "Filters",
    noFilters: "All surveys and touchpoints you may see",
    surveys: "Surveys",
    touchpoints: "Touchpoints",
    team: "Team",
    restricted: "Restricted by answers",
    metadata: "Metadata",
    groupedBy: "Grouped by",
    created: "Created",
    page: (x: string, y: string) => `Page ${x} of ${y}`,
  },
  es: {
    report: "Informe de resultados",
    journeyReport: "Informe del recorrido del cliente",
    period: "Periodo",
    filters: "Filtros",
    noFilters: "Todas las encuestas y puntos de contacto que puede ver",
    surveys: "Encuestas",
    touchpoints: "Puntos de contacto",
    team: "Equipo",
    restricted: "Restringido por respuestas",
    metadata: "Metadatos",
    groupedBy: "Agrupado por",
    created: "Creado",
    page: (x: string, y: string) => `Página ${x} de ${y}`,
  },
  fi: {
    report: "Tulosraportti",
    journeyReport: "Asiakaspolun raportti",
    period: "Aikaväli",
    filters: "Suodattimet",
    noFilters: "Kaikki kyselyt ja kosketuspisteet, jotka voit nähdä",
    surveys: "Kyselyt",
    touchpoints: "Kosketuspisteet",
    team: "Tiimi",
    restricted: "Rajattu vastausten mukaan",
    metadata: "Metatiedot",
    groupedBy: "Ryhmittely",
    created: "Luotu",
    page: (x: string, y: string) => `Sivu ${x} / ${y}`,
  },
} as const;

export type CoverInfo = {
  organizationName: string;
  countryCode: string;
  /** A data: URL of the organisation's logo, when one is set. */
  logoDataUrl: string | null;
  fromDay: string;
  toDay: string;
  surveys: string[];
  touchpoints: string[];
  team: string | null;
  restrictedAnswers: number;
  metadata: string[];
  groupBy: string | null;
  journeyName: string | null;
  /** When the report was made. */
  createdAt: Date;
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** A day (yyyy-MM-dd) as the product writes dates (spec 000 §9): 05.03.2024, or 03/05/2024 in the US and Canada. */
export function formatDay(day: string, countryCode: string): string {
  const [y, m, d] = day.split("-");
  return countryCode === "US" || countryCode === "CA" ? `${m}/${d}/${y}` : `${d}.${m}.${y}`;
}

function formatMoment(at: Date, countryCode: string): string {
  const day = at.toISOString().slice(0, 10);
  return `${formatDay(day, countryCode)} ${at.toISOString().slice(11, 16)} UTC`;
}

/** Reads what the cover names: the organisation, its logo, and the names behind the filters' ids (within the organisation). */
export async function readCoverInfo(
  prisma: PrismaClient,
  organizationId: string,
  filters: ResultsFilters,
  opts: { journeyId?: string | null; now?: Date } = {},
): Promise<CoverInfo> {
  const [organization, logo, surveys, touchpoints, unit, journey] = await Promise.all([
    prisma.organization.findUniqueOrThrow({ where: { id: organizationId }, select: { name: true, countryCode: true } }),
    prisma.organizationLogo.findUnique({ where: { organizationId }, select: { contentType: true, data: true } }),
    filters.surveyIds.length
      ? prisma.survey.findMany({ where: { organizationId, id: { in: filters.surveyIds } }, select: { name: true }, orderBy: { name: "asc" } })
      : Promise.resolve([]),
    filters.touchpointIds.length
      ? prisma.touchpoint.findMany({ where: { organizationId, id: { in: filters.touchpointIds } }, select: { name: true }, orderBy: { name: "asc" } })
      : Promise.resolve([]),
    filters.unitId ? prisma.unit.findFirst({ where: { organizationId, id: filters.unitId }, select: { name: true } }) : Promise.resolve(null),
    opts.journeyId ? prisma.customerJourney.findFirst({ where: { organizationId, id: opts.journeyId }, select: { name: true } }) : Promise.resolve(null),
  ]);
  return {
    organizationName: organization.name,
    countryCode: organization.countryCode,
    logoDataUrl: logo ? `data:${logo.contentType};base64,${Buffer.from(logo.data).toString("base64")}` : null,
    fromDay: filters.fromDay,
    toDay: filters.toDay,
    surveys: surveys.map((s) => s.name),
    touchpoints: touchpoints.map((t) => t.name),
    team: unit?.name ?? null,
    restrictedAnswers: filters.restrictByAnswer.length,
    metadata: filters.metaDataMatch?.items.map((i) => `${i.key} = ${i.value}`) ?? [],
    groupBy: filters.groupBy === "metadata" ? filters.groupByMetaKey : filters.groupBy,
    journeyName: journey?.name ?? null,
    createdAt: opts.now ?? new Date(),
  };
}

/** The cover page's HTML (a section that ends with a page break), every text escaped. */
export function coverHtml(info: CoverInfo, locale: PdfLocale, orientation: "portrait" | "landscape" = "portrait"): string {
  const w = words[locale];
  const period = `${formatDay(info.fromDay, info.countryCode)} – ${formatDay(info.toDay, info.countryCode)}`;
  const filters: [string, string][] = [];
  if (info.surveys.length) filters.push([w.surveys, info.surveys.join(", ")]);
  if (info.touchpoints.length) filters.push([w.touchpoints, info.touchpoints.join(", ")]);
  if (info.team) filters.push([w.team, info.team]);
  if (info.restrictedAnswers) filters.push([w.restricted, String(info.restrictedAnswers)]);
  if (info.metadata.length) filters.push([w.metadata, info.metadata.join(", ")]);
  const rows = filters.length
    ? filters.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join("")
    : `<dt>${escapeHtml(w.filters)}</dt><dd>${escapeHtml(w.noFilters)}</dd>`;
  const title = info.journeyName ? `${w.journeyReport}: ${info.journeyName}` : w.report;
  return `<section class="pdf-cover pdf-cover--${orientation}" data-pdf-cover="true">
  ${info.logoDataUrl ? `<img class="pdf-cover__logo" src="${escapeHtml(info.logoDataUrl)}" alt="${escapeHtml(info.organizationName)}">` : ""}
  <p class="pdf-cover__organization">${escapeHtml(info.organizationName)}</p>
  <h1 class="pdf-cover__title">${escapeHtml(title)}</h1>
  <p class="pdf-cover__period"><span>${escapeHtml(w.period)}</span> ${escapeHtml(period)}</p>
  <dl class="pdf-cover__filters">${rows}</dl>
  <p class="pdf-cover__created">${escapeHtml(w.created)} ${escapeHtml(formatMoment(info.createdAt, info.countryCode))}</p>
</section>`;
}

/**
 * The print rules added to the printed page: the cover fills the first page; a chart, a question's
 * block, a card or a table row is never split across pages, but nothing forces a new page per
 * question, so pages fill up (no half-empty pages). Headings stay with what follows them.
 */
export const printCss = `
html, body, .app, .app__main { background: #fff !important; }
.pdf-cover { display: flex; flex-direction: column; justify-content: center; gap: 6mm; min-height: 245mm; padding: 0 12mm; box-sizing: border-box;
  break-after: page; page-break-after: always; font-family: system-ui, sans-serif; color: #111827; }
.pdf-cover--landscape { min-height: 160mm; }
.pdf-cover::before { content: ""; display: block; width: 24mm; height: 2mm; background: #1d4ed8; border-radius: 1mm; }
.pdf-cover__logo { max-width: 60mm; max-height: 30mm; object-fit: contain; align-self: flex-start; }
.pdf-cover__organization { margin: 0; font-size: 14pt; font-weight: 600; color: #374151; }
.pdf-cover__title { margin: 0; font-size: 28pt; line-height: 1.15; }
.pdf-cover__period { margin: 0; font-size: 14pt; }
.pdf-cover__period span { font-weight: 600; margin-right: 2mm; }
.pdf-cover__filters { display: grid; grid-template-columns: max-content 1fr; gap: 2mm 6mm; margin: 4mm 0 0; padding: 4mm 0 0; border-top: 1px solid #d1d5db; font-size: 11pt; }
.pdf-cover__filters dt { font-weight: 600; }
.pdf-cover__filters dd { margin: 0; }
.pdf-cover__created { margin: 0; font-size: 9pt; color: #4b5563; }
.chart, figure, .card, .ui-card, .kpi, tr, svg { break-inside: avoid; page-break-inside: avoid; }
/* A question's block may continue on the next page between its charts: kept whole, a block taller
   than what is left of a page moved entirely and left the page half empty. */
.question-result, .results-page--print .question-result { break-inside: auto !important; page-break-inside: auto !important; }
h1, h2, h3, .question-result__title, .question-result__facts { break-after: avoid; page-break-after: avoid; }
.question-result, .question-results > *, .results-grid > * { break-before: auto !important; page-break-before: auto !important; }
`;

/** The footer on every page: "Page X of Y" (Chromium fills pageNumber and totalPages). */
export function footerTemplate(locale: PdfLocale): string {
  const text = words[locale].page('<span class="pageNumber"></span>', '<span class="totalPages"></span>');
  return `<div style="width:100%;font-family:system-ui,sans-serif;font-size:8pt;color:#4b5563;text-align:center;padding:0 10mm;">${text}</div>`;
}
