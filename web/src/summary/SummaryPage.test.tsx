import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../test/eventually";
import { renderScreen } from "../test/resultsScreen";
import SummaryPage from "./SummaryPage";
import { localToday } from "./summaryFilters";
import { toGlobalId } from "../util/globalId";

const id = (n: number) => `65a1b2c3d4e5f607182930${String(n).padStart(2, "0")}`;
const today = localToday().replace(/-/g, "/");

const summaryAnswer = (to = today, responseLimitNotice: string | null = null) => ({
  data: {
    summary: {
      from: "2026/01/01",
      to,
      responseLimitNotice,
      average: { now: 80, earlier: 70 },
      orgAverage: { now: 75 },
      nps: { now: 40, earlier: 35 },
      orgNPS: { now: 20 },
      count: { now: 120, earlier: 100 },
      orgCount: { now: 300 },
      ranking: {
        now: [
          { touchpointLegacyId: id(1), name: "Lobby kiosk", position: 2, average: 70, count: 40 },
          { touchpointLegacyId: id(2), name: "Web shop", position: 1, average: 90, count: 80 },
        ],
        earlier: [{ touchpointLegacyId: id(1), average: 75 }],
      },
      daily: [
        { date: "2026/01/01", count: 100, average: 78, nps: 30 },
        { date: to, count: 20, average: 82, nps: 50 },
      ],
    },
  },
});

const surveysAnswer = () => ({
  data: {
    surveys: {
      edges: [
        { node: { legacyId: id(10), name: "Store visit" }, cursor: "c0" },
        { node: { legacyId: id(11), name: "Web" }, cursor: "c1" },
      ],
      pageInfo: { endCursor: "c1", hasNextPage: false },
    },
  },
});

const render = (path: string, to?: string, notice: string | null = null) =>
  renderScreen({
    path,
    pattern: "/summary",
    element: <SummaryPage />,
    handlers: { SummaryContentQuery: () => summaryAnswer(to, notice), SummaryPageSurveysQuery: surveysAnswer },
  });

const kpi = (label: string) => screen.getByRole("figure", { name: label });

