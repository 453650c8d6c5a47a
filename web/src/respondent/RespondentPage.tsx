// Loads the touchpoint's survey and runs it. A terminal keeps the last survey it loaded in
// localStorage, so a reload while offline still shows it; it goes full screen on the first touch,
// sends a heartbeat every 3 minutes (and at start) and reloads at a safe point when the heartbeat
// answers refresh.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { activateLocale } from "../i18n/i18n";
import { isInterfaceLocale, type InterfaceLocale } from "../i18n/locale";
import type { PublicSurvey } from "./types";
import { pickLanguage } from "./language";
import { fetchSender, ResponseQueue } from "./queue";
import { RespondentApp, type Mode } from "./RespondentApp";

export function interfaceLocaleFor(language: string): InterfaceLocale {
  return isInterfaceLocale(language) ? language : "en";
}

type Load = { state: "loading" } | { state: "ready"; survey: PublicSurvey } | { state: "failed"; status: number | null; message: string };

const surveyCacheKey = (touchpointId: string) => `respondent.survey.${touchpointId}`;

async function fetchSurvey(touchpointId: string): Promise<Load> {
  try {
    const response = await fetch(`/r/${encodeURIComponent(touchpointId)}/survey`, { cache: "no-store" });
    const body = (await response.json().catch(() => ({}))) as PublicSurvey & { error?: string };
    if (response.ok) return { state: "ready", survey: body };
    return { state: "failed", status: response.status, message: body.error ?? response.statusText };
  } catch (error) {
    return { state: "failed", status: null, message: error instanceof Error ? error.message : String(error) };
  }
}

async function batteryLevel(): Promise<number | null> {
  const nav = navigator as Navigator & { getBattery?: () => Promise<{ level: number }> };
  try {
    return nav.getBattery ? (await nav.getBattery()).level : null;
  } catch {
    return null;
  }
}

export function RespondentPage({ touchpointId, mode }: { touchpointId: string | null; mode: Mode }) {
  const { t } = useLingui();
  const [load, setLoad] = useState<Load>({ state: "loading" });
  const refreshWanted = useRef(false);
  const atStart = useRef(true);
  const queue = useMemo(() => new ResponseQueue({ storage: window.localStorage, send: fetchSender() }), []);

  useEffect(() => queue.start(window), [queue]);

  const loadSurvey = useCallback(async () => {
    if (!touchpointId) return setLoad({ state: "failed", status: 404, message: "" });
    const result = await fetchSurvey(touchpointId);
    if (result.state === "ready") {
      if (mode === "terminal") window.localStorage.setItem(surveyCacheKey(touchpointId), JSON.stringify(result.survey));
      setLoad(result);
      return;
    }
    if (mode === "terminal" && result.state === "failed" && result.status === null) {
      // Offline: the survey this terminal showed before.
      const cached = window.localStorage.getItem(surveyCacheKey(touchpointId));
      if (cached) return setLoad({ state: "ready", survey: JSON.parse(cached) as PublicSurvey });
    }
    setLoad(result);
  }, [touchpointId, mode]);

  useEffect(() => {
    void loadSurvey();
  }, [loadSurvey]);

  // A terminal without its survey tries again every 30 s.
  useEffect(() => {
    if (mode !== "terminal" || load.state !== "failed") return;
    const timer = window.setInterval(() => void loadSurvey(), 30_000);
    return () => window.clearInterval(timer);
  }, [mode, load.state, loadSurvey]);

  // Terminal: full screen on the first touch.
  useEffect(() => {
    if (mode !== "terminal") return;
    const enter = () => {
      if (!document.fullscreenElement && document.documentElement.requestFullscreen) {
        document.documentElement.requestFullscreen().catch(() => {});
      }
    };
    window.addEventListener("pointerdown", enter, { once: true });
    return () => window.removeEventListener("pointerdown", enter);
  }, [mode]);

  // Terminal heartbeat.
  const survey = load.state === "ready" ? load.survey : null;
  useEffect(() => {
    if (mode !== "terminal" || !survey || !touchpointId) return;
    const beat = async () => {
      try {
        const response = await fetch(`/r/${encodeURIComponent(touchpointId)}/ping`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ battery: await batteryLevel(), loadedAt: survey.loadedAt }),
        });
        if (response.ok && ((await response.json()) as { refresh?: boolean }).refresh) {
          // Nobody is answering: reload now; otherwise at the next start-over.
          if (atStart.current) window.location.reload();
          else refreshWanted.current = true;
        }
      } catch {
        // Offline: the next beat tells.
      }
    };
    void beat();
    const timer = window.setInterval(() => void beat(), survey.kiosk.heartbeatSeconds * 1000);
    return () => window.clearInterval(timer);
  }, [mode, survey, touchpointId]);

  const safePoint = useCallback(() => {
    if (refreshWanted.current && navigator.onLine) window.location.reload();
  }, []);

  const initialLanguage = useMemo(
    () => (survey ? pickLanguage(survey.survey.languages, { search: window.location.search, browser: navigator.languages }) : "en"),
    [survey],
  );

  useEffect(() => {
    if (survey) {
      void activateLocale(interfaceLocaleFor(initialLanguage));
      document.title = survey.survey.name || document.title;
    }
  }, [survey, initialLanguage]);

  const onAtStart = useCallback((value: boolean) => {
    atStart.current = value;
  }, []);

  const onLanguage = useCallback((language: string) => {
    void activateLocale(interfaceLocaleFor(language));
  }, []);

  if (load.state === "loading") {
    return (
      <p className="r-status" role="status">
        <Trans>Loading the survey…</Trans>
      </p>
    );
  }
  if (load.state === "failed") {
    const message =
      load.status === 404
        ? t`This survey address is not valid.`
        : load.status === 410
          ? t`This survey is closed.`
          : t`The survey could not be loaded. Check the connection and try again.`;
    return (
      <div className="r-status" role="alert">
        <h1>{message}</h1>
        {load.status !== 404 && load.status !== 410 ? (
          <button type="button" className="r-primary" onClick={() => void loadSurvey()}>
            <Trans>Try again</Trans>
          </button>
        ) : null}
      </div>
    );
  }
  return (
    <RespondentApp
      survey={load.survey}
      mode={mode}
      initialLanguage={initialLanguage}
      queue={queue}
      onLanguage={onLanguage}
      safePoint={safePoint}
      onAtStart={onAtStart}
    />
  );
}
