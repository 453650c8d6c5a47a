// The results filters' cases (issue 18 item 1; docs/analytics.md "Filters at speed"), measured on
// any organisation with the demo structure (the demo seed's, and bench/generate-large-org.ts's):
// for each filter — none, restrict by one answer, by several, metadata match (not strict, strict),
// group by metadata, group by source, hidden questions, a share link's restrictions — each screen:
//   question  POST /api/v5/results/question (an NPS question, grouped by day unless the case groups)
//   table     GraphQL `results` (every question of the filtered surveys: the table view's query)
//   list      POST /api/v5/results/list, the first page of 50
//   summary   POST /api/v5/summary (takes only from, to, surveyId, utcOffset, unitId: measured
//             unfiltered; the response-level filters do not apply to it)
// over HTTP with a real bearer token (a share link's cases with the link's token, no sign-in): p50
// and p99 of `requests` requests. The same figures are then computed with plain SQL written here,
// apart from the engine (its own WHERE for the window, the teams, the answer restriction and the
// metadata), and compared: the question's answer count per value and per series group, every
// question's count of the table, the list's total, its first page's ids and its meta_ columns, the
// summary's count.
import type { PrismaClient } from "../../api/src/generated/prisma/client.js";
import { createShareLink } from "../../api/src/domain/sharing/share-links.js";
import { loadViewer } from "../../api/src/domain/viewer.js";
import type { DomainContext } from "../../api/src/domain/context.js";
import type { Config } from "../../api/src/config.js";
import { latencyStats, round1 } from "./latency.js";
import { answerPathOf } from "../../api/src/domain/analytics/engine.js";
import { parseResultsFilters, type GroupBy } from "../../api/src/domain/results-scope/filters.js";
import type { FigureRow } from "./suite.js";
import { hourWindowSql, newestFirstSql } from "./hours.js";
import { codesOf } from "../../api/src/domain/results-scope/codes.js";

type Wire = Record<string, unknown>;
type Restrict = { questionId: string; values: (number | string)[] };
type Meta = { strict: boolean; items: { key: string; value: string }[] };

export type FilterCase = {
  name: string;
  /** The wire filters (REST shape) without the window. */
  filters: Wire;
  /** What the independent SQL applies. */
  restrict: Restrict[];
  meta: Meta | null;
  /** null: every team; else the responses of these units. */
  unitIds: string[] | null;
  groupBy: "daily" | "source" | "metadata";
  groupByMetaKey?: string;
  hidden: string[];
  /** A share link's token: the case is read as its visitor. */
  shareToken?: string;
};

type QuestionRow = { id: string; type: string; surveyName: string; choices: unknown };

const globalId = (type: string, id: string) => Buffer.from(`${type}:${id}`).toString("base64");

