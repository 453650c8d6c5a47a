// What respondents see of a touchpoint: its active survey (questions that are not hidden, in order,
// with titles in the survey's languages, options, choices and logic), the survey's languages and
// appearance. Loaded once and kept in process: the public page, the terminal kiosk, the widget and
// every submission read it, so it is hot. An entry is trusted for `ttlMs`; after that one small
// version query (the updatedAt of the touchpoint, survey, questions and organisation) decides
// whether the entry is still good or is loaded again.
import type { PrismaClient } from "../../generated/prisma/client.js";
import { DomainError, notFound } from "../errors.js";

export const closedMessage = "This survey is closed";
export const unknownTouchpointMessage = "Unknown survey address: no such touchpoint";

export type QuestionType = "smiley" | "nps" | "slider" | "singleChoice" | "multipleChoice" | "openText" | "emotion" | "contactDetails";

export type LocalizedText = Record<string, string>;

export type PublicChoice = { id: string; text: LocalizedText; cluster?: string };

export type PublicQuestion = {
  id: string;
  type: QuestionType;
  title: LocalizedText;
  subtitle: LocalizedText | null;
  options: Record<string, unknown>;
  choices: PublicChoice[];
  required: boolean;
  /** Answer-based logic: option key → the id of a later question, or "end" (docs/respondent-api.md). */
  logic: Record<string, string> | null;
};

export type SurveyDefinition = {
  touchpoint: {
    id: string;
    type: string;
    name: string;
    organizationId: string;
    unitId: string;
    updatedAt: Date;
    settings: Record<string, unknown>;
    /** A terminal's own logo (Touchpoint.logoUrl), else null. */
    logoUrl?: string | null;
  };
  survey: { id: string; name: string; languages: string[]; updatedAt: Date; settings: Record<string, unknown> };
  questions: PublicQuestion[];
  questionsById: Map<string, PublicQuestion>;
  /** The newest updatedAt of the touchpoint, the survey and its questions: a page loaded before it is stale. */
  changedAt: Date;
  organization: { responseLimit: number | null; appearance: Record<string, unknown>; privacyPolicy: string | null; logoUrl: string | null };
  /** Set when the touchpoint cannot take responses (no active survey, archived survey, inactive widget). */
  closed: string | null;
  /**
   * When the organisation's surveys stop collecting (its unpaid countdown is over, its subscription
   * ended: domain/billing), or null. The cache closes a definition whose moment passed since it was
   * loaded (`asOfNow`): the version query cannot see time pass.
   */
  collectingStopsAt: Date | null;
};

/** The definition as of now: closed once the organisation's collecting stopped, even if it was loaded before. */
export function asOfNow<T extends SurveyDefinition | null>(definition: T, now = Date.now()): T {
  if (!definition || definition.closed || !definition.collectingStopsAt || definition.collectingStopsAt.getTime() > now) return definition;
  return { ...definition, closed: closedMessage };
}

const idPattern = /^[0-9a-f]{24}$/;

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** A website activation takes responses only while active and inside its period (start inclusive, end exclusive). */
function websiteClosedReason(settings: Record<string, unknown>, now: Date): string | null {
  const website = isObject(settings.website) ? settings.website : null;
  if (!website) return null;
  const state = isObject(website.state) ? website.state : {};
  if (state.active === false) return "This survey is not active on this website";
  const time = isObject(state.activeTime) ? state.activeTime : {};
  const from = typeof time.from === "string" ? Date.parse(time.from) : NaN;
  const to = typeof time.to === "string" ? Date.parse(time.to) : NaN;
  if (!Number.isNaN(from) && now.getTime() < from) return "This survey is not active on this website yet";
  if (!Number.isNaN(to) && now.getTime() >= to) return "This survey is no longer active on this website";
  return null;
}

type VersionRow = { v: string | null };

const versionSql = `SELECT concat_ws('|', t."updatedAt", t."deleted", t."activeSurveyId", s."updatedAt", s."archived", o."updatedAt",
    (SELECT concat(max(q."updatedAt"), '/', count(*)) FROM "Question" q WHERE q."surveyId" = s."id"),
    (SELECT concat('stops:', b."collectingStopsAt") FROM "Subscription" b WHERE b."organizationId" = o."id")) AS v
  FROM "Touchpoint" t JOIN "Organization" o ON o."id" = t."organizationId" LEFT JOIN "Survey" s ON s."id" = t."activeSurveyId"
  WHERE t."id" = $1`;

type Entry = { definition: SurveyDefinition | null; version: string | null; checkedAt: number };

