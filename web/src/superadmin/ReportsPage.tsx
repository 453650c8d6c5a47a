import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { DailySeriesChart } from "../analytics/charts/DailySeriesChart";
import { Button, EmptyState, Skeleton } from "../ui";
import { type ReportItem, type ReportView, reportFileStem, saveJsonFile, superadminApi } from "./api";
import { SuperadminNav } from "./SuperadminNav";
import { useLoad } from "./useLoad";
import "./superadmin.css";

/** Spec 000 §9: reports are fetched 3 items per page. */
const pageSize = 3;

/** /superadmin/reports: per organisation, responses, answers and open comments per month of a year, or per hour of the last 24 hours. */
export default function ReportsPage() {
  const { t } = useLingui();
  const thisYear = new Date().getFullYear();
  const [view, setView] = useState<ReportView>("responsesToQuestions");
  const [year, setYear] = useState(thisYear);
  const [search, setSearch] = useState("");
  const [applied, setApplied] = useState("");
  const [page, setPage] = useState(0);
  const [state] = useLoad(
    () =>
      Promise.all([
        superadminApi.reportCount({ view, year, search: applied }),
        superadminApi.reports({ view, year, search: applied, skip: page * pageSize, limit: pageSize }),
      ]),
    [view, year, applied, page],
  );
  const pages = state.kind === "ready" ? Math.max(1, Math.ceil(state.data[0].count / pageSize)) : 1;
  const years = Array.from({ length: 6 }, (_, i) => thisYear - i);

  return (
    <section className="page superadmin" aria-busy={state.kind === "loading"}>
      <h1 className="page__title">
        <Trans>Reports</Trans>
      </h1>
      <SuperadminNav />
      <form
        className="superadmin__toolbar"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setPage(0);
          setApplied(search.trim());
        }}
      >
        <div className="field">
          <label htmlFor="report-view">
            <Trans>View</Trans>
          </label>
          <select
            id="report-view"
            value={view}
            onChange={(e) => {
              setPage(0);
              setView(e.target.value as ReportView);
            }}
          >
            <option value="responsesToQuestions">{t`Responses to questions`}</option>
            <option value="comments">{t`Open feedback`}</option>
            <option value="24h">{t`Last 24 hours`}</option>
          </select>
        </div>
        {view !== "24h" ? (
          <div className="field">
            <label htmlFor="report-year">
              <Trans>Year</Trans>
            </label>
            <select
              id="report-year"
              value={year}
              onChange={(e) => {
                setPage(0);
                setYear(Number(e.target.value));
              }}
            >
              {years.map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div className="field">
          <label htmlFor="report-search">
            <Trans>Search organisations</Trans>
          </label>
          <input id="report-search" type="text" value={search} onChange={(e) => setSearch(e.target.value)} />
        </div>
        <Button type="submit">
          <Trans>Search</Trans>
        </Button>
      </form>
      {state.kind === "loading" ? <Skeleton label={t`Loading`} shape="chart" /> : null}
      {state.kind === "failed" ? (
        <p role="alert">
          <Trans>The reports could not be loaded.</Trans>
        </p>
      ) : null}
      {state.kind === "ready" && state.data[1].length === 0 ? <EmptyState title={t`No organisations found.`} /> : null}
      {state.kind === "ready" ? state.data[1].map((item) => <ReportCard key={item._id} item={item} view={view} year={year} />) : null}
      {state.kind === "ready" && state.data[0].count > 0 ? (
        <nav className="superadmin__toolbar" aria-label={t`Report pages`}>
          <Button size="sm" disabled={page === 0} onClick={() => setPage((p) => p - 1)}>
            <Trans>Previous</Trans>
          </Button>
          <span>
            <Trans>
              Page {page + 1} of {pages} ({state.data[0].count} organisations)
            </Trans>
          </span>
          <Button size="sm" disabled={page + 1 >= pages} onClick={() => setPage((p) => p + 1)}>
            <Trans>Next</Trans>
          </Button>
        </nav>
      ) : null}
    </section>
  );
}

function ReportCard({ item, view, year }: { item: ReportItem; view: ReportView; year: number }) {
  const { t, i18n } = useLingui();
  const metric = view === "comments" ? "comments" : "responses";
  const label = (period: string) => (item.view === "24h" ? i18n.date(new Date(period), { hour: "2-digit", minute: "2-digit" }) : period);
  const download = async () => {
    const data = await superadminApi.unitReport({ view, year, organizationId: item._id });
    saveJsonFile(`${reportFileStem[view]}-${item._id}.json`, data);
  };
  const title = view === "comments" ? t`Open feedback: ${item.name}` : t`Responses: ${item.name}`;
  return (
    <article className="superadmin__report" aria-label={item.name}>
      <h2>{item.name}</h2>
      <p>
        <Trans>
          {item.totals.responses} responses, {item.totals.answers} answers, {item.totals.comments} open comments
        </Trans>
      </p>
      <DailySeriesChart title={title} metric="responses" kind="bar" points={item.periods.map((p) => ({ label: label(p.period), value: p[metric] }))} />
      <Button size="sm" onClick={() => void download().catch(() => {})} aria-label={t`Download per team (JSON): ${item.name}`}>
        <Trans>Download per team (JSON)</Trans>
      </Button>
    </article>
  );
}
