import { I18nProvider } from "@lingui/react";
import { act, render, screen } from "@testing-library/react";
import { afterAll, describe, expect, it } from "vitest";
import { SaveButton } from "../shell/SaveButton";
import { activateLocale, activateProfileLocale, activateResolved, i18n } from "./i18n";
import { LocaleErrorPage } from "./LocaleErrorPage";

// Needs the compiled catalogs: npx lingui compile --typescript
describe("interface languages", () => {
  afterAll(async () => {
    await activateResolved({ ok: true, locale: "en", source: "default" });
  });

  it("renders Finnish and Spanish from the compiled catalogs", async () => {
    await activateLocale("fi");
    render(
      <I18nProvider i18n={i18n}>
        <SaveButton valid dirty />
      </I18nProvider>,
    );
    expect(screen.getByRole("button").textContent).toBe("Tallenna");
    await act(async () => {
      await activateLocale("es");
    });
    expect(screen.getByRole("button").textContent).toBe("Guardar");
    expect(document.documentElement.lang).toBe("es");
  });

  it("follows the profile locale, showing English for se", async () => {
    await activateResolved({ ok: true, locale: "en", source: "default" });
    await activateProfileLocale("fi");
    expect(i18n.locale).toBe("fi");
    await activateProfileLocale("se");
    expect(i18n.locale).toBe("en");
  });

  it("keeps a language chosen in the address over the profile", async () => {
    await activateResolved({ ok: true, locale: "es", source: "query" });
    await activateProfileLocale("fi");
    expect(i18n.locale).toBe("es");
  });

  it("explains an unsupported ?locale= and links to the supported ones", () => {
    render(<LocaleErrorPage requested="xx" message="Unsupported language 'xx'. Use en, es or fi." />);
    expect(screen.getByRole("alert").textContent).toBe("Unsupported language 'xx'. Use en, es or fi.");
    expect(screen.getAllByRole("link").map((a) => a.getAttribute("href"))).toEqual(["/?locale=en", "/?locale=es", "/?locale=fi"]);
  });
});
