import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../test/renderApp";
import { viewerResponse } from "../test/relay";

const onboarding = { createdSurvey: true, launchedSurvey: true, collectedResponses: false, analyzedResponses: false, progress: 50 };

describe("/getting-started", () => {
  it("shows the four steps with their state, links and the progress bar", async () => {
    renderApp("/getting-started", {
      AppShellQuery: () => viewerResponse({ analyzedResponses: false, segment: "self-signup", progress: 50 }),
      GettingStartedPageQuery: () => ({ data: { viewer: { onboarding } } }),
    });
    const bar = (await screen.findByLabelText("Your progress: 50 %")) as HTMLProgressElement;
    expect(bar.value).toBe(50);
    expect(screen.getAllByText("(done)")).toHaveLength(2);
    expect(screen.getAllByText("(not done yet)")).toHaveLength(2);
    expect(screen.getByRole("link", { name: "Go to surveys" }).getAttribute("href")).toBe("/surveys/list");
    expect(screen.getByRole("link", { name: "Go to touchpoints" }).getAttribute("href")).toBe("/touchpoints");
    expect(screen.getByRole("link", { name: "Open the results" }).getAttribute("href")).toBe("/results");
  });

  it("opening the results marks analyzedResponses done", async () => {
    const { requests } = renderApp("/getting-started", {
      AppShellQuery: () => viewerResponse({ analyzedResponses: false }),
      GettingStartedPageQuery: () => ({ data: { viewer: { onboarding } } }),
      useMarkResponsesAnalyzedMutation: () => ({
        data: { completeOnboardingStep: { onboarding: { ...onboarding, analyzedResponses: true, progress: 75 } } },
      }),
    });
    const link = await screen.findByRole("link", { name: "Open the results" });
    await act(async () => {
      fireEvent.click(link);
    });
    await waitFor(() => expect(requests.map((r) => r.name)).toContain("useMarkResponsesAnalyzedMutation"));
  });
});
