// The weekly digest mail in the user's language (en, es, fi; the profile locale se reads English,
// as every mail does): the average now and earlier, the response counts, the best and worst day and
// hour, the busiest and quietest day, and "No data" where the week has no responses.
import type { DigestFigures } from "./content.js";

export type DigestLanguage = "en" | "es" | "fi";
export const digestLanguage = (locale: string): DigestLanguage => (locale === "es" || locale === "fi" ? locale : "en");

const texts = {
  en: {
    subject: (org: string) => `Your weekly feedback report: ${org}`,
    hello: (name: string) => (name ? `Hello ${name},` : "Hello,"),
    intro: (from: string, to: string, org: string) => `Here is the feedback of ${org} for the week ${from} – ${to}.`,
    average: "Average satisfaction",
    earlier: "the week before",
    responses: "Responses this week",
    allTime: "Responses in total",
    bestDay: "Best day",
    worstDay: "Worst day",
    bestHour: "Best hour",
    worstHour: "Worst hour",
    busiestDay: "Busiest day",
    quietestDay: "Quietest day",
    noData: "No data",
    unsubscribe: "Stop these weekly reports",
    days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
  },
  es: {
    subject: (org: string) => `Tu informe semanal de opiniones: ${org}`,
    hello: (name: string) => (name ? `Hola ${name}:` : "Hola:"),
    intro: (from: string, to: string, org: string) => `Estas son las opiniones de ${org} de la semana ${from} – ${to}.`,
    average: "Satisfacción media",
    earlier: "la semana anterior",
    responses: "Respuestas esta semana",
    allTime: "Respuestas en total",
    bestDay: "Mejor día",
    worstDay: "Peor día",
    bestHour: "Mejor hora",
    worstHour: "Peor hora",
    busiestDay: "Día con más respuestas",
    quietestDay: "Día con menos respuestas",
    noData: "Sin datos",
    unsubscribe: "Dejar de recibir estos informes semanales",
    days: ["lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo"],
  },
  fi: {
    subject: (org: string) => `Viikkoraporttisi palautteista: ${org}`,
    hello: (name: string) => (name ? `Hei ${name},` : "Hei,"),
    intro: (from: string, to: string, org: string) => `Tässä organisaation ${org} palautteet viikolta ${from} – ${to}.`,
    average: "Keskimääräinen tyytyväisyys",
    earlier: "edellinen viikko",
    responses: "Vastauksia tällä viikolla",
    allTime: "Vastauksia yhteensä",
    bestDay: "Paras päivä",
    worstDay: "Heikoin päivä",
    bestHour: "Paras tunti",
    worstHour: "Heikoin tunti",
    busiestDay: "Vilkkain päivä",
    quietestDay: "Hiljaisin päivä",
    noData: "Ei tietoja",
    unsubscribe: "Lopeta viikkoraporttien tilaus",
    days: ["maanantai", "tiistai", "keskiviikko", "torstai", "perjantai", "lauantai", "sunnuntai"],
  },
} as const;

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const dateOf = (day: string, lang: DigestLanguage) => {
  const [y, m, d] = day.split("-");
  return lang === "fi" ? `${Number(d)}.${Number(m)}.${y}` : lang === "es" ? `${d}/${m}/${y}` : day;
};
const pct = (v: number | null, lang: DigestLanguage) => (v === null ? null : `${new Intl.NumberFormat(lang, { maximumFractionDigits: 1 }).format(v)} %`);
const hourOf = (h: number) => `${String(h).padStart(2, "0")}:00–${String(h).padStart(2, "0")}:59`;

export type RenderedDigest = { subject: string; text: string; html: string; language: DigestLanguage };

export function renderDigest(
  figures: DigestFigures,
  opts: { locale: string; organizationName: string; displayName: string; unsubscribeUrl: string },
): RenderedDigest {
  const lang = digestLanguage(opts.locale);
  const x = texts[lang];
  const noData = figures.responses.now === 0;
  const day = (d: number | null) => (d === null ? x.noData : x.days[d - 1]!);
  const hour = (h: number | null) => (h === null ? x.noData : hourOf(h));
  const avgNow = pct(figures.average.now, lang) ?? x.noData;
  const avgEarlier = pct(figures.average.earlier, lang) ?? x.noData;
  const rows: [string, string][] = [
    [x.average, `${noData ? x.noData : avgNow} (${x.earlier}: ${avgEarlier})`],
    [x.responses, `${figures.responses.now} (${x.earlier}: ${figures.responses.earlier})`],
    [x.allTime, String(figures.responses.allTime)],
    [x.bestDay, noData ? x.noData : day(figures.bestDay)],
    [x.worstDay, noData ? x.noData : day(figures.worstDay)],
    [x.bestHour, noData ? x.noData : hour(figures.bestHour)],
    [x.worstHour, noData ? x.noData : hour(figures.worstHour)],
    [x.busiestDay, noData ? x.noData : day(figures.busiestDay)],
    [x.quietestDay, noData ? x.noData : day(figures.quietestDay)],
  ];
  const subject = x.subject(opts.organizationName);
  const intro = x.intro(dateOf(figures.from, lang), dateOf(figures.to, lang), opts.organizationName);
  const text =
    [x.hello(opts.displayName), intro, rows.map(([k, v]) => `${k}: ${v}`).join("\n"), `${x.unsubscribe}: ${opts.unsubscribeUrl}`].join("\n\n") + "\n";
  const html = `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:system-ui,-apple-system,'Segoe UI',sans-serif;line-height:1.5;color:#1a1a1a;max-width:560px;margin:24px auto;padding:0 16px">
<p>${escapeHtml(x.hello(opts.displayName))}</p>
<p>${escapeHtml(intro)}</p>
<table style="border-collapse:collapse">
${rows.map(([k, v]) => `<tr><th scope="row" style="text-align:left;padding:4px 16px 4px 0">${escapeHtml(k)}</th><td style="padding:4px 0">${escapeHtml(v)}</td></tr>`).join("\n")}
</table>
<p style="color:#555;font-size:13px;margin-top:24px"><a href="${escapeHtml(opts.unsubscribeUrl)}" style="color:#1f5fbf">${escapeHtml(x.unsubscribe)}</a></p>
</body></html>
`;
  return { subject, text, html, language: lang };
}
