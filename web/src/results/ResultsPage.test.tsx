import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { toasts } from "../shell/toastStore";
import { eventually } from "../test/eventually";
import ResultsPage from "./ResultsPage";
import { renderScreen, type Handler } from "../test/resultsScreen";
import { toGlobalId, type GlobalIdType } from "../util/globalId";

const id = (n: number) => `65a1b2c3d4e5f607182930${String(n).padStart(2, "0")}`;
/** The global id GraphQL takes and gives for the object whose spec id is id(n). */
const gid = (type: GlobalIdType, n: number) => toGlobalId(type, id(n));
const TOKEN = "shareTokenAbcdefghijklmnopqrstuvwxyz0123456";

const optionsAnswer = (features: string[] = ["feedbackInbox"]) => ({
  data: {
    viewer: { exportKinds: ["csv", "xlsx", "pdf"], currentOrganization: { availableFeatures: features } },
    touchpoints: { edges: [{ node: { legacyId: id(1), name: "Lobby kiosk" } }, { node: { legacyId: id(2), name: "Web shop" } }] },
    surveys: {
      edges: [
        {
          node: {
            legacyId: id(10),
            name: "Store visit",
            questions: [
              {
                legacyId: id(20),
                type: "smiley",
                title: [{ language: "en", text: "How was your visit?" }],
                choices: [],
                options: { __typename: "SmileyOptions", buttons: 5 },
                hidden: false,
              },
              { legacyId: id(21), type: "openText", title: [{ language: "en", text: "Tell us more" }], choices: [], options: null, hidden: false },
            ],
          },
        },
      ],
    },
  },
});

const textAnswer = () => ({
  data: {
    textAnalytics: {
      totalAnswers: 3,
      analyzedAnswers: 3,
      capped: false,
      unsupportedLanguageAnswers: 0,
      sentiment: { positive: 2, neutral: 0, negative: 1 },
      words: [
        { stem: "friend", word: "friendly", count: 2, sentiment: 0.8 },
        { stem: "queu", word: "queue", count: 1, sentiment: -0.6 },
      ],
    },
  },
});

const rootCauseAnswer = () => ({
  data: {
    rootCause: {
      minSampleSize: 30,
      hiddenBecauseFewerThan: null,
      outcome: { title: "How was your visit?", type: "smiley", n: 240 },
      items: [
        {
          questionLegacyId: id(22),
          questionTitle: "Waiting time",
          optionId: null,
          optionText: null,
          importance: 0.62,
          performance: 35,
          n: 200,
          significant: true,
          status: "ok",
          quadrant: "fixFirst",
        },
        {
          questionLegacyId: id(23),
          questionTitle: "Checkout",
          optionId: "c1",
          optionText: "Long queue",
          importance: -0.4,
          performance: 70,
          n: 120,
          significant: true,
          status: "ok",
          quadrant: "fixFirst",
        },
        {
          questionLegacyId: id(24),
          questionTitle: "Parking",
          optionId: null,
          optionText: null,
          importance: null,
          performance: null,
          n: 8,
          significant: false,
          status: "insufficient",
          quadrant: null,
        },
      ],
    },
  },
});

const metrics = (m: Record<string, unknown>) => ({
  count: 0,
  mean: null,
  satisfaction: null,
  nps: null,
  detractors: null,
  passives: null,
  promoters: null,
  evi: null,
  distribution: [],
  eviClusters: null,
  ...m,
});
const resultsAnswer = (groupBy = "daily", responseLimitNotice: string | null = null) => ({
  data: {
    responseLimitNotice,
    results: [
      {
        questionLegacyId: id(20),
        surveyLegacyId: id(10),
        questionType: "smiley",
        title: "How was your visit?",
        groupBy,
        hidden: false,
        stackedTo100: false,
        organizationOverallCount: 12,
        mainResult: metrics({
          count: 8,
          mean: 0.75,
          satisfaction: 75,
          distribution: [
            { value: "0", label: "0", count: 1, percent: 12.5 },
            { value: "0.25", label: "1", count: 0, percent: 0 },
            { value: "0.5", label: "2", count: 1, percent: 12.5 },
            { value: "0.75", label: "3", count: 2, percent: 25 },
            { value: "1", label: "4", count: 4, percent: 50 },
          ],
        }),
        earlier: { count: 5, satisfaction: 60, nps: null },
        satisfactionReport: null,
        series: [
          {
            group: "2026-W44",
            label: "2026-W44",
            metrics: {
              count: 3,
              satisfaction: 58.3,
              nps: null,
              distribution: [
                { value: "0", count: 1 },
                { value: "1", count: 2 },
              ],
            },
          },
          {
            group: "2026-W45",
            label: "2026-W45",
            metrics: {
              count: 5,
              satisfaction: 85,
              nps: null,
              distribution: [
                { value: "0.75", count: 2 },
                { value: "1", count: 3 },
              ],
            },
          },
        ],
      },
      {
        questionLegacyId: id(25),
        surveyLegacyId: id(10),
        questionType: "nps",
        title: "Would you recommend us?",
        groupBy,
        hidden: false,
        stackedTo100: false,
        organizationOverallCount: 10,
        mainResult: metrics({ count: 10, mean: 8, nps: 30, detractors: 2, passives: 3, promoters: 5, distribution: [] }),
        earlier: null,
        satisfactionReport: null,
        series: [],
      },
    ],
  },
});

/** Saved filters as the API gives them back (ResultsFilters): every field present, unset ones null. */
const savedFilters = (f: Record<string, unknown> = {}) => ({
  from: null,
  to: null,
  datePreset: null,
  touchpointIds: [],
  surveyIds: [],
  groupBy: null,
  groupByMetaKey: null,
  restrictByAnswer: [],
  metaDataMatch: null,
  feedbackListHiddenColumns: [],
  ...f,
  options: f.options
    ? { stackGraphsTo100: null, satisfactionReport: null, hideQuestionsWithNoResponses: null, view: null, hiddenQuestions: [], ...(f.options as object) }
    : null,
});

