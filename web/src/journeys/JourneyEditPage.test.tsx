import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { Suspense } from "react";
import { RelayEnvironmentProvider } from "react-relay";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { beforeEach, describe, expect, it } from "vitest";
import { toasts } from "../shell/toastStore";
import { eventually } from "../test/eventually";
import { createSurveyTestEnvironment, type Handler } from "../test/surveyScreen";
import JourneyEditPage from "./JourneyEditPage";

const journeyId = "65a1b2c3d4e5f60718293a4b";
const options = {
  surveys: [
    { legacyId: "5a".repeat(12), name: "Store visit" },
    { legacyId: "5b".repeat(12), name: "Words only" },
  ],
  touchpoints: [{ legacyId: "7a".repeat(12), name: "Entrance", type: "terminal" }],
  questions: [
    { legacyId: "9a".repeat(12), surveyLegacyId: "5a".repeat(12), type: "nps", title: [{ language: "en", text: "Recommend us?" }] },
    { legacyId: "9b".repeat(12), surveyLegacyId: "5a".repeat(12), type: "smiley", title: [{ language: "en", text: "How was it?" }] },
    { legacyId: "9c".repeat(12), surveyLegacyId: "5b".repeat(12), type: "openText", title: [{ language: "en", text: "Why?" }] },
  ],
};
const viewer = (rights: string[]) => ({ organizationAdmin: false, rolesPerUnit: [{ rights }] });

function renderAt(path: string, handlers: Record<string, Handler>) {
  const env = createSurveyTestEnvironment(handlers);
  const router = createMemoryRouter(
    [
      {
        path: "/customer-journey/new",
        element: (
          <Suspense fallback={<p>Loading</p>}>
            <JourneyEditPage />
          </Suspense>
        ),
      },
      {
        path: "/customer-journey/:id",
        element: (
          <Suspense fallback={<p>Loading</p>}>
            <JourneyEditPage />
          </Suspense>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <I18nProvider i18n={i18n}>
      <RelayEnvironmentProvider environment={env.environment}>
        <RouterProvider router={router} />
      </RelayEnvironmentProvider>
    </I18nProvider>,
  );
  return { ...env, router };
}

describe("the journey builder", { timeout: 30_000 }, () => {
  beforeEach(() => toasts.clear());

  it("asks for touchpoints before surveys, checks eligible questions, and goes to the edit route after creation", async () => {
    const { requests, router } = renderAt("/customer-journey/new", {
      JourneyEditPageQuery: (v) => ({ data: { viewer: viewer(["viewResults", "manageJourneys"]), resultsFilterOptions: options, ...(v.editing ? {} : {}) } }),
      JourneyEditPageCreateMutation: () => ({
        data: { createCustomerJourney: { message: "Journey created", journey: { id: btoa(`CustomerJourney:${journeyId}`), legacyId: journeyId } } },
      }),
    });
    await eventually(() => screen.getByRole("heading", { name: "New customer journey" }));
    fireEvent.change(screen.getByLabelText("Journey name"), { target: { value: "Purchase" } });
    fireEvent.click(screen.getByRole("button", { name: "Create journey" }));
    await eventually(() => expect(screen.getAllByText("Every stage needs a name").length).toBeGreaterThan(0));
    expect(screen.getAllByText("Select touchpoints to continue").length).toBeGreaterThan(0);
    expect(requests.some((r) => r.name === "JourneyEditPageCreateMutation")).toBe(false);

    const stage = screen.getByRole("group", { name: "Surveys and questions" });
    expect(within(stage).getByLabelText("Store visit").matches(":disabled")).toBe(true);
    fireEvent.change(screen.getByLabelText("Stage name"), { target: { value: "Visit" } });
    fireEvent.click(screen.getByLabelText("Entrance"));
    fireEvent.click(within(stage).getByLabelText("Store visit"));
    // NPS by default: only the NPS question is offered, and it is chosen.
    expect((screen.getByLabelText("Recommend us?") as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByLabelText("How was it?")).toBeNull();
    // A survey without an eligible question says so.
    fireEvent.click(within(stage).getByLabelText("Words only"));
    expect(screen.getByText('The survey "Words only" needs a question eligible for the KPI NPS')).toBeTruthy();
    fireEvent.click(within(stage).getByLabelText("Words only"));

    fireEvent.click(screen.getByRole("button", { name: "Create journey" }));
    await eventually(() => expect(router.state.location.pathname).toBe(`/customer-journey/${journeyId}`));
    expect(requests.find((r) => r.name === "JourneyEditPageCreateMutation")?.variables).toEqual({
      input: {
        name: "Purchase",
        kpi: "nps",
        steps: [{ name: "Visit", touchpointIds: ["7a".repeat(12)], surveys: [{ surveyId: "5a".repeat(12), questionIds: ["9a".repeat(12)] }] }],
      },
    });
    expect(toasts.list().some((t) => t.message === "Journey created")).toBe(true);
  });

  it("tells a viewer they may not manage journeys", async () => {
    renderAt("/customer-journey/new", { JourneyEditPageQuery: () => ({ data: { viewer: viewer(["viewResults"]), resultsFilterOptions: options } }) });
    await eventually(() => screen.getByText("You do not have the rights to manage customer journeys"));
    expect(screen.queryByRole("button", { name: "Create journey" })).toBeNull();
  });

  it("refuses an id that is not 24 hex without asking for it", async () => {
    const { requests } = renderAt("/customer-journey/not-an-id", {
      JourneyEditPageQuery: () => ({ data: { viewer: viewer(["manageJourneys"]), resultsFilterOptions: options } }),
    });
    await eventually(() => screen.getByText("Customer journey not found"));
    expect(requests.every((r) => r.variables.editing === false)).toBe(true);
  });
});