describe("/summary", { timeout: 60_000 }, () => {
  // Transform the lazily loaded charts once, before the clock of any test starts.
  beforeAll(async () => {
    await import("./SummaryContent");
  }, 180_000);

  it("says when responses over the organisation's response limit are not shown (spec 001 §8), and only then", async () => {
    render("/summary", undefined, "Response limit exceeded (some responses not shown)");
    await eventually(() => kpi("Responses"), 25_000);
    expect(screen.getByText("Response limit exceeded (some responses not shown)").getAttribute("role")).toBe("status");
  });

  it("shows no limit notice when the API gives none", async () => {
    render("/summary");
    await eventually(() => kpi("Responses"), 25_000);
    expect(screen.queryByText("Response limit exceeded (some responses not shown)")).toBeNull();
  });

  it("shows the figures now, earlier and the organisation's, the ranking now against earlier, and daily charts", async () => {
    const { requests } = render("/summary");
    await eventually(() => kpi("Responses"), 25_000);
    const input = requests.find((r) => r.name === "SummaryContentQuery")!.variables.input as Record<string, unknown>;
    expect(input).toMatchObject({ from: null, to: null, surveyIds: [] });
    expect(typeof input.utcOffset).toBe("number");
    expect(within(kpi("Responses")).getByRole("status", { name: "Responses now" }).textContent).toBe("120");
    expect(within(kpi("Responses")).getByText("Earlier period: 100 · Organisation: 300")).toBeTruthy();
    expect(within(kpi("Average satisfaction")).getByRole("status").textContent).toBe("80 %");
    expect(within(kpi("Average satisfaction")).getByText("Earlier period: 70 % · Organisation: 75 %")).toBeTruthy();
    expect(within(kpi("NPS")).getByRole("status").textContent).toBe("+40");
    const ranking = screen.getByRole("figure", { name: "Touchpoint ranking" });
    const rows = within(within(ranking).getByRole("table"))
      .getAllByRole("row")
      .slice(1)
      .map((r) => Array.from(r.children).map((c) => c.textContent));
    expect(rows).toEqual([
      ["Web shop", "1", "90 %", "–", "no earlier figure", "80"],
      ["Lobby kiosk", "2", "70 %", "75 %", "down −5", "40"],
    ]);
    for (const name of ["Responses per day", "Satisfaction per day", "NPS per day"]) expect(screen.getByRole("figure", { name })).toBeTruthy();
    const gauge = screen.getByRole("figure", { name: "Satisfaction level" });
    expect(within(gauge).getByRole("img").getAttribute("aria-label")).toBe("Satisfaction level: 80 %, Satisfied. Earlier period: 70 %.");
  });

  it("counts move while responses arrive, only for the chosen surveys; the organisation's count takes every arrival", async () => {
    const { emit, subscriptions } = render(`/summary?survey=${id(10)}`);
    await eventually(() => kpi("Responses"), 25_000);
    await waitFor(() => expect(subscriptions.some((s) => s.name === "SummaryContentLiveSubscription")).toBe(true));
    emit(
      "SummaryContentLiveSubscription",
      {},
      {
        data: {
          summaryResponsesArrived: {
            created: 3,
            touchpoints: [
              { touchpointLegacyId: id(1), surveyLegacyId: id(10), created: 2 },
              { touchpointLegacyId: id(2), surveyLegacyId: id(11), created: 1 },
            ],
          },
        },
      },
    );
    await waitFor(() => expect(within(kpi("Responses")).getByRole("status").textContent).toBe("122"));
    expect(within(kpi("Responses")).getByText("Earlier period: 100 · Organisation: 303")).toBeTruthy();
    const daily = screen.getByRole("figure", { name: "Responses per day" });
    const last = within(within(daily).getByRole("table")).getAllByRole("row").at(-1)!;
    expect(Array.from(last.children).map((c) => c.textContent)[1]).toBe("22");
  });

  it("a window that ended before today does not move with arrivals", async () => {
    const { emit, subscriptions } = render("/summary?from=2026-01-01&to=2026-01-07", "2026/01/07");
    await eventually(() => kpi("Responses"), 25_000);
    await waitFor(() => expect(subscriptions.some((s) => s.name === "SummaryContentLiveSubscription")).toBe(true));
    emit(
      "SummaryContentLiveSubscription",
      {},
      { data: { summaryResponsesArrived: { created: 1, touchpoints: [{ touchpointLegacyId: id(1), surveyLegacyId: id(10), created: 1 }] } } },
    );
    expect(within(kpi("Responses")).getByRole("status").textContent).toBe("120");
  });

  it("filters from/to and surveys go to the address and the query; a reversed range is refused", async () => {
    const { requests, router } = render("/summary");
    await eventually(() => kpi("Responses"), 25_000);
    const form = screen.getByRole("form", { name: "Summary filters" });
    fireEvent.change(within(form).getByLabelText("From"), { target: { value: "2026-02-10" } });
    fireEvent.change(within(form).getByLabelText("To"), { target: { value: "2026-02-01" } });
    fireEvent.click(within(form).getByRole("button", { name: "Update summary" }));
    expect(within(form).getByRole("alert").textContent).toBe("The start date must not be after the end date");
    fireEvent.change(within(form).getByLabelText("To"), { target: { value: "2026-02-16" } });
    fireEvent.click(within(form).getByLabelText("Web"));
    fireEvent.click(within(form).getByRole("button", { name: "Update summary" }));
    await waitFor(() => expect(router.state.location.search).toBe(`?from=2026-02-10&to=2026-02-16&survey=${id(11)}`));
    await waitFor(() =>
      expect(requests.filter((r) => r.name === "SummaryContentQuery").at(-1)?.variables.input).toMatchObject({
        from: "2026-02-10",
        to: "2026-02-16",
        surveyIds: [toGlobalId("Survey", id(11))],
      }),
    );
  });
});
