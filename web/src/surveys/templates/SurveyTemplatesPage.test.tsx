import { act, fireEvent, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { toasts } from "../../shell/toastStore";
import { eventually } from "../../test/eventually";
import { renderSurveyScreen, type Handler } from "../../test/surveyScreen";
import SurveyTemplatesPage from "./SurveyTemplatesPage";

const template = (n: number, name: string, questionCount: number) => ({
  id: btoa(`SurveyTemplate:65a1b2c3d4e5f607182931${String(n).padStart(2, "0")}`),
  legacyId: `65a1b2c3d4e5f607182931${String(n).padStart(2, "0")}`,
  name,
  languages: ["en", "fi"],
  tags: ["retail"],
  questionCount,
});

/** Someone who may create surveys (copying a template creates one). */
const editor = { id: "VXNlcjox", mayCreateSurveys: true, organizationAdmin: false, rights: ["viewResults", "editSurveys"] };

const render = (handlers: Record<string, Handler>) =>
  renderSurveyScreen({ path: "/surveys/templates", pattern: "/surveys/templates", element: <SurveyTemplatesPage />, handlers });

describe("/surveys/templates", { timeout: 30_000 }, () => {
  beforeEach(() => toasts.clear());

  it("lists the public templates and copies one into the editor", async () => {
    const copied: unknown[] = [];
    const { router } = render({
      SurveyTemplatesPageQuery: () => ({
        data: { viewer: editor, surveyTemplates: [template(1, "Customer satisfaction", 1), template(2, "Net Promoter Score", 3)] },
      }),
      TemplateCardCopyMutation: (v) => {
        copied.push(v);
        return { data: { copySurvey: { survey: { legacyId: "65a1b2c3d4e5f60718293999" } } } };
      },
    });
    const list = await eventually(() => screen.getByRole("list", { name: "Public templates" }));
    const items = within(list).getAllByRole("listitem");
    expect(items.map((i) => i.getAttribute("aria-labelledby") && within(i).getByRole("heading").textContent)).toEqual([
      "Customer satisfaction",
      "Net Promoter Score",
    ]);
    expect(within(items[0]!).getByText(/1 question · EN, FI · retail/)).toBeTruthy();
    expect(within(items[1]!).getByText(/3 questions/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Preview Net Promoter Score" }).getAttribute("href")).toBe(
      `/surveys/${template(2, "", 0).legacyId}/preview?template=1`,
    );

    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Use template Net Promoter Score" })));
    await eventually(() => screen.getByRole("heading", { name: "Editor of 65a1b2c3d4e5f60718293999" }));
    expect(copied).toEqual([{ id: template(2, "", 0).id }]);
    expect(router.state.location.pathname).toBe("/surveys/65a1b2c3d4e5f60718293999/edit");
    await eventually(() => expect(toasts.list().map((t) => t.message)).toContain("Survey copied"));
  });

  it("says so when there are no templates", async () => {
    render({ SurveyTemplatesPageQuery: () => ({ data: { viewer: editor, surveyTemplates: [] } }) });
    await eventually(() => screen.getByText("There are no public templates yet."));
  });

  it("shows the server's refusal of a copy and stays", async () => {
    const { router } = render({
      SurveyTemplatesPageQuery: () => ({ data: { viewer: editor, surveyTemplates: [template(1, "Customer satisfaction", 1)] } }),
      TemplateCardCopyMutation: () => ({
        data: null,
        errors: [{ message: "You do not have the rights to create surveys", extensions: { code: "FORBIDDEN" } }],
      }),
    });
    const use = await eventually(() => screen.getByRole("button", { name: "Use template Customer satisfaction" }));
    await act(async () => fireEvent.click(use));
    await eventually(() => expect(toasts.list().map((t) => t.message)).toContain("You do not have the rights to create surveys"));
    expect(router.state.location.pathname).toBe("/surveys/templates");
  });
});
