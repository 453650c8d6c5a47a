import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useMemo, useRef, useState } from "react";
import { graphql, useMutation, useSubscription } from "react-relay";
import type { GraphQLSubscriptionConfig } from "relay-runtime";
import type { ExportPanelPdfMutation } from "../__generated__/ExportPanelPdfMutation.graphql";
import type { ExportPanelStatusSubscription } from "../__generated__/ExportPanelStatusSubscription.graphql";
import { getServices } from "../services";
import { toasts } from "../shell/toastStore";
import { graphQLErrorMessage } from "../transport/relayEnvironment";
import { ApiError } from "../transport/rest";
import { shouldSendBearer } from "../access/queryFlags";
import { restFilters, type WireFilters } from "./filters";
import { toGlobalId } from "../util/globalId";

export type ExportKind = "csv" | "xlsx" | "pdf";

export interface ExportJobState {
  /** the job's 24-hex id: the REST cacheId or PDF id */
  id: string;
  kind: ExportKind;
  status: "generating" | "finished" | "failed";
  progress: number;
  error: string | null;
  downloadUrl: string | null;
}

const statusSubscription = graphql`
  subscription ExportPanelStatusSubscription($id: ID!) {
    exportStatusChanged(id: $id) {
      id
      kind
      status
      progress
      error
      downloadUrl
    }
  }
`;

const fileExtension: Record<ExportKind, string> = { csv: "csv", xlsx: "xlsx", pdf: "pdf" };

/**
 * Fetches a finished file with the same sign-in and hands it to the browser as a download. A share
 * link's visitor has no sign-in (the transport's rule, `shouldSendBearer`): the poll's url carries
 * the link's token.
 */
