import { act, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { eventually } from "../../test/eventually";
import type { PublicSurvey } from "../../respondent/types";
import { renderSurveyScreen, type Handler } from "../../test/surveyScreen";
import SurveyPreviewPage from "./SurveyPreviewPage";

const id = "65a1b2c3d4e5f60718293a01";
const preview: PublicSurvey = {
  touchpoint: { id: "preview", type: "preview", name: "Preview" },
  survey: { id, name: "Store visit", languages: ["en", "fi"], appearance: {}, endScreenText: null, privacyPolicy: null, logoUrl: null },
  questions: [
    {
      id: "q1",
      type: "smiley",
      title: { en: "How was it?", fi: "Miten meni?" },
      subtitle: null,
      options: { buttons: 5 },
      choices: [],
      required: true,
      logic: null,
    },
    { id: "q2", type: "openText", title: { en: "Why?", fi: "Miksi?" }, subtitle: null, options: {}, choices: [], required: false, logic: null },
  ],
  kiosk: { questionTimeoutSeconds: 30, endScreenSeconds: 10, heartbeatSeconds: 180 },
  loadedAt: "2026-11-22T10:00:00.000Z",
};

const render = (path: string, handlers: Record<string, Handler> = {}) =>
  renderSurveyScreen({
    path,
    pattern: "/surveys/:id/preview",
    element: <SurveyPreviewPage />,
    handlers: {
      SurveyPreviewPageQuery: () => ({ data: { survey: { id: "U3VydmV5OjE=", legacyId: id, name: "Store visit", respondentPreview: preview } } }),
      ...handlers,
    },
  });

const frame = () => screen.getByTitle(/^Survey preview: /) as HTMLIFrameElement;
const inFrame = () => within(frame().contentDocument!.body);

describe("/surveys/:id/preview", { timeout: 30_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it("runs the saved survey in the respondent runtime inside a desktop frame and sends nothing", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const { requests } = render(`/surveys/${id}/preview`);
    await eventually(() => screen.getByRole("heading", { name: "Preview: Store visit" }));
    expect(requests).toEqual([{ name: "SurveyPreviewPageQuery", variables: { id: btoa(`Survey:${id}`) } }]);
    expect(frame().title).toBe("Survey preview: Desktop");
    expect(frame().getAttribute("width")).toBe("1280");
    expect((screen.getByRole("radio", { name: "Desktop" }) as HTMLInputElement).checked).toBe(true);
    const heading = await eventually(() => inFrame().getByRole("heading", { name: /How was it\?/ }));
    expect(heading).toBeTruthy();
    // The runtime works: the required rule, answering, the end screen.
    act(() => fireEvent.click(inFrame().getByRole("button", { name: "Next" })));
    expect(inFrame().getByRole("alert").textContent).toBe("Please answer this question.");
    act(() => fireEvent.click(inFrame().getByLabelText("Satisfied")));
    act(() => fireEvent.click(inFrame().getByRole("button", { name: "Next" })));
    act(() => fireEvent.change(inFrame().getByLabelText("Your answer"), { target: { value: "Friendly staff" } }));
    act(() => fireEvent.click(inFrame().getByRole("button", { name: "Send" })));
    await eventually(() => inFrame().getByRole("heading", { name: "Thank you for your feedback!" }));
    await new Promise((r) => setTimeout(r, 50));
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(requests).toHaveLength(1);
  });

  it("switches between desktop, mobile, terminal and widget frames (kept in the address)", async () => {
    const { router } = render(`/surveys/${id}/preview`);
    await eventually(() => inFrame().getByRole("heading", { name: /How was it\?/ }));
    act(() => fireEvent.click(screen.getByRole("radio", { name: "Mobile" })));
    await eventually(() => expect(frame().title).toBe("Survey preview: Mobile"));
    expect([frame().getAttribute("width"), frame().getAttribute("height")]).toEqual(["375", "667"]);
    expect(router.state.location.search).toBe("?mode=mobile");
    await eventually(() => inFrame().getByRole("heading", { name: /How was it\?/ }));
    expect(frame().contentDocument!.querySelector(".r-page.r-link")).toBeTruthy();

    act(() => fireEvent.click(screen.getByRole("radio", { name: "Terminal" })));
    await eventually(() => expect(frame().title).toBe("Survey preview: Terminal"));
    expect(frame().getAttribute("width")).toBe("1024");
    await eventually(() => frame().contentDocument!.querySelector(".r-page.r-terminal"));

    act(() => fireEvent.click(screen.getByRole("radio", { name: "Widget" })));
    await eventually(() => expect(frame().title).toBe("Survey preview: Widget"));
    const widget = await eventually(() => inFrame().getByRole("dialog", { name: "Store visit" }));
    expect(within(widget).getByRole("heading", { name: /How was it\?/ })).toBeTruthy();
  });

  it("opens in the display type named in the address, and offers the survey's languages", async () => {
    render(`/surveys/${id}/preview?mode=terminal`);
    await eventually(() => frame().contentDocument!.querySelector(".r-page.r-terminal"));
    expect(frame().title).toBe("Survey preview: Terminal");
    const select = await eventually(() => inFrame().getByLabelText("Language"));
    act(() => fireEvent.change(select, { target: { value: "fi" } }));
    await eventually(() => inFrame().getByRole("heading", { name: /Miten meni\?/ }));
  });

  it("needs a saved survey: an unsaved one asks to save first and loads nothing", async () => {
    const { requests } = render("/surveys/new/preview");
    expect((await eventually(() => screen.getByRole("alert"))).textContent).toBe("Save the survey to preview it.");
    expect(requests).toEqual([]);
    expect(screen.queryByTitle(/^Survey preview: /)).toBeNull();
  });

  it("previews a public template from the templates list", async () => {
    const { requests } = render(`/surveys/${id}/preview?template=1`, {
      SurveyPreviewPageTemplateQuery: () => ({ data: { surveyTemplates: [{ legacyId: id, name: "Store visit", respondentPreview: preview }] } }),
    });
    await eventually(() => inFrame().getByRole("heading", { name: /How was it\?/ }));
    expect(requests.map((r) => r.name)).toEqual(["SurveyPreviewPageTemplateQuery"]);
    expect(screen.getByRole("link", { name: "Back to templates" }).getAttribute("href")).toBe("/surveys/templates");
  });
});
