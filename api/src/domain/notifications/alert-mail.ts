// The alert a notification rule sends (docs/notifications.md "The alert"): one message per
// recipient, in the recipient's language (their profile's when they are a user, else English), with
// the chosen answers (messageContentFromQuestionIds, or every answer), the response's metadata, its
// local time in the organisation's time zone, a link to the response in the feedback list and an
// unsubscribe link that removes only this recipient from this rule. Plain text, or formatted
// (markdown in the text part, the same structure in HTML) when the rule's format is markdown.
import type { RenderedMessage } from "../../mail/queue-mail.js";
import { sliderScaleOf, smileyButtonsOf, type RuleAnswer, type RuleQuestion } from "./conditions.js";

export type AlertLanguage = "en" | "es" | "fi";

export type AlertQuestion = RuleQuestion & { title: Record<string, string>; position: number };

export type AlertInput = {
  language: AlertLanguage;
  format: "plain" | "markdown";
  ruleName: string;
  surveyName: string;
  touchpointName: string;
  timeZone: string;
  receivedAt: Date;
  questions: AlertQuestion[];
  answers: ReadonlyMap<string, RuleAnswer>;
  /** null: every answered question */
  includeQuestionIds: string[] | null;
  metadata: Record<string, string>;
  responseLink: string;
  unsubscribeLink: string;
};

const words = {
  en: {
    subject: (survey: string) => `Notification from your survey ${survey}`,
    intro: (rule: string, survey: string, touchpoint: string) => `A response to ${survey} at ${touchpoint} matched your notification rule "${rule}".`,
    received: "Received",
    answers: "Answers",
    metadata: "Metadata",
    noAnswer: "(no answer)",
    open: "Open the response in the feedback list",
    unsubscribe: "Stop these alerts for this address",
  },
  es: {
    subject: (survey: string) => `Notificación de tu encuesta ${survey}`,
    intro: (rule: string, survey: string, touchpoint: string) => `Una respuesta a ${survey} en ${touchpoint} cumple tu regla de notificación "${rule}".`,
    received: "Recibida",
    answers: "Respuestas",
    metadata: "Metadatos",
    noAnswer: "(sin respuesta)",
    open: "Abrir la respuesta en la lista de comentarios",
    unsubscribe: "Dejar de recibir estos avisos en esta dirección",
  },
  fi: {
    subject: (survey: string) => `Ilmoitus kyselystäsi ${survey}`,
    intro: (rule: string, survey: string, touchpoint: string) =>
      `Vastaus kyselyyn ${survey} kosketuspisteessä ${touchpoint} täytti ilmoitussääntösi "${rule}" ehdot.`,
    received: "Vastaanotettu",
    answers: "Vastaukset",
    metadata: "Metatiedot",
    noAnswer: "(ei vastausta)",
    open: "Avaa vastaus palautelistassa",
    unsubscribe: "Lopeta nämä ilmoitukset tähän osoitteeseen",
  },
} as const;

const localeTag: Record<AlertLanguage, string> = { en: "en-GB", es: "es-ES", fi: "fi-FI" };

function localized(text: Record<string, string> | unknown, language: string): string {
  if (!text || typeof text !== "object") return "";
  const t = text as Record<string, string>;
  return t[language] ?? t.en ?? Object.values(t)[0] ?? "";
}

/** An answer as a person reads it. */
export function answerText(q: AlertQuestion, a: RuleAnswer, language: AlertLanguage): string {
  const choice = (id: string) => localized(q.choices.find((c) => c.id === id)?.text, language) || id;
  switch (q.type) {
    case "smiley": {
      const buttons = smileyButtonsOf(q);
      return a.numericValue === null ? "" : `${Math.round(a.numericValue * (buttons - 1)) + 1}/${buttons}`;
    }
    case "nps":
      return a.numericValue === null ? "" : `${a.numericValue}/10`;
    case "slider": {
      const { min, max } = sliderScaleOf(q);
      return a.numericValue === null ? "" : `${Math.round((min + a.numericValue * (max - min)) * 100) / 100} (${min}–${max})`;
    }
    case "singleChoice":
    case "multipleChoice":
    case "emotion":
      return a.choiceIds.map(choice).join(", ");
    case "contactDetails":
      try {
        return Object.values(JSON.parse(a.textValue ?? "{}") as Record<string, string>).join(", ");
      } catch {
        return a.textValue ?? "";
      }
    default:
      return a.textValue ?? "";
  }
}

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
/** Markdown's special characters in text that comes from respondents. */
const escapeMarkdown = (s: string) => s.replace(/([\\`*_[\]#>|])/g, "\\$1");

export function renderAlert(input: AlertInput): RenderedMessage & { language: AlertLanguage } {
  const w = words[input.language];
  const time = new Intl.DateTimeFormat(localeTag[input.language], {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: input.timeZone,
  }).format(input.receivedAt);
  const shown = [...input.questions]
    .sort((a, b) => a.position - b.position)
    .filter((q) => (input.includeQuestionIds ? input.includeQuestionIds.includes(q.id) : input.answers.has(q.id)));
  const rows = shown.map((q) => {
    const a = input.answers.get(q.id);
    return { title: localized(q.title, input.language) || q.id, value: a ? answerText(q, a, input.language) : w.noAnswer };
  });
  const meta = Object.entries(input.metadata);
  const md = input.format === "markdown";
  const e = md ? escapeMarkdown : (s: string) => s;

  const text: string[] = [];
  text.push(w.intro(input.ruleName, input.surveyName, input.touchpointName), "");
  text.push(`${w.received}: ${time} (${input.timeZone})`, "");
  text.push(md ? `## ${w.answers}` : `${w.answers}:`);
  for (const r of rows) text.push(md ? `- **${e(r.title)}**: ${e(r.value)}` : `- ${r.title}: ${r.value}`);
  if (meta.length) {
    text.push("", md ? `## ${w.metadata}` : `${w.metadata}:`);
    for (const [k, v] of meta) text.push(md ? `- **${e(k)}**: ${e(v)}` : `- ${k}: ${v}`);
  }
  text.push("", md ? `[${w.open}](${input.responseLink})` : `${w.open}: ${input.responseLink}`);
  text.push("", md ? `[${w.unsubscribe}](${input.unsubscribeLink})` : `${w.unsubscribe}: ${input.unsubscribeLink}`);

  const h = escapeHtml;
  const list = (items: [string, string][]) =>
    md
      ? `<ul>${items.map(([k, v]) => `<li><strong>${h(k)}</strong>: ${h(v)}</li>`).join("")}</ul>`
      : `<ul>${items.map(([k, v]) => `<li>${h(k)}: ${h(v)}</li>`).join("")}</ul>`;
  const heading = (s: string) => (md ? `<h2>${h(s)}</h2>` : `<p>${h(s)}:</p>`);
  const html = [
    `<p>${h(w.intro(input.ruleName, input.surveyName, input.touchpointName))}</p>`,
    `<p>${h(w.received)}: ${h(time)} (${h(input.timeZone)})</p>`,
    heading(w.answers),
    list(rows.map((r) => [r.title, r.value])),
    meta.length ? `${heading(w.metadata)}${list(meta)}` : "",
    `<p><a href="${h(input.responseLink)}">${h(w.open)}</a></p>`,
    `<p><a href="${h(input.unsubscribeLink)}">${h(w.unsubscribe)}</a></p>`,
  ].join("\n");
  return { subject: w.subject(input.surveyName), text: text.join("\n"), html, fromName: null, replyTo: null, language: input.language };
}