export type DefinitionCache = {
  /** The definition of a touchpoint, or null when there is no such (live) touchpoint. */
  get(touchpointId: string): Promise<SurveyDefinition | null>;
  /** The same with the time the database last confirmed it (what a terminal reports as loadedAt). */
  lookup(touchpointId: string): Promise<{ definition: SurveyDefinition | null; verifiedAt: Date }>;
  /** The definition or the public errors: 404 unknown touchpoint, 410 closed. */
  require(touchpointId: string): Promise<SurveyDefinition>;
  /** A survey of the touchpoint's organisation other than the active one (queued terminal answers). */
  previousSurvey(definition: SurveyDefinition, surveyId: string): Promise<SurveyDefinition | null>;
  clear(): void;
};

export function createDefinitionCache(prisma: PrismaClient, opts: { ttlMs?: number; maxEntries?: number } = {}): DefinitionCache {
  const ttlMs = opts.ttlMs ?? 5_000;
  const maxEntries = opts.maxEntries ?? 10_000;
  const entries = new Map<string, Entry>();
  const loading = new Map<string, Promise<Entry>>();

  async function version(touchpointId: string): Promise<string | null> {
    const rows = await prisma.$queryRawUnsafe<VersionRow[]>(versionSql, touchpointId);
    return rows[0]?.v ?? null;
  }

  async function load(touchpointId: string, previous: Entry | undefined): Promise<Entry> {
    const checkedAt = Date.now();
    const v = await version(touchpointId);
    if (previous && v === previous.version) return { ...previous, checkedAt };
    const definition = v === null ? null : await loadDefinition(prisma, touchpointId, undefined);
    return { definition, version: v, checkedAt };
  }

  async function lookup(touchpointId: string): Promise<{ definition: SurveyDefinition | null; verifiedAt: Date }> {
    if (!idPattern.test(touchpointId)) return { definition: null, verifiedAt: new Date() };
    const cached = entries.get(touchpointId);
    if (cached && Date.now() - cached.checkedAt < ttlMs) return { definition: asOfNow(cached.definition), verifiedAt: new Date(cached.checkedAt) };
    let pending = loading.get(touchpointId);
    if (!pending) {
      pending = load(touchpointId, cached).finally(() => loading.delete(touchpointId));
      loading.set(touchpointId, pending);
    }
    const entry = await pending;
    entries.delete(touchpointId);
    entries.set(touchpointId, entry);
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    return { definition: asOfNow(entry.definition), verifiedAt: new Date(entry.checkedAt) };
  }

  const get = async (touchpointId: string) => (await lookup(touchpointId)).definition;

  const previousCache = new Map<string, { definition: SurveyDefinition | null; at: number }>();

  return {
    get,
    lookup,
    async require(touchpointId) {
      const definition = await get(touchpointId);
      if (!definition) throw notFound(unknownTouchpointMessage);
      if (definition.closed) throw new DomainError("GONE", definition.closed);
      return definition;
    },
    async previousSurvey(definition, surveyId) {
      if (!idPattern.test(surveyId)) return null;
      const key = `${definition.touchpoint.id}/${surveyId}`;
      const cached = previousCache.get(key);
      if (cached && Date.now() - cached.at < ttlMs) return asOfNow(cached.definition);
      const loaded = await loadDefinition(prisma, definition.touchpoint.id, surveyId);
      previousCache.set(key, { definition: loaded, at: Date.now() });
      if (previousCache.size > 1000) previousCache.delete(previousCache.keys().next().value as string);
      return asOfNow(loaded);
    },
    clear() {
      entries.clear();
      previousCache.clear();
    },
  };
}

const asText = (v: unknown): LocalizedText => {
  if (!isObject(v)) return {};
  const out: LocalizedText = {};
  for (const [k, t] of Object.entries(v)) if (typeof t === "string") out[k] = t;
  return out;
};

function toChoices(v: unknown): PublicChoice[] {
  if (!Array.isArray(v)) return [];
  const out: PublicChoice[] = [];
  for (const c of v) {
    if (!isObject(c) || typeof c.id !== "string" || c.hidden === true) continue;
    out.push({ id: c.id, text: asText(c.text), ...(typeof c.cluster === "string" ? { cluster: c.cluster } : {}) });
  }
  return out;
}

function toLogic(v: unknown): Record<string, string> | null {
  if (!isObject(v)) return null;
  const out: Record<string, string> = {};
  for (const [k, t] of Object.entries(v)) if (typeof t === "string") out[k] = t;
  return Object.keys(out).length ? out : null;
}

/**
 * Loads a touchpoint with its active survey (or, given `surveyId`, another survey of the same
 * organisation). Null when the touchpoint does not exist or is deleted.
 */