/** The cases on the demo structure of `organizationId` (the share link is made as `adminEmail`). */
export async function filterCases(
  prisma: PrismaClient,
  config: Config,
  opts: { organizationId: string; adminEmail: string; window: { from: string; to: string } },
): Promise<{ cases: FilterCase[]; npsQuestionId: string }> {
  const qs = await prisma.$queryRawUnsafe<QuestionRow[]>(
    `SELECT q.id, q.type::text AS type, s.name AS "surveyName", q.choices FROM "Question" q JOIN "Survey" s ON s.id = q."surveyId"
      WHERE q."organizationId" = $1 ORDER BY s.name, q.position`,
    opts.organizationId,
  );
  const store = qs.filter((q) => q.surveyName === "Store visit");
  const nps = store.find((q) => q.type === "nps")!;
  const smiley = store.find((q) => q.type === "smiley")!;
  const choice = store.find((q) => q.type === "singleChoice")!;
  const choiceIds = (choice.choices as { id: string }[]).map((c) => c.id);
  const [stores] = await prisma.$queryRawUnsafe<{ id: string }[]>(
    `SELECT id FROM "Unit" WHERE "organizationId" = $1 AND name = 'Stores' LIMIT 1`,
    opts.organizationId,
  );
  const storeUnits = (
    await prisma.$queryRawUnsafe<{ id: string }[]>(
      `WITH RECURSIVE t AS (SELECT id FROM "Unit" WHERE id = $1 UNION ALL SELECT u.id FROM "Unit" u JOIN t ON u."parentId" = t.id) SELECT id FROM t`,
      stores!.id,
    )
  ).map((r) => r.id);
  const one: Restrict[] = [{ questionId: nps.id, values: [10] }];
  const several: Restrict[] = [
    { questionId: nps.id, values: [9, 10] },
    { questionId: choice.id, values: choiceIds.slice(0, 2) },
  ];
  // Metadata values the data holds (the demo seed's stores are team names, the large generator's
  // S0…S24; both have visit): the most frequent among the newest 2,000 responses, so that strict
  // and not-strict matches select real responses rather than nothing.
  const metaValues = await prisma.$queryRawUnsafe<{ k: string; v: string }[]>(
    `SELECT e.key AS k, e.value AS v FROM (SELECT r.metadata FROM "Response" r WHERE r."organizationId" = $1 ORDER BY ${newestFirstSql("r")} LIMIT 2000) m
      CROSS JOIN LATERAL jsonb_each_text(m.metadata) e WHERE e.key IN ('store', 'visit') GROUP BY 1, 2 ORDER BY count(*) DESC, 2`,
    opts.organizationId,
  );
  const valuesOf = (key: string) => metaValues.filter((m) => m.k === key).map((m) => m.v);
  // No silent stand-in: a value the data does not hold would make a case that matches nothing, and fast.
  const [store1, store2 = store1] = valuesOf("store");
  const [visit1, visit2 = visit1] = valuesOf("visit");
  if (!store1 || !visit1 || !store2 || !visit2) throw new Error("filter cases: the newest responses have no store or visit metadata to match on");
  // Not strict: either pair (two keys: a response may match both, so it is an OR over responses).
  const loose: Meta = {
    strict: false,
    items: [
      { key: "visit", value: visit1 },
      { key: "store", value: store2 },
    ],
  };
  // Strict: both keys must match.
  const strict: Meta = {
    strict: true,
    items: [
      { key: "store", value: store1 },
      { key: "visit", value: visit2 },
    ],
  };
  const base = { restrict: [], meta: null, unitIds: null, groupBy: "daily" as const, hidden: [] };
  // A share link restricted to the Stores team and to promoters, hiding results under 5 answers.
  const admin = await prisma.user.findUniqueOrThrow({ where: { email: opts.adminEmail }, select: { id: true } });
  const viewer = (await loadViewer(prisma, admin.id, "accessToken"))!;
  const linkFilters = { ...opts.window, utcOffset: 0, unitId: stores!.id, restrictByAnswer: several.slice(0, 1) };
  const link = await createShareLink(
    { prisma, viewer, config } as unknown as DomainContext,
    {
      filters: linkFilters,
      name: "bench: filters",
      hideResultsIfLessThan: 5,
    } as never,
  );
  const cases: FilterCase[] = [
    { ...base, name: "no filter", filters: {} },
    { ...base, name: "restrict by one answer", filters: { restrictByAnswer: one }, restrict: one },
    { ...base, name: "restrict by several answers", filters: { restrictByAnswer: several }, restrict: several },
    { ...base, name: "metadata match (not strict)", filters: { metaDataMatch: loose }, meta: loose },
    { ...base, name: "metadata match (strict)", filters: { metaDataMatch: strict }, meta: strict },
    { ...base, name: "group by metadata", filters: { groupBy: "metadata", groupByMetaKey: "store" }, groupBy: "metadata", groupByMetaKey: "store" },
    { ...base, name: "group by source", filters: { groupBy: "source" }, groupBy: "source" },
    { ...base, name: "hidden questions", filters: { options: { hiddenQuestions: [smiley.id] } }, hidden: [smiley.id] },
    { ...base, name: "share link (team, answer, hide < 5)", filters: {}, restrict: several.slice(0, 1), unitIds: storeUnits, shareToken: link.token },
  ];
  return { cases, npsQuestionId: nps.id };
}

