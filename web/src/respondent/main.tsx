// The respondent pages' entry (web/respond.html, served at /s/{touchpointId} and /t/{touchpointId}):
// no router, no Relay, only React, Lingui and fetch.
import { I18nProvider } from "@lingui/react";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { activateLocale, i18n } from "../i18n/i18n";
import { interfaceLocaleFor, RespondentPage } from "./RespondentPage";
import { forwardEscapeToWidget, reportHeightToWidget } from "./frame";
import "./respondent.css";

async function boot(container: HTMLElement) {
  const match = /^\/(s|t)\/([^/]+)\/?$/.exec(window.location.pathname);
  await activateLocale(interfaceLocaleFor(navigator.language.split("-")[0] ?? "en"));
  const root = createRoot(container);
  root.render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <RespondentPage touchpointId={match ? decodeURIComponent(match[2]!) : null} mode={match?.[1] === "t" ? "terminal" : "link"} />
      </I18nProvider>
    </StrictMode>,
  );
}

const container = document.getElementById("root");
if (container) void boot(container);
forwardEscapeToWidget(window);
reportHeightToWidget(window);