const memberHandlers = (extra: Record<string, Handler> = {}): Record<string, Handler> => ({
  ResultsPageOptionsQuery: () => optionsAnswer(),
  ResultsPageQuestionsQuery: (v) => resultsAnswer(String((v.filters as { groupBy: string }).groupBy)),
  ResultsPageTextAnalyticsQuery: textAnswer,
  RootCausePanelQuery: rootCauseAnswer,
  BookmarksPanelQuery: () => ({ data: { bookmarks: [] } }),
  ...extra,
});

/** A share link's view as the print tests open it (no changes allowed). */
const printedSharedView = () => ({
  data: {
    sharedView: {
      exportKinds: ["csv", "xlsx", "pdf"],
      name: "Printed",
      filters: savedFilters(),
      allowChanges: [],
      hideTimestamps: false,
      hideResultsIfLessThan: null,
      expiredAt: null,
      feedbackList: true,
    },
  },
});

const filtersOf = (requests: Array<{ name: string; variables: Record<string, unknown> }>, name: string) =>
  requests.filter((r) => r.name === name).map((r) => r.variables.filters as Record<string, unknown>);

const render = (path: string, handlers: Record<string, Handler>, rest?: (path: string, options: Record<string, unknown>) => unknown) =>
  renderScreen({ path, pattern: "/results", element: <ResultsPage />, handlers, rest });

/** Opens a panel of the results toolbar (saved views, export) by its button, once. */
async function openPanel(name: string) {
  const button = await eventually(() => screen.getByRole("button", { name }));
  if (button.getAttribute("aria-expanded") !== "true") fireEvent.click(button);
}