/** The filters as GraphQL's ResultsFilterInput (global ids, choiceIds and numbers apart). */
export function graphqlFilters(f: Wire): Wire {
  const out: Wire = { ...f };
  if (Array.isArray(f.restrictByAnswer))
    out.restrictByAnswer = (f.restrictByAnswer as Restrict[]).map((r) => ({
      questionId: globalId("Question", r.questionId),
      choiceIds: r.values.filter((v) => typeof v === "string"),
      numbers: r.values.filter((v) => typeof v === "number"),
    }));
  const options = f.options as { hiddenQuestions?: string[] } | undefined;
  if (options?.hiddenQuestions) out.options = { ...options, hiddenQuestions: options.hiddenQuestions.map((id) => globalId("Question", id)) };
  return out;
}

/**
 * The table view's request: the fields of web/src/results/QuestionResults.tsx's fragment as
 * ResultsPage asks them for the table alone (withSeries false: no series, so the server computes
 * none, api/src/schema/selection.ts), the response-limit notice included; the titles and choice
 * labels (read with the questions) are left out.
 */
export const resultsQuery = `query Bench($filters: ResultsFilterInput, $shareToken: String) {
  responseLimitNotice(filters: $filters, shareToken: $shareToken)
  results(filters: $filters, shareToken: $shareToken) {
    questionLegacyId hidden groupBy organizationOverallCount
    stackedTo100 mainResult { count mean satisfaction nps detractors passives promoters evi distribution { value count percent } eviClusters { cluster value count } }
    earlier { count satisfaction nps }
    satisfactionReport { dissatisfied { count } neutral { count } satisfied { count } }
  }
}`;

/** Plain SQL over "Response" r for a case (no engine code): the window, teams, restriction, metadata. */
/**
 * Leaves hidden responses out: the large data set has none. (The bench's admin would also see the
 * hidden responses of the units they manage in the list: on a data set with hidden responses the
 * list's total, page and columns would differ from this for that reason.)
 */
function rawWhere(c: FilterCase, organizationId: string, w: { from: Date; to: Date }, params: unknown[]): string {
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const where = [`r."organizationId" = ${p(organizationId)}`, `NOT r.hidden`, `NOT r."overLimit"`];
  const from = p(w.from);
  const to = p(w.to);
  where.push(hourWindowSql("r", `${from}::timestamptz`, `${to}::timestamptz`, w));
  if (c.unitIds) where.push(`r."unitCode" = ${codesOf("unit", `${p(c.unitIds)}::text[]`)}`);
  if (c.restrict.length) {
    // Every answer, coded or a row ("EveryAnswer"), of the restricted questions in the window (an
    // answer's createdAt is its response's), grouped by response: it has a matching answer to each.
    // One sub-select, not one per item: the planner cannot estimate the view's rows, and with two it
    // chose to scan the second once per row of the first.
    const questions = c.restrict.map((x) => p(x.questionId));
    const matches = c.restrict.map((x, i) => {
      const nums = x.values.filter((v) => typeof v === "number");
      const ids = x.values.filter((v) => typeof v === "string");
      return `bool_or(x."questionId" = ${questions[i]} AND (x."numericValue" = ANY(${p(nums)}::float8[]) OR x."choiceIds" && ${p(ids)}::text[]))`;
    });
    where.push(
      `r.id IN (SELECT x."responseId" FROM "EveryAnswer" x
         WHERE x."questionId" IN (${questions.join(", ")}) AND x."createdAt" >= ${from}::timestamptz AND x."createdAt" < ${to}::timestamptz
         GROUP BY 1 HAVING ${matches.join(" AND ")})`,
    );
  }
  if (c.meta?.strict) {
    const byKey = new Map<string, string[]>();
    for (const it of c.meta.items) byKey.set(it.key, [...(byKey.get(it.key) ?? []), it.value]);
    for (const [k, vs] of byKey) where.push(`r.metadata ->> ${p(k)} = ANY(${p(vs)}::text[])`);
  } else if (c.meta) {
    where.push(`(${c.meta.items.map((it) => `r.metadata ->> ${p(it.key)} = ${p(it.value)}`).join(" OR ")})`);
  }
  return where.join(" AND ");
}

