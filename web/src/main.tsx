import { I18nProvider } from "@lingui/react";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RelayEnvironmentProvider } from "react-relay";
import { RouterProvider } from "react-router-dom";
import { fetchClientConfig } from "./config/clientConfig";
import { activateResolved, i18n } from "./i18n/i18n";
import { resolveLocale, SESSION_LOCALE_KEY } from "./i18n/locale";
import { LocaleErrorPage } from "./i18n/LocaleErrorPage";
import { createAppRouter } from "./router";
import { createServices, setServices } from "./services";
import { BootError } from "./shell/BootError";
import "./styles.css";

function readSessionLocale(): string | null {
  try {
    return window.sessionStorage.getItem(SESSION_LOCALE_KEY);
  } catch {
    return null;
  }
}

function rememberSessionLocale(locale: string): void {
  try {
    window.sessionStorage.setItem(SESSION_LOCALE_KEY, locale);
  } catch {
    // Storage may be unavailable (private modes): the choice then lasts for this page only.
  }
}

async function boot(container: HTMLElement) {
  const root = createRoot(container);
  const resolution = resolveLocale({ search: window.location.search, remembered: readSessionLocale() });
  if (resolution.ok && resolution.source === "query") rememberSessionLocale(resolution.locale);
  if (!resolution.ok) {
    root.render(<LocaleErrorPage requested={resolution.requested} message={resolution.message} />);
    return;
  }
  await activateResolved(resolution);
  try {
    const config = await fetchClientConfig();
    const services = createServices(config);
    setServices(services);
    const router = createAppRouter(services);
    root.render(
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <RelayEnvironmentProvider environment={services.environment}>
            <RouterProvider router={router} />
          </RelayEnvironmentProvider>
        </I18nProvider>
      </StrictMode>,
    );
  } catch (error) {
    root.render(
      <I18nProvider i18n={i18n}>
        <BootError error={error} />
      </I18nProvider>,
    );
  }
}

const container = document.getElementById("root");
if (container) void boot(container);