describe("/results", { timeout: 60_000 }, () => {
  // Transform the lazily loaded chart sections once, before the clock of any test starts.
  beforeAll(async () => {
    await Promise.all([import("./QuestionResults"), import("./TextAnalyticsPanel"), import("./RootCausePanel")]);
  }, 180_000);

  beforeEach(() => {
    toasts.clear();
    document.documentElement.removeAttribute("data-print-ready");
  });

  it("reads the filters from the address into the queries, and writes applied filters back (group by week)", async () => {
    const { requests, router } = render(`/results?preset=last30Days&survey=${id(10)}&stack=1`, memberHandlers());
    // The first render compiles the lazy chart modules: allow for a loaded machine.
    await eventually(() => screen.getByRole("figure", { name: "Word cloud" }), 25_000);
    expect(filtersOf(requests, "ResultsPageTextAnalyticsQuery")[0]).toMatchObject({
      datePreset: "last30Days",
      surveyIds: [gid("Survey", 10)],
      touchpointIds: [],
      groupBy: "daily",
      options: { stackGraphsTo100: true, view: "graphs" },
    });
    expect(requests.find((r) => r.name === "ResultsPageTextAnalyticsQuery")?.authorization).toBe("Bearer test-token");

    // The bar shows the address' choices.
    const bar = screen.getByRole("form", { name: "Results filters" });
    expect((within(bar).getByLabelText("Date range") as HTMLSelectElement).value).toBe("last30Days");
    expect((within(bar).getByLabelText("Stack graphs to 100 %") as HTMLInputElement).checked).toBe(true);

    // Group by week number, one touchpoint, then filter.
    fireEvent.change(within(bar).getByLabelText("Group by"), { target: { value: "weekNumber" } });
    fireEvent.click(within(bar).getByLabelText("Web shop"));
    fireEvent.click(within(bar).getByRole("button", { name: "Filter results" }));
    await waitFor(() => expect(router.state.location.search).toContain("groupBy=weekNumber"));
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get("touchpoint")).toBe(id(2));
    expect(search.get("preset")).toBe("last30Days");
    await waitFor(() =>
      expect(filtersOf(requests, "ResultsPageTextAnalyticsQuery").at(-1)).toMatchObject({ groupBy: "weekNumber", touchpointIds: [gid("Touchpoint", 2)] }),
    );
  });

  it("shows the applied filters as chips named by filter and value; a chip's button removes that filter alone; the question index focuses a card", async () => {
    const { router } = render(
      `/results?preset=last30Days&touchpoint=${id(2)}&survey=${id(10)}&groupBy=weekNumber&meta=store:Helsinki&stack=1`,
      memberHandlers(),
    );
    const chips = await eventually(() => screen.getByRole("list", { name: "Applied filters" }), 25_000);
    expect(
      within(chips)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([
      "Dates: Last 30 days",
      "Group by: Week number",
      "Touchpoint: Web shop",
      "Survey: Store visit",
      "Metadata: store = Helsinki",
      "Stack graphs to 100 %",
    ]);
    // The toolbar holds the filters, the chips, the views and the tools.
    const toolbar = screen.getByRole("region", { name: "Results tools" });
    expect(within(toolbar).getByRole("form", { name: "Results filters" })).toBeTruthy();
    expect(within(toolbar).getByRole("tablist", { name: "Results view" })).toBeTruthy();
    for (const name of ["Saved views", "Export", "Share results"]) expect(within(toolbar).getByRole("button", { name })).toBeTruthy();

    fireEvent.click(within(chips).getByRole("button", { name: "Remove filter Touchpoint: Web shop" }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get("touchpoint")).toBeNull());
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get("preset")).toBe("last30Days");
    expect(search.get("survey")).toBe(id(10));
    expect(search.get("groupBy")).toBe("weekNumber");
    expect(search.getAll("meta")).toEqual(["store:Helsinki"]);
    await waitFor(() => expect(screen.queryByRole("button", { name: "Remove filter Touchpoint: Web shop" })).toBeNull());

    // The question index: a panel of links to the questions; following one focuses its card.
    const index = await eventually(() => within(toolbar).getByRole("button", { name: /^Questions \(\d+\)$/ }), 25_000);
    fireEvent.click(index);
    const link = within(screen.getByRole("navigation", { name: "Question index" })).getByRole("link", { name: "How was your visit?" });
    fireEvent.click(link);
    expect(document.activeElement).toBe(screen.getByRole("article", { name: "How was your visit?" }));
    expect(index.getAttribute("aria-expanded")).toBe("false");
  });

  it("asks for the filter options, the sections and the saved views at once when it opens; a slow section holds no other", async () => {
    let releaseOptions!: () => void;
    const optionsHeld = new Promise<void>((resolve) => {
      releaseOptions = resolve;
    });
    let releaseText!: () => void;
    const textHeld = new Promise<void>((resolve) => {
      releaseText = resolve;
    });
    const { requests } = render(
      "/results",
      memberHandlers({
        ResultsPageOptionsQuery: async () => {
          await optionsHeld;
          return optionsAnswer();
        },
        ResultsPageTextAnalyticsQuery: async () => {
          await textHeld;
          return textAnswer();
        },
      }),
    );
    // Every section's query is on its way while the filter options have not arrived (no waterfall).
    await waitFor(() =>
      expect(requests.map((r) => r.name).sort()).toEqual([
        "BookmarksPanelQuery",
        "ResultsPageOptionsQuery",
        "ResultsPageQuestionsQuery",
        "ResultsPageTextAnalyticsQuery",
      ]),
    );
    expect(screen.queryByRole("form", { name: "Results filters" })).toBeNull();
    await act(async () => releaseOptions());
    // The questions show while the text analytics still wait.
    await eventually(() => screen.getByRole("figure", { name: "Satisfaction: How was your visit?" }), 25_000);
    expect(screen.queryByRole("figure", { name: "Word cloud" })).toBeNull();
    expect(screen.getByRole("form", { name: "Results filters" })).toBeTruthy();
    await act(async () => releaseText());
    await eventually(() => screen.getByRole("figure", { name: "Word cloud" }), 25_000);
  });

  it("offers the feedback list tab only on plans with the feedbackInbox feature; a list address shows the graphs there", async () => {
    const { requests } = render("/results?view=list", memberHandlers({ ResultsPageOptionsQuery: () => optionsAnswer(["channelCreation"]) }));
    await eventually(() => screen.getByRole("figure", { name: "Word cloud" }), 25_000);
    // The list's query waits for the plan, so a plan without the list never asks for it.
    expect(requests.map((r) => r.name)).not.toContain("FeedbackListViewQuery");
    const tabs = screen.getByRole("tablist", { name: "Results view" });
    expect(
      within(tabs)
        .getAllByRole("tab")
        .map((tab) => tab.textContent),
    ).toEqual(["Graphs", "Table"]);
    expect(within(tabs).getByRole("tab", { name: "Graphs" }).getAttribute("aria-selected")).toBe("true");
  });

  it("a plan with the feedbackInbox feature has the three tabs", async () => {
    render("/results", memberHandlers());
    const tabs = await eventually(() => screen.getByRole("tablist", { name: "Results view" }), 25_000);
    expect(
      within(tabs)
        .getAllByRole("tab")
        .map((tab) => tab.textContent),
    ).toEqual(["Graphs", "Table", "Feedback list"]);
  });

  it("says when responses over the organisation's response limit are not shown (spec 001 §8), and only then", async () => {
    render("/results", memberHandlers({ ResultsPageQuestionsQuery: () => resultsAnswer("daily", "Response limit exceeded (some responses not shown)") }));
    const notice = await eventually(() => screen.getByText("Response limit exceeded (some responses not shown)"), 25_000);
    expect(notice.getAttribute("role")).toBe("status");
  });

  it("shows no limit notice when the API gives none", async () => {
    render("/results", memberHandlers());
    await eventually(() => screen.getByRole("figure", { name: "Satisfaction: How was your visit?" }), 25_000);
    expect(screen.queryByText("Response limit exceeded (some responses not shown)")).toBeNull();
  });

  it("draws each question: satisfaction gauge with its band, distribution, NPS breakdown, series by week; the table view lists the figures", async () => {
    const { router, requests } = render("/results?groupBy=weekNumber", memberHandlers());
    const gauge = await eventually(() => screen.getByRole("figure", { name: "Satisfaction: How was your visit?" }), 25_000);
    expect(within(gauge).getByRole("img").getAttribute("aria-label")).toBe("Satisfaction: How was your visit?: 75 %, Satisfied. Earlier period: 60 %.");
    const dist = screen.getByRole("figure", { name: "Answers: How was your visit?" });
    const distRows = within(within(dist).getByRole("table"))
      .getAllByRole("row")
      .slice(1)
      .map((r) => Array.from(r.children).map((c) => c.textContent));
    expect(distRows[0]).toEqual(["1/5", "1", "12.5 %"]);
    expect(distRows[4]).toEqual(["5/5", "4", "50 %"]);
    const series = screen.getByRole("figure", { name: "How was your visit?" });
    expect(within(series).getByRole("img").getAttribute("aria-label")).toBe("How was your visit? by Week number: highest 2026-W45 85 %, lowest 2026-W44 58 %.");
    const nps = screen.getByRole("figure", { name: "NPS: Would you recommend us?" });
    expect(within(nps).getByRole("img").getAttribute("aria-label")).toMatch(/NPS \+30/);
    expect(screen.getByText(/Answers: 8 · earlier period: 5 · all touchpoints: 12/)).toBeTruthy();

    // Stacked to 100 %: one stack per week.
    await act(async () => {
      router.navigate("/results?groupBy=weekNumber&stack=1");
    });
    const stacked = await eventually(() => screen.getByRole("figure", { name: "Answers by group: How was your visit?" }), 25_000);
    const stackRows = within(within(stacked).getByRole("table"))
      .getAllByRole("row")
      .slice(1)
      .map((r) => r.firstElementChild?.textContent);
    expect(stackRows).toEqual(["2026-W44", "2026-W45"]);

    fireEvent.click(screen.getByRole("tab", { name: "Table" }));
    await waitFor(() => expect(router.state.location.search).toContain("view=table"));
    const table = await eventually(() => screen.getByRole("table", { name: "Results per question" }), 25_000);
    const rows = within(table)
      .getAllByRole("row")
      .slice(1)
      .map((r) =>
        Array.from(r.children)
          .slice(0, 6)
          .map((c) => c.textContent),
      );
    expect(rows).toEqual([
      ["How was your visit?", "8", "5", "75 %", "–", "–"],
      ["Would you recommend us?", "10", "–", "–", "+30", "–"],
    ]);
    // The graphs asked for the series; the table alone asks none, so the server computes none.
    const seriesAsked = requests.filter((r) => r.name === "ResultsPageQuestionsQuery").map((r) => r.variables.withSeries);
    expect(seriesAsked[0]).toBe(true);
    expect(seriesAsked.at(-1)).toBe(false);
  });

  it("root causes for the chosen outcome: drivers drawn by |importance| and favourable performance, too-small samples left out", async () => {
    const { requests } = render("/results", memberHandlers());
    const figure = await eventually(() => screen.getByRole("figure", { name: "Root causes" }), 25_000);
    expect(requests.find((r) => r.name === "RootCausePanelQuery")?.variables).toMatchObject({ outcomeQuestionId: gid("Question", 20), locale: "en" });
    expect((screen.getByLabelText("Outcome question") as HTMLSelectElement).value).toBe(id(20));
    const rows = within(within(figure).getByRole("table"))
      .getAllByRole("row")
      .slice(1)
      .map((r) => Array.from(r.children).map((c) => c.textContent));
    // "Long queue" correlates negatively: importance 0.4, favourable performance 100 − 70 = 30.
    expect(rows).toEqual([
      ["Waiting time", "0.62", "35", "200", "Yes", "Fix first: important, low performance"],
      ["Checkout: Long queue", "0.4", "30", "120", "Yes", "Fix first: important, low performance"],
    ]);
    expect(within(figure).getByRole("img").getAttribute("aria-label")).toBe(
      "Root causes for How was your visit?: fix first Waiting time, Checkout: Long queue.",
    );
    expect(screen.getByText(/1 drivers had too few responses or no variation/)).toBeTruthy();
  });

  it("custom dates: a reversed range is refused with the spec's words and nothing changes", async () => {
    const { router } = render("/results", memberHandlers());
    await eventually(() => screen.getByRole("form", { name: "Results filters" }));
    const bar = screen.getByRole("form", { name: "Results filters" });
    fireEvent.change(within(bar).getByLabelText("Date range"), { target: { value: "custom" } });
    fireEvent.change(within(bar).getByLabelText("From"), { target: { value: "2026-10-10" } });
    fireEvent.change(within(bar).getByLabelText("To"), { target: { value: "2026-10-01" } });
    fireEvent.click(within(bar).getByRole("button", { name: "Filter results" }));
    expect(within(bar).getByRole("alert").textContent).toBe("The start date must not be after the end date");
    expect(router.state.location.search).toBe("");
    fireEvent.change(within(bar).getByLabelText("To"), { target: { value: "2026-10-31" } });
    fireEvent.click(within(bar).getByRole("button", { name: "Filter results" }));
    await waitFor(() => expect(router.state.location.search).toBe("?from=2026-10-10&to=2026-10-31"));
  });

  it("restricts by answer and metadata (strict) and hides a question, all in the request", async () => {
    const { requests } = render("/results", memberHandlers());
    await eventually(() => screen.getByRole("form", { name: "Results filters" }));
    const bar = screen.getByRole("form", { name: "Results filters" });
    fireEvent.click(within(bar).getByRole("button", { name: "Add answer restriction" }));
    fireEvent.change(within(bar).getByLabelText("Question of restriction 1"), { target: { value: id(20) } });
    fireEvent.click(within(bar).getByLabelText("5/5 (best)"));
    fireEvent.click(within(bar).getByRole("button", { name: "Add metadata filter" }));
    fireEvent.change(within(bar).getByLabelText("Metadata key 1"), { target: { value: "store" } });
    fireEvent.change(within(bar).getByLabelText("Metadata value 1"), { target: { value: "Helsinki" } });
    fireEvent.click(within(bar).getByLabelText("Strict metadata match (every pair must match)"));
    fireEvent.click(within(bar).getByLabelText("Hide Store visit: Tell us more"));
    fireEvent.click(within(bar).getByLabelText("Hide questions with no responses"));
    fireEvent.change(within(bar).getByLabelText("Group by"), { target: { value: "metadata" } });
    fireEvent.click(within(bar).getByRole("button", { name: "Filter results" }));
    expect(within(bar).getByRole("alert").textContent).toBe("Choose the metadata key to group by");
    fireEvent.change(within(bar).getByLabelText("Metadata key to group by"), { target: { value: "store" } });
    fireEvent.click(within(bar).getByRole("button", { name: "Filter results" }));
    await waitFor(() =>
      expect(filtersOf(requests, "ResultsPageTextAnalyticsQuery").at(-1)).toMatchObject({
        groupBy: "metadata",
        groupByMetaKey: "store",
        restrictByAnswer: [{ questionId: gid("Question", 20), choiceIds: [], numbers: [1] }],
        metaDataMatch: { items: [{ key: "store", value: "Helsinki" }], strict: true },
        options: { hiddenQuestions: [gid("Question", 21)], hideQuestionsWithNoResponses: true },
      }),
    );
  });

  it("saves a bookmark with the current filters and opens a saved one", async () => {
    const saved: Array<Record<string, unknown>> = [];
    let bookmarks: Array<Record<string, unknown>> = [];
    const { router } = render(
      "/results?preset=lastFullWeek",
      memberHandlers({
        BookmarksPanelQuery: () => ({ data: { bookmarks } }),
        BookmarksPanelCreateMutation: (v) => {
          saved.push(v);
          bookmarks = [{ id: "b1", name: String(v.name), filters: savedFilters(v.filters as Record<string, unknown>), createdAt: "2026-11-22T10:00:00.000Z" }];
          return { data: { createBookmark: { message: "Bookmark saved", bookmark: { id: "b1", name: v.name } } } };
        },
      }),
    );
    await eventually(() => screen.getByText("No saved views yet."));
    await openPanel("Saved views");
    fireEvent.click(screen.getByRole("button", { name: "Save bookmark" }));
    expect(screen.getByText("Give the saved view a name")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Bookmark name"), { target: { value: "Last week" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Save bookmark" }));
    });
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe("Last week");
    expect(saved[0]!.filters).toMatchObject({ datePreset: "lastFullWeek" });
    await waitFor(() => expect(toasts.list().map((x) => x.message)).toContain("Bookmark saved"));
    await eventually(() => screen.getByRole("button", { name: "Open saved view Last week" }));
    await act(async () => {
      router.navigate("/results");
    });
    fireEvent.click(await eventually(() => screen.getByRole("button", { name: "Open saved view Last week" })));
    await waitFor(() => expect(router.state.location.search).toBe("?preset=lastFullWeek"));
  });

  it("creates a share link with its options and shows the link", async () => {
    const inputs: Array<Record<string, unknown>> = [];
    render(
      "/results?groupBy=monthly",
      memberHandlers({
        ShareLinkDialogCreateMutation: (v) => {
          inputs.push(v.input as Record<string, unknown>);
          return { data: { createShareLink: { token: TOKEN, url: `http://app.test/results?token=${TOKEN}`, shareLink: { id: "s1", name: "Board" } } } };
        },
      }),
    );
    fireEvent.click(await eventually(() => screen.getByRole("button", { name: "Share results" })));
    const dialog = screen.getByRole("dialog", { name: "Share results by link" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Create share link" }));
    expect(within(dialog).getByText("Give the link a name")).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText("Link name"), { target: { value: "Board" } });
    fireEvent.click(within(dialog).getByLabelText("Dates"));
    fireEvent.click(within(dialog).getByLabelText("Grouping"));
    fireEvent.click(within(dialog).getByLabelText("Dates move with today (dynamic date)"));
    fireEvent.click(within(dialog).getByLabelText("Hide timestamps"));
    fireEvent.change(within(dialog).getByLabelText("Hide results with fewer responses than"), { target: { value: "5" } });
    fireEvent.change(within(dialog).getByLabelText("Smiley scale"), { target: { value: "4" } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole("button", { name: "Create share link" }));
    });
    await waitFor(() => expect(inputs).toHaveLength(1));
    expect(inputs[0]).toMatchObject({
      name: "Board",
      allowChanges: ["date", "groupBy"],
      dynamicDate: true,
      hideTimestamps: true,
      hideResultsIfLessThan: 5,
      smileyScale: { count: 4 },
      expiredAt: null,
    });
    expect(inputs[0]!.filters).toMatchObject({ groupBy: "monthly" });
    const link = await eventually(() => within(screen.getByRole("dialog")).getByLabelText("Share link") as HTMLInputElement);
    expect(link.value).toBe(`http://app.test/results?token=${TOKEN}`);
  });

  it("exports CSV with a progress bar driven by exportStatusChanged, then offers the file", async () => {
    const { restCalls, subscriptions, emit } = render("/results?preset=last7Days", memberHandlers(), (path) =>
      path === "/results/list" ? { cacheId: "job1" } : null,
    );
    await openPanel("Export");
    fireEvent.click(await eventually(() => screen.getByRole("button", { name: "Export CSV" })));
    await waitFor(() => expect(restCalls.map((c) => c.path)).toEqual(["/results/list"]));
    expect(restCalls[0]!.options).toMatchObject({ method: "POST", body: { format: "csv", locale: "en", filters: { datePreset: "last7Days" } } });
    await waitFor(() => expect(subscriptions.find((s) => s.name === "ExportPanelStatusSubscription")?.variables).toEqual({ id: btoa("ExportJob:job1") }));
    const bar = () => screen.getByLabelText("CSV export progress") as HTMLProgressElement;
    expect(bar().value).toBe(0);
    emit(
      "ExportPanelStatusSubscription",
      { id: btoa("ExportJob:job1") },
      { data: { exportStatusChanged: { id: "job1", kind: "csv", status: "generating", progress: 40, error: null, downloadUrl: null } } },
    );
    await waitFor(() => expect(bar().value).toBe(40));
    expect(screen.getByText("Generating the CSV file: 40 %")).toBeTruthy();
    // A late, older event does not move the bar back.
    emit(
      "ExportPanelStatusSubscription",
      { id: btoa("ExportJob:job1") },
      { data: { exportStatusChanged: { id: "job1", kind: "csv", status: "generating", progress: 20, error: null, downloadUrl: null } } },
    );
    expect(bar().value).toBe(40);
    emit(
      "ExportPanelStatusSubscription",
      { id: btoa("ExportJob:job1") },
      {
        data: { exportStatusChanged: { id: "job1", kind: "csv", status: "finished", progress: 100, error: null, downloadUrl: null } },
      },
    );
    await waitFor(() => expect(bar().value).toBe(100));
    expect(screen.getByText("The CSV file is ready.")).toBeTruthy();
  });

  it("a failed PDF export says so with the spec's message", async () => {
    const { subscriptions, emit } = render(
      "/results",
      memberHandlers({
        ExportPanelPdfMutation: () => ({
          data: { startPdfExport: { exportJob: { legacyId: "pdf1", kind: "pdf", status: "generating", progress: 0, error: null, downloadUrl: null } } },
        }),
      }),
    );
    await openPanel("Export");
    fireEvent.click(await eventually(() => screen.getByRole("button", { name: "Export PDF" })));
    await waitFor(() => expect(subscriptions.some((s) => s.name === "ExportPanelStatusSubscription" && s.variables.id === btoa("ExportJob:pdf1"))).toBe(true));
    // The server's job carries the same failure text: it is shown once, not twice.
    emit(
      "ExportPanelStatusSubscription",
      { id: btoa("ExportJob:pdf1") },
      {
        data: {
          exportStatusChanged: { id: "pdf1", kind: "pdf", status: "failed", progress: 30, error: "PDF generation failed. Contact support.", downloadUrl: null },
        },
      },
    );
    await waitFor(() => expect(screen.getByText("PDF generation failed. Contact support.")).toBeTruthy());
  });

  it("a visitor exports CSV and PDF with the link's token (no bearer), and the progress bar follows the poll", async () => {
    let polls = 0;
    const { restCalls, subscriptions } = render(
      `/results?token=${TOKEN}`,
      {
        RootCausePanelQuery: rootCauseAnswer,
        ResultsPageQuestionsQuery: () => resultsAnswer(),
        ResultsPageTextAnalyticsQuery: textAnswer,
        ResultsPageSharedViewQuery: () => ({
          data: {
            sharedView: {
              exportKinds: ["csv", "xlsx", "pdf"],
              name: "Board view",
              filters: savedFilters({ from: "2026-10-01", to: "2026-10-31", surveyIds: [gid("Survey", 10)] }),
              allowChanges: [],
              hideTimestamps: true,
              hideResultsIfLessThan: null,
              expiredAt: null,
              feedbackList: true,
            },
            resultsFilterOptions: { surveys: [], touchpoints: [], questions: [], metaKeys: [] },
          },
        }),
      },
      (path) => {
        if (path === "/results/list") return { cacheId: "job1" };
        if (path === "/results-pdf") return { id: "pdf1", status: "generating" };
        if (path === "/results-feedbacklist/poll") {
          polls += 1;
          return polls === 1 ? { status: "generating", progress: 40, url: null, error: null } : { status: "failed", progress: 40, url: null, error: null };
        }
        if (path === "/results-pdf/poll") return { status: "generating", progress: 10, url: null, error: null };
        return null;
      },
    );
    await openPanel("Export");
    fireEvent.click(await eventually(() => screen.getByRole("button", { name: "Export CSV" })));
    await waitFor(() => expect(restCalls.some((c) => c.path === "/results-feedbacklist/poll")).toBe(true));
    const start = restCalls.find((c) => c.path === "/results/list")!;
    expect(start.options).toMatchObject({
      method: "POST",
      query: { token: TOKEN },
      body: { format: "csv", filters: { from: "2026-10-01", to: "2026-10-31" } },
    });
    expect(restCalls.find((c) => c.path === "/results-feedbacklist/poll")!.options).toMatchObject({ query: { cacheId: "job1", token: TOKEN } });
    const bar = () => screen.getByLabelText("CSV export progress") as HTMLProgressElement;
    await waitFor(() => expect(bar().value).toBe(40));
    // Polled again a second later: the job failed.
    await waitFor(() => expect(screen.getByText("File generation failed. Contact support.")).toBeTruthy(), { timeout: 5000 });
    // No subscription: it is for signed-in members.
    expect(subscriptions.some((sub) => sub.name === "ExportPanelStatusSubscription")).toBe(false);

    fireEvent.click(screen.getByRole("button", { name: "Export PDF" }));
    await waitFor(() => expect(restCalls.some((c) => c.path === "/results-pdf/poll")).toBe(true));
    expect(restCalls.find((c) => c.path === "/results-pdf")!.options).toMatchObject({
      method: "POST",
      query: { token: TOKEN },
      body: { type: "results", data: ["questions", "textAnalytics", "rootCause"] },
    });
    await waitFor(() => expect((screen.getByLabelText("PDF export progress") as HTMLProgressElement).value).toBe(10));
  });

  it("a share-token visit sends no bearer token, uses the link's filters, and lets the visitor change only what allowChanges lists", async () => {
    const { requests, router } = render(`/results?token=${TOKEN}`, {
      RootCausePanelQuery: rootCauseAnswer,
      ResultsPageQuestionsQuery: () => resultsAnswer(),
      ResultsPageSharedViewQuery: () => ({
        data: {
          sharedView: {
            exportKinds: ["csv", "xlsx", "pdf"],
            name: "Board view",
            filters: savedFilters({
              from: "2026-10-01",
              to: "2026-10-31",
              surveyIds: [gid("Survey", 10)],
              groupBy: "daily",
              options: { stackGraphsTo100: true },
            }),
            allowChanges: ["groupBy"],
            hideTimestamps: true,
            hideResultsIfLessThan: null,
            expiredAt: null,
            feedbackList: true,
          },
          resultsFilterOptions: { surveys: [], touchpoints: [], questions: [], metaKeys: [] },
        },
      }),
      ResultsPageTextAnalyticsQuery: textAnswer,
    });
    await eventually(() => screen.getByRole("heading", { name: "Board view" }));
    await eventually(() => screen.getByRole("figure", { name: "Word cloud" }));
    expect(requests.every((r) => r.authorization === undefined)).toBe(true);
    expect(requests.find((r) => r.name === "ResultsPageSharedViewQuery")?.variables).toMatchObject({ shareToken: TOKEN });
    const text = requests.find((r) => r.name === "ResultsPageTextAnalyticsQuery")!;
    expect(text.variables.shareToken).toBe(TOKEN);
    expect(text.variables.filters).toMatchObject({ from: "2026-10-01", to: "2026-10-31", surveyIds: [gid("Survey", 10)] });
    // Members' tools are not there; the exports are (of what the link shows).
    for (const name of ["Share results", "Save bookmark", "Reset filters"]) expect(screen.queryByRole("button", { name })).toBeNull();
    await openPanel("Export");
    for (const name of ["Export CSV", "Export XLSX", "Export PDF"]) expect(screen.getByRole("button", { name })).toBeTruthy();
    expect(requests.some((r) => r.name === "ResultsPageOptionsQuery" || r.name === "BookmarksPanelQuery")).toBe(false);
    // The link's filters are chips too; only what the link lets the visitor change can be removed.
    const visitorChips = screen.getByRole("list", { name: "Applied filters" });
    expect(
      within(visitorChips)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Dates: 2026-10-01 – 2026-10-31", "Survey: (name not available)", "Stack graphs to 100 %"]);
    expect(within(visitorChips).queryAllByRole("button")).toHaveLength(0);
    // Only the grouping may change.
    const bar = screen.getByRole("form", { name: "Results filters" });
    expect((within(bar).getByLabelText("Date range") as HTMLSelectElement).disabled).toBe(true);
    expect((within(bar).getByLabelText("Stack graphs to 100 %") as HTMLInputElement).disabled).toBe(true);
    expect((within(bar).getByLabelText("Stack graphs to 100 %") as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole("tab", { name: "Table" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(bar).getByLabelText("Group by"), { target: { value: "weekNumber" } });
    fireEvent.click(within(bar).getByRole("button", { name: "Filter results" }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get("groupBy")).toBe("weekNumber"));
    expect(new URLSearchParams(router.state.location.search).get("token")).toBe(TOKEN);
    await waitFor(() => expect(filtersOf(requests, "ResultsPageTextAnalyticsQuery").at(-1)).toMatchObject({ groupBy: "weekNumber", from: "2026-10-01" }));
  });

  it("a visitor whose link lets them change surveys, touchpoints, answers and metadata gets the link's choices in the filter bar", async () => {
    const sharedView = {
      name: "Store board",
      filters: savedFilters({ from: "2026-10-01", to: "2026-10-31" }),
      allowChanges: ["surveyId", "channelId", "restrictByAnswer", "metaDataMatch"],
      hideTimestamps: false,
      hideResultsIfLessThan: null,
      expiredAt: null,
    };
    const choices = {
      surveys: [
        { legacyId: id(10), name: "Store visit" },
        { legacyId: id(11), name: "Checkout" },
      ],
      touchpoints: [{ legacyId: id(1), name: "Lobby kiosk" }],
      questions: [
        {
          legacyId: id(20),
          surveyLegacyId: id(10),
          type: "smiley",
          title: [
            { language: "en", text: "How was your visit?" },
            { language: "fi", text: "Millainen käynti oli?" },
          ],
          choices: [],
          options: { __typename: "SmileyOptions", buttons: 5 },
        },
        {
          legacyId: id(30),
          surveyLegacyId: id(11),
          type: "emotion",
          title: [{ language: "en", text: "How do you feel?" }],
          choices: [
            { id: "love", text: [{ language: "en", text: "Love" }], hidden: false },
            { id: "mad", text: [{ language: "en", text: "Mad" }], hidden: false },
          ],
          options: null,
        },
      ],
      metaKeys: [
        { key: "store", values: [{ value: "Helsinki" }, { value: "Tampere" }] },
        { key: "region", values: [{ value: "north" }] },
      ],
    };
    const { requests, router } = render(`/results?token=${TOKEN}`, {
      ResultsPageSharedViewQuery: () => ({ data: { sharedView, resultsFilterOptions: choices } }),
      ResultsPageQuestionsQuery: () => resultsAnswer(),
      ResultsPageTextAnalyticsQuery: textAnswer,
      RootCausePanelQuery: rootCauseAnswer,
    });
    await eventually(() => screen.getByRole("heading", { name: "Store board" }));
    const ask = requests.find((r) => r.name === "ResultsPageSharedViewQuery")!;
    expect(ask.authorization).toBeUndefined();
    expect(ask.variables).toMatchObject({ shareToken: TOKEN, withOptions: true });
    const bar = screen.getByRole("form", { name: "Results filters" });
    // Surveys and touchpoints to pick from.
    expect((within(bar).getByLabelText("Store visit") as HTMLInputElement).disabled).toBe(false);
    expect(within(bar).getByLabelText("Checkout")).toBeTruthy();
    expect(within(bar).getByLabelText("Lobby kiosk")).toBeTruthy();
    expect(within(bar).queryByText("No surveys")).toBeNull();
    expect(within(bar).queryByText("No touchpoints")).toBeNull();
    // Restrict by answer: the questions of the link's surveys with their answers.
    fireEvent.click(within(bar).getByRole("button", { name: "Add answer restriction" }));
    const questionChoice = within(bar).getByLabelText("Question of restriction 1") as HTMLSelectElement;
    expect(Array.from(questionChoice.options).map((o) => o.textContent)).toEqual([
      "Choose a question",
      "Store visit: How was your visit?",
      "Checkout: How do you feel?",
    ]);
    fireEvent.change(questionChoice, { target: { value: id(30) } });
    fireEvent.click(within(bar).getByLabelText("Love"));
    // Metadata: the keys in use, and the values of the chosen key.
    fireEvent.click(within(bar).getByRole("button", { name: "Add metadata filter" }));
    expect(Array.from(screen.getByTestId("metadata-keys").querySelectorAll("option")).map((o) => o.getAttribute("value"))).toEqual(["store", "region"]);
    fireEvent.change(within(bar).getByLabelText("Metadata key 1"), { target: { value: "store" } });
    expect(Array.from(screen.getByTestId("metadata-values-1").querySelectorAll("option")).map((o) => o.getAttribute("value"))).toEqual(["Helsinki", "Tampere"]);
    fireEvent.change(within(bar).getByLabelText("Metadata value 1"), { target: { value: "Tampere" } });
    // Choosing one survey narrows the questions to it.
    fireEvent.click(within(bar).getByLabelText("Checkout"));
    fireEvent.click(within(bar).getByRole("button", { name: "Filter results" }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).getAll("survey")).toEqual([id(11)]));
    await waitFor(() =>
      expect(filtersOf(requests, "ResultsPageQuestionsQuery").at(-1)).toMatchObject({
        surveyIds: [gid("Survey", 11)],
        restrictByAnswer: [{ questionId: gid("Question", 30), choiceIds: ["love"], numbers: [] }],
        metaDataMatch: { items: [{ key: "store", value: "Tampere" }] },
      }),
    );
    // The applied restriction's question list now holds the chosen survey's questions only.
    await waitFor(() => {
      const narrowed = within(bar).getByLabelText("Question of restriction 1") as HTMLSelectElement;
      expect(narrowed.value).toBe(id(30));
      expect(Array.from(narrowed.options).map((o) => o.textContent)).toEqual(["Choose a question", "Checkout: How do you feel?"]);
    });
    expect(requests.every((r) => r.authorization === undefined)).toBe(true);
  });

  it("an emotion question draws the EVI per cluster", async () => {
    const emotionAnswer = () => ({
      data: {
        results: [
          {
            questionLegacyId: id(30),
            surveyLegacyId: id(10),
            questionType: "emotion",
            title: "How do you feel?",
            groupBy: "daily",
            hidden: false,
            stackedTo100: false,
            organizationOverallCount: 9,
            mainResult: metrics({
              count: 9,
              evi: 27.8,
              distribution: [
                { value: "love", label: "Love", count: 3, percent: 33.3 },
                { value: "calm", label: "Calm", count: 2, percent: 22.2 },
              ],
              eviClusters: [
                { cluster: "advocacy", value: 1, count: 3 },
                { cluster: "trust", value: 0.5, count: 3 },
                { cluster: "attention", value: 0, count: 1 },
                { cluster: "destroying", value: -1, count: 2 },
              ],
            }),
            earlier: null,
            satisfactionReport: null,
            series: [],
          },
        ],
      },
    });
    render("/results", memberHandlers({ ResultsPageQuestionsQuery: emotionAnswer }));
    const figure = await eventually(() => screen.getByRole("figure", { name: "EVI: How do you feel?" }), 25_000);
    const rows = within(within(figure).getByRole("table"))
      .getAllByRole("row")
      .slice(1)
      .map((r) => Array.from(r.children).map((c) => c.textContent));
    expect(rows).toEqual([
      ["Advocacy", "+1", "3", "33.3 %"],
      ["Trust", "+0.5", "3", "33.3 %"],
      ["Attention", "0", "1", "11.1 %"],
      ["Destroying", "−1", "2", "22.2 %"],
      ["EVI", "+28", "9", ""],
    ]);
    expect(within(figure).getByRole("img").getAttribute("aria-label")).toBe(
      "EVI: How do you feel?: EVI +28. Advocacy 33.3 %, Trust 33.3 %, Attention 11.1 %, Destroying 22.2 %.",
    );
  });

  it("an expired share link shows the server's message", async () => {
    render(`/results?token=${TOKEN}`, {
      ResultsPageSharedViewQuery: () => ({ data: null, errors: [{ message: "This share link has expired", extensions: { code: "GONE" } }] }),
    });
    const alert = await eventually(() => screen.getByRole("alert"));
    expect(alert.textContent).toBe("This share link has expired");
  });

  it("print mode: no filters or tools, only the asked components, and marks itself ready for the printer", async () => {
    const { requests } = render(`/results?token=${TOKEN}&print=1&components=textAnalytics`, {
      ResultsPageSharedViewQuery: printedSharedView,
      ResultsPageTextAnalyticsQuery: textAnswer,
    });
    await eventually(() => screen.getByRole("figure", { name: "Sentiment of text answers" }));
    await waitFor(() => expect(document.documentElement.getAttribute("data-print-ready")).toBe("true"));
    expect(document.documentElement.classList.contains("results-print")).toBe(true);
    expect(screen.queryByRole("form", { name: "Results filters" })).toBeNull();
    expect(screen.queryByRole("tablist")).toBeNull();
    expect(requests.map((r) => r.name).sort()).toEqual(["ResultsPageSharedViewQuery", "ResultsPageTextAnalyticsQuery"]);
  });

  it("print mode asks the series only when the graphs are printed", async () => {
    const handlers = { ResultsPageSharedViewQuery: printedSharedView, ResultsPageQuestionsQuery: () => resultsAnswer() };
    const asked = (requests: Array<{ name: string; variables: Record<string, unknown> }>) =>
      requests.filter((r) => r.name === "ResultsPageQuestionsQuery").map((r) => r.variables.withSeries);
    const tableOnly = render(`/results?token=${TOKEN}&print=1&components=table`, handlers);
    await eventually(() => screen.getByRole("table", { name: "Results per question" }), 25_000);
    expect(asked(tableOnly.requests)).toEqual([false]);
    cleanup();
    const both = render(`/results?token=${TOKEN}&print=1&components=questions,table`, handlers);
    await eventually(() => screen.getByRole("table", { name: "Results per question" }), 25_000);
    expect(asked(both.requests)).toEqual([true]);
  });

  it("print mode with root causes: marked ready for the printer only once the drivers are drawn", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { requests } = render(
      "/results?print=1&components=questions,rootCause",
      memberHandlers({
        RootCausePanelQuery: async () => {
          await held;
          return rootCauseAnswer();
        },
      }),
    );
    await waitFor(() => expect(requests.some((r) => r.name === "RootCausePanelQuery")).toBe(true));
    // The questions have their answer, the root causes still load: the printout waits, not ready.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(document.documentElement.getAttribute("data-print-ready")).toBeNull();
    expect(screen.queryByRole("figure", { name: "Root causes" })).toBeNull();
    await act(async () => release());
    await eventually(() => screen.getByRole("figure", { name: "Root causes" }), 25_000);
    expect(screen.getByRole("figure", { name: "Satisfaction: How was your visit?" })).toBeTruthy();
    await waitFor(() => expect(document.documentElement.getAttribute("data-print-ready")).toBe("true"));
    expect(requests.some((r) => r.name === "BookmarksPanelQuery")).toBe(false);
  });
});