type Screen = "question" | "table" | "list" | "summary";

const canon = (m: Map<string, number>) => JSON.stringify([...m.entries()].filter(([, n]) => n > 0).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)));

/**
 * Measures every case × screen over HTTP and compares it with the plain SQL. `label` prefixes each
 * figure. Answers the rows and whether every answer matched.
 */
export async function measureFilterCases(opts: {
  baseUrl: string;
  token: string;
  prisma: PrismaClient;
  organizationId: string;
  npsQuestionId: string;
  cases: FilterCase[];
  window: { from: string; to: string };
  requests: number;
  label: string;
  log: (m: string) => void;
  screens?: Screen[];
}): Promise<{ rows: FigureRow[]; allSame: boolean }> {
  const { baseUrl, prisma } = opts;
  const w = { from: new Date(`${opts.window.from}T00:00:00Z`), to: new Date(Date.parse(`${opts.window.to}T00:00:00Z`) + 86_400_000) };
  const rows: FigureRow[] = [];
  let allSame = true;
  const screens = opts.screens ?? ["summary", "question", "table", "list"];
  for (const c of opts.cases) {
    const filters = { ...opts.window, utcOffset: 0, ...c.filters };
    const headers = (): Record<string, string> => ({
      "content-type": "application/json",
      ...(c.shareToken ? {} : { authorization: `Bearer ${opts.token}` }),
    });
    const q = c.shareToken ? `?token=${encodeURIComponent(c.shareToken)}` : "";
    const calls: Record<Screen, (() => Promise<Response>) | null> = {
      summary:
        c.name === "no filter" ? () => fetch(`${baseUrl}/api/v5/summary`, { method: "POST", headers: headers(), body: JSON.stringify(opts.window) }) : null,
      question: () =>
        fetch(`${baseUrl}/api/v5/results/question${q}`, {
          method: "POST",
          headers: headers(),
          body: JSON.stringify({ questionId: opts.npsQuestionId, ...(c.shareToken ? {} : { ...filters, groupBy: c.groupBy }) }),
        }),
      table: () =>
        fetch(`${baseUrl}/graphql`, {
          method: "POST",
          headers: headers(),
          body: JSON.stringify({ query: resultsQuery, variables: { filters: c.shareToken ? {} : graphqlFilters(filters), shareToken: c.shareToken ?? null } }),
        }),
      list: () =>
        fetch(`${baseUrl}/api/v5/results/list${q}`, {
          method: "POST",
          headers: headers(),
          body: JSON.stringify({ filters: c.shareToken ? {} : filters, page: 1, pageSize: 50 }),
        }),
    };
    // Which path serves the answer reads (analytics/planner.ts, engine.ts answerPathOf): the roll-ups,
    // the response bit strings or the raw rows.
    const pathOf = (groupBy: GroupBy | null) =>
      answerPathOf(
        prisma,
        { organizationId: opts.organizationId },
        parseResultsFilters({ ...filters, groupBy: c.groupBy, ...(c.shareToken ? { restrictByAnswer: c.restrict } : {}) }),
        groupBy,
      );
    const noteOf = (p: Awaited<ReturnType<typeof pathOf>>) =>
      p.kind === "raw" ? `raw rows (${p.reason})` : p.kind === "bits" ? "response bit strings" : "roll-ups";
    const planned = await pathOf(c.groupBy);
    // The table asks no series, so its window is read ungrouped (schema/selection.ts).
    const pathNote = noteOf(planned);
    const tableNote = noteOf(await pathOf(null));
    // The list: its total and columns as the answers (the bit strings),
    // its page from the raw rows (under response-level filters, from the day the bit strings bound it by).
    for (const screen of screens) {
      const call = calls[screen];
      if (!call) continue;
      const figure = `${opts.label}${screen}: ${c.name}`;
      opts.log(`${figure}: ${opts.requests} HTTP requests`);
      let body: unknown;
      const send = async () => {
        const t0 = performance.now();
        const r = await call();
        const text = await r.text();
        if (r.status !== 200) throw new Error(`${figure}: ${r.status} ${text.slice(0, 300)}`);
        body = JSON.parse(text);
        const errors = (body as { errors?: unknown[] }).errors;
        if (errors?.length) throw new Error(`${figure}: ${JSON.stringify(errors).slice(0, 300)}`);
        return performance.now() - t0;
      };
      const first = await send();
      const http: number[] = [];
      for (let i = 0; i < opts.requests; i++) http.push(await send());
      const t0 = performance.now();
      const same = await sameAsRaw(prisma, opts.organizationId, opts.npsQuestionId, c, screen, w, body);
      const rawMs = performance.now() - t0;
      if (!same.ok) allSame = false;
      const h = latencyStats(http);
      rows.push({
        figure,
        value: round1(h.p50),
        unit: "ms p50 (HTTP)",
        extra: { "p99 ms": round1(h.p99), "first ms": round1(first), "raw SQL ms": round1(rawMs), "raw ÷ served (p50)": round1(rawMs / h.p50) },
        note: `${same.ok ? "same answer as raw SQL" : `ANSWERS DIFFER: ${same.why}`}; ${screen === "summary" ? "roll-ups" : screen === "list" ? (planned.kind === "rollup" ? "raw rows (page), roll-ups (total), bit strings (meta_ columns)" : `raw rows (page), ${pathNote} (total, meta_ columns)`) : screen === "table" ? tableNote : pathNote}`,
      });
    }
  }
  return { rows, allSame };
}