export async function downloadExport(url: string, fileName: string): Promise<void> {
  const services = getServices();
  const token = shouldSendBearer(window.location.search) ? await services.session.accessToken() : null;
  const response = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new Error(response.statusText || "Download failed");
  const blob = await response.blob();
  if (typeof URL.createObjectURL !== "function") return;
  const href = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = href;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

type JobProps = { job: ExportJobState; onChange: (next: ExportJobState) => void };

/** A member's job: exportStatusChanged pushes its state (the subscription is for signed-in members). */
function SubscribedExportJob({ job, onChange }: JobProps) {
  const latest = useRef(job);
  latest.current = job;
  const config = useMemo<GraphQLSubscriptionConfig<ExportPanelStatusSubscription>>(
    () => ({
      subscription: statusSubscription,
      variables: { id: toGlobalId("ExportJob", job.id) },
      onNext: (response) => {
        const e = response?.exportStatusChanged;
        if (!e) return;
        const status = e.status === "finished" || e.status === "failed" ? e.status : "generating";
        // The bar never goes back (an older event arriving late is ignored).
        const progress = status === "finished" ? 100 : Math.max(latest.current.progress, e.progress);
        onChange({ ...latest.current, status, progress, error: e.error ?? null, downloadUrl: e.downloadUrl ?? null });
      },
      onError: () => onChange({ ...latest.current, status: "failed", error: null }),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [job.id],
  );
  useSubscription(config);
  return <ExportJobProgress job={job} />;
}

/** How often a visitor's job is polled. */
const visitorPollMs = 1000;

/**
 * A share link's visitor's job: polled (GET /results-feedbacklist/poll or /results-pdf/poll with the
 * link's token), since the subscription is for signed-in members (docs/sharing-and-exports.md).
 */
function PolledExportJob({ job, onChange, shareToken }: JobProps & { shareToken: string }) {
  const latest = useRef(job);
  latest.current = job;
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const path = job.kind === "pdf" ? "/results-pdf/poll" : "/results-feedbacklist/poll";
    const query = job.kind === "pdf" ? { id: job.id, token: shareToken } : { cacheId: job.id, token: shareToken };
    const poll = async () => {
      try {
        const answer = await getServices().rest.request<{ status: ExportJobState["status"]; progress: number; url: string | null; error: string | null }>(
          path,
          { query, toast: false },
        );
        if (stopped) return;
        const status = answer.status === "finished" || answer.status === "failed" ? answer.status : "generating";
        const progress = status === "finished" ? 100 : Math.max(latest.current.progress, answer.progress);
        onChange({ ...latest.current, status, progress, error: answer.error ?? null, downloadUrl: answer.url ?? null });
        if (status === "generating") timer = setTimeout(() => void poll(), visitorPollMs);
      } catch (error) {
        if (stopped) return;
        // The server's message (e.g. the link expired); none when the network failed.
        const message = error instanceof ApiError && error.status ? error.message : null;
        onChange({ ...latest.current, status: "failed", error: message });
      }
    };
    void poll();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [job.id, shareToken]);
  return <ExportJobProgress job={job} />;
}

/**
 * What a failed job's server error adds to the failure text. The server's own failure text (spec 001
 * §8 "File generation failed", "PDF generation failed (contact support)", which the API words as the
 * web does: "File generation failed. Contact support." / "PDF generation failed. Contact support.")
 * adds nothing: the web shows it localised. Any other reason (a share link that expired, a missing
 * PDF printer) is shown after it.
 */
export function failureDetail(error: string | null): string | null {
  if (!error) return null;
  if (/^(File|PDF) generation failed\b/.test(error)) return null;
  return error;
}

/** One running or finished export: its progress bar, then the download. */
function ExportJobProgress({ job }: { job: ExportJobState }) {
  const { t } = useLingui();
  const kindName = job.kind.toUpperCase();
  const downloaded = useRef(false);
  const fileName = `results.${fileExtension[job.kind]}`;
  const download = () => {
    if (!job.downloadUrl) return;
    downloadExport(job.downloadUrl, fileName).catch(() => toasts.error(t`The file could not be downloaded`));
  };
  useEffect(() => {
    if (job.status === "finished" && job.downloadUrl && !downloaded.current) {
      downloaded.current = true;
      download();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [job.status, job.downloadUrl]);
  const failedMessage = job.kind === "pdf" ? t`PDF generation failed. Contact support.` : t`File generation failed. Contact support.`;
  const detail = failureDetail(job.error);
  return (
    <div className="export-job" data-status={job.status}>
      <label className="export-job__label">
        {t`${kindName} export progress`}
        <progress max={100} value={job.progress}>
          {job.progress} %
        </progress>
      </label>
      <p role="status" className="export-job__status">
        {job.status === "generating"
          ? t`Generating the ${kindName} file: ${job.progress} %`
          : job.status === "finished"
            ? t`The ${kindName} file is ready.`
            : `${failedMessage}${detail ? ` ${detail}` : ""}`}
      </p>
      {job.status === "finished" && job.downloadUrl ? (
        <button type="button" className="button button--secondary button--small" onClick={download}>
          {t`Download the ${kindName} file`}
        </button>
      ) : null}
    </div>
  );
}

/**
 * Exports (spec 001 §4, §7): the feedback list as CSV or XLSX (POST /results/list with format, an
 * export job answering its cacheId) and the results as PDF (startPdfExport, printed from the print
 * mode of this page). Each job's progress bar follows exportStatusChanged; the file downloads when
 * it is finished. A plan without file exports gets the server's message (spec 001 §8).
 *
 * A share link's visitor (shareToken) exports what the link shows through the REST calls with the
 * link's token (`?token=`, no bearer): POST /results/list and POST /results-pdf, then polls.
 */
export function ExportPanel({
  filters,
  locale,
  components,
  shareToken = null,
  journey = null,
  kinds = ["csv", "xlsx", "pdf"],
}: {
  filters: WireFilters;
  locale: string;
  components: string[];
  shareToken?: string | null;
  /** A customer journey's analytics: only the PDF (type customerJourney, landscape) of this journey. */
  journey?: { legacyId: string; globalId: string } | null;
  /** The files the caller (a link: its creator) may export (Viewer/SharedView.exportKinds); none: no panel. */
  kinds?: readonly string[];
}) {
  const { t } = useLingui();
  const [jobs, setJobs] = useState<ExportJobState[]>([]);
  const [starting, setStarting] = useState<ExportKind | null>(null);
  const [commitPdf] = useMutation<ExportPanelPdfMutation>(graphql`
    mutation ExportPanelPdfMutation($input: StartPdfExportInput!) {
      startPdfExport(input: $input) {
        exportJob {
          legacyId
          kind
          status
          progress
          error
          downloadUrl
        }
      }
    }
  `);

  const add = (job: ExportJobState) => setJobs((list) => [job, ...list.filter((j) => j.kind !== job.kind)]);
  const update = (next: ExportJobState) => setJobs((list) => list.map((j) => (j.id === next.id ? next : j)));

  /** Starts an export job through REST (files, and a visitor's PDF) and follows it. */
  const startRest = async <A,>(kind: ExportKind, path: string, body: object, idOf: (answer: A) => string) => {
    setStarting(kind);
    try {
      const answer = await getServices().rest.request<A>(path, {
        method: "POST",
        body,
        query: shareToken ? { token: shareToken } : undefined,
        action: "export",
      });
      add({ id: idOf(answer), kind, status: "generating", progress: 0, error: null, downloadUrl: null });
    } catch {
      // The REST helper has shown the server's message (e.g. file export not allowed on the plan).
    } finally {
      setStarting(null);
    }
  };

  const startFile = (format: "csv" | "xlsx") =>
    startRest<{ cacheId: string }>(format, "/results/list", { filters: restFilters(filters), locale, format }, (a) => a.cacheId);

  const startPdf = () => {
    if (shareToken) {
      void startRest<{ id: string }>(
        "pdf",
        "/results-pdf",
        {
          data: components,
          filters: restFilters(filters),
          locale,
          ...(journey ? { type: "customerJourney", printMode: "landscape", journeyId: journey.legacyId } : { type: "results" }),
        },
        (a) => a.id,
      );
      return;
    }
    setStarting("pdf");
    commitPdf({
      variables: {
        input: journey
          ? { components, filters, type: "customerJourney", printMode: "landscape", journeyId: journey.globalId, locale }
          : { components, filters, type: "results", locale },
      },
      onCompleted: (response, errors) => {
        setStarting(null);
        if (errors?.length) {
          toasts.error(errors.map((e) => e.message).join("\n"));
          return;
        }
        const j = response.startPdfExport.exportJob;
        add({
          id: j.legacyId,
          kind: "pdf",
          status: j.status === "finished" || j.status === "failed" ? j.status : "generating",
          progress: j.progress,
          error: j.error ?? null,
          downloadUrl: j.downloadUrl ?? null,
        });
      },
      onError: (error) => {
        setStarting(null);
        toasts.error(graphQLErrorMessage(error) ?? t`PDF generation failed. Contact support.`);
      },
    });
  };

  if (kinds.length === 0) return null;
  return (
    <section className="export-panel" aria-labelledby="export-panel-title">
      <h2 id="export-panel-title" className="results-section__title">
        <Trans>Export</Trans>
      </h2>
      <div className="export-panel__buttons">
        {!journey && kinds.includes("csv") ? (
          <button type="button" className="button button--secondary" disabled={starting !== null} onClick={() => void startFile("csv")}>
            <Trans>Export CSV</Trans>
          </button>
        ) : null}
        {!journey && kinds.includes("xlsx") ? (
          <button type="button" className="button button--secondary" disabled={starting !== null} onClick={() => void startFile("xlsx")}>
            <Trans>Export XLSX</Trans>
          </button>
        ) : null}
        {kinds.includes("pdf") ? (
          <button type="button" className="button button--secondary" disabled={starting !== null} onClick={startPdf}>
            <Trans>Export PDF</Trans>
          </button>
        ) : null}
      </div>
      {jobs.map((job) =>
        shareToken ? (
          <PolledExportJob key={job.id} job={job} onChange={update} shareToken={shareToken} />
        ) : (
          <SubscribedExportJob key={job.id} job={job} onChange={update} />
        ),
      )}
    </section>
  );
}