async function loadDefinition(prisma: PrismaClient, touchpointId: string, surveyId: string | undefined): Promise<SurveyDefinition | null> {
  const tp = await prisma.touchpoint.findUnique({
    where: { id: touchpointId },
    select: {
      id: true,
      type: true,
      name: true,
      organizationId: true,
      unitId: true,
      deleted: true,
      activeSurveyId: true,
      updatedAt: true,
      settings: true,
      logoUrl: true,
      organization: {
        select: { responseLimit: true, surveyAppearance: true, privacyPolicy: true, logoUrl: true, subscription: { select: { collectingStopsAt: true } } },
      },
    },
  });
  if (!tp || tp.deleted) return null;
  const wantedSurveyId = surveyId ?? tp.activeSurveyId;
  const survey = wantedSurveyId
    ? await prisma.survey.findFirst({
        where: { id: wantedSurveyId, organizationId: tp.organizationId },
        select: {
          id: true,
          name: true,
          languages: true,
          archived: true,
          isTemplate: true,
          updatedAt: true,
          settings: true,
          questions: {
            where: { hidden: false },
            orderBy: { position: "asc" },
            select: { id: true, type: true, title: true, subtitle: true, options: true, choices: true, required: true, logic: true, updatedAt: true },
          },
        },
      })
    : null;
  if (surveyId && !survey) return null;
  const settings = isObject(tp.settings) ? tp.settings : {};
  const orgAppearance = isObject(tp.organization.surveyAppearance) ? tp.organization.surveyAppearance : {};
  const surveySettings = survey && isObject(survey.settings) ? survey.settings : {};
  const questions: PublicQuestion[] = (survey?.questions ?? []).map((q) => ({
    id: q.id,
    type: q.type as QuestionType,
    title: asText(q.title),
    subtitle: q.subtitle ? asText(q.subtitle) : null,
    options: isObject(q.options) ? q.options : {},
    choices: toChoices(q.choices),
    required: q.required,
    logic: toLogic(q.logic),
  }));
  let changedAt = tp.updatedAt;
  for (const d of [survey?.updatedAt, ...(survey?.questions ?? []).map((q) => q.updatedAt)]) if (d && d > changedAt) changedAt = d;
  // The organisation's surveys stop collecting when its unpaid countdown is over or its subscription
  // ended (domain/billing/account-state.ts).
  const stopsAt = tp.organization.subscription?.collectingStopsAt;
  const stopped = stopsAt !== null && stopsAt !== undefined && stopsAt.getTime() <= Date.now();
  const closed =
    !survey || survey.archived || survey.isTemplate || questions.length === 0 || stopped ? closedMessage : websiteClosedReason(settings, new Date());
  return {
    touchpoint: {
      id: tp.id,
      type: tp.type,
      name: tp.name,
      organizationId: tp.organizationId,
      unitId: tp.unitId,
      updatedAt: tp.updatedAt,
      settings,
      logoUrl: tp.logoUrl,
    },
    survey: {
      id: survey?.id ?? "",
      name: survey?.name ?? "",
      languages: survey?.languages.length ? survey.languages : ["en"],
      updatedAt: survey?.updatedAt ?? tp.updatedAt,
      settings: surveySettings,
    },
    questions,
    questionsById: new Map(questions.map((q) => [q.id, q])),
    changedAt,
    organization: {
      responseLimit: tp.organization.responseLimit,
      appearance: { ...orgAppearance, ...(isObject(surveySettings.appearance) ? surveySettings.appearance : {}) },
      privacyPolicy: tp.organization.privacyPolicy,
      logoUrl: tp.organization.logoUrl,
    },
    closed,
    collectingStopsAt: stopsAt ?? null,
  };
}

/** The respondents' view of a definition (GET /r/{touchpointId}/survey). */
export function publicSurvey(d: SurveyDefinition, verifiedAt: Date) {
  const s = d.survey.settings;
  const num = (v: unknown, fallback: number, lo: number, hi: number) =>
    typeof v === "number" && Number.isFinite(v) ? Math.min(hi, Math.max(lo, v)) : fallback;
  return {
    touchpoint: { id: d.touchpoint.id, type: d.touchpoint.type, name: d.touchpoint.name },
    survey: {
      id: d.survey.id,
      name: d.survey.name,
      languages: d.survey.languages,
      appearance: d.organization.appearance,
      endScreenText: isObject(s.endScreenText) ? asText(s.endScreenText) : null,
      privacyPolicy: d.organization.privacyPolicy,
      // A terminal's own logo (terminal-logo.ts) wins over the organisation's.
      logoUrl: (d.touchpoint.type === "terminal" ? d.touchpoint.logoUrl : null) ?? d.organization.logoUrl,
    },
    questions: d.questions,
    // Terminal timers (domain-facts §2c: 30 s per question, 10 s on the thank-you screen).
    kiosk: {
      questionTimeoutSeconds: num(s.questionTimeout, 30, 2, 300),
      endScreenSeconds: num(s.endScreenTimeout, 10, 2, 60),
      heartbeatSeconds: 180,
    },
    /** Send this back as the heartbeat's loadedAt: a change after it asks the terminal to reload. */
    loadedAt: verifiedAt.toISOString(),
  };
}