async function sameAsRaw(
  prisma: PrismaClient,
  organizationId: string,
  npsQuestionId: string,
  c: FilterCase,
  screen: Screen,
  w: { from: Date; to: Date },
  body: unknown,
): Promise<{ ok: boolean; why?: string }> {
  const params: unknown[] = [];
  const where = rawWhere(c, organizationId, w, params);
  const differ = (what: string, served: unknown, raw: unknown) =>
    JSON.stringify(served) === JSON.stringify(raw) ? null : `${what}: served ${JSON.stringify(served).slice(0, 120)} raw ${JSON.stringify(raw).slice(0, 120)}`;
  if (screen === "summary") {
    const [r] = await prisma.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM "Response" r WHERE ${where}`, ...params);
    const why = differ("count", (body as { count: { now: number } }).count.now, r!.n);
    return { ok: !why, ...(why ? { why } : {}) };
  }
  if (screen === "list") {
    const n = params.length;
    const [count, ids, keys] = await Promise.all([
      prisma.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM "Response" r WHERE ${where}`, ...params),
      prisma.$queryRawUnsafe<{ id: string }[]>(
        `SELECT r.id FROM "Response" r WHERE ${where} ORDER BY ${newestFirstSql("r")}, r.id DESC LIMIT $${n + 1}`,
        ...params,
        50,
      ),
      // The meta_ columns: the keys of every matching response, the 100 most frequent, by name.
      prisma.$queryRawUnsafe<{ key: string }[]>(
        `SELECT k.key FROM "Response" r CROSS JOIN LATERAL jsonb_object_keys(CASE WHEN jsonb_typeof(r.metadata) = 'object' THEN r.metadata ELSE '{}'::jsonb END) k(key)
          WHERE ${where} GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 100`,
        ...params,
      ),
    ]);
    const page = body as { total: number; data: { feedbackId: string }[]; metaKeys: string[] };
    const why =
      differ("total", page.total, count[0]!.n) ??
      differ(
        "first page",
        page.data.map((d) => d.feedbackId),
        ids.map((r) => r.id),
      ) ??
      differ(
        "meta_ columns",
        page.metaKeys,
        keys.map((r) => r.key).sort((a, b) => a.localeCompare(b)),
      );
    return { ok: !why, ...(why ? { why } : {}) };
  }
  if (screen === "table") {
    const raw = await prisma.$queryRawUnsafe<{ q: string; n: number }[]>(
      `SELECT a."questionId" AS q, count(*)::int AS n FROM "EveryAnswer" a JOIN "Response" r ON r.id = a."responseId" JOIN "Question" qq ON qq.id = a."questionId"
        WHERE ${where} AND a."createdAt" >= $2::timestamptz AND a."createdAt" < $3::timestamptz AND NOT qq.hidden AND qq.type::text <> 'contactDetails'
          AND NOT (a."questionId" = ANY($${params.length + 1}::text[])) GROUP BY 1`,
      ...params,
      c.hidden,
    );
    const results = (body as { data: { results: { questionLegacyId: string; hidden: boolean; mainResult: { count: number } | null }[] } }).data.results;
    const leaked = results.filter((r) => c.hidden.includes(r.questionLegacyId)).map((r) => r.questionLegacyId);
    if (leaked.length) return { ok: false, why: `hidden questions shown: ${leaked.join(", ")}` };
    const served = new Map(results.filter((r) => !r.hidden).map((r) => [r.questionLegacyId, r.mainResult?.count ?? 0]));
    const why = differ("counts per question", canon(served), canon(new Map(raw.map((r) => [r.q, r.n]))));
    return { ok: !why, ...(why ? { why } : {}) };
  }
  // question: counts per value, and per series group
  const n = params.length;
  const grp =
    c.groupBy === "source"
      ? `(SELECT t."id" FROM "Touchpoint" t WHERE t."code" = r."touchpointCode")`
      : c.groupBy === "metadata"
        ? `coalesce(r.metadata ->> $${n + 2}, '')`
        : `to_char(a."createdAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
  const raw = await prisma.$queryRawUnsafe<{ g: string; v: string; n: number }[]>(
    `SELECT ${grp} AS g, round(a."numericValue")::int::text AS v, count(*)::int AS n FROM "EveryAnswer" a JOIN "Response" r ON r.id = a."responseId"
      WHERE ${where} AND a."questionId" = $${n + 1} AND a."createdAt" >= $2::timestamptz AND a."createdAt" < $3::timestamptz GROUP BY 1, 2`,
    ...params,
    npsQuestionId,
    ...(c.groupBy === "metadata" ? [c.groupByMetaKey] : []),
  );
  const result = body as {
    hidden: boolean;
    mainResult: { distribution: { value: string; count: number }[] } | null;
    series: { group: string; metrics: { count: number } }[];
  };
  const rawValues = new Map<string, number>();
  const rawGroups = new Map<string, number>();
  for (const r of raw) {
    rawValues.set(r.v, (rawValues.get(r.v) ?? 0) + r.n);
    rawGroups.set(r.g, (rawGroups.get(r.g) ?? 0) + r.n);
  }
  const total = [...rawValues.values()].reduce((a, b) => a + b, 0);
  // A share link hides a result (or a group) with fewer answers than its threshold.
  const threshold = c.shareToken ? 5 : 0;
  if (result.hidden !== total < threshold) return { ok: false, why: `hidden ${result.hidden} with ${total} answers` };
  for (const [g, k] of rawGroups) if (k < threshold) rawGroups.delete(g);
  const why =
    differ("per value", canon(new Map((result.mainResult?.distribution ?? []).map((d) => [d.value, d.count]))), canon(rawValues)) ??
    differ("per group", canon(new Map(result.series.map((s) => [s.group, s.metrics.count]))), canon(rawGroups));
  return { ok: !why, ...(why ? { why } : {}) };
}
