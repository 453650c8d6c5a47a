import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { toasts } from "../../shell/toastStore";
import { renderApp } from "../../test/renderApp";
import { viewerResponse } from "../../test/relay";

vi.setConfig({ testTimeout: 40_000 });
configure({ asyncUtilTimeout: 15_000 });

const SURVEY = "aaaaaaaaaaaaaaaaaaaaaaa1";
const tp = (legacyId: string, name: string, type: string, contacts: number | null = null) => ({
  id: btoa(`Touchpoint:${legacyId}`),
  legacyId,
  name,
  type,
  contacts,
  activeSurveyLegacyId: null,
});
const wizard = () => ({
  data: {
    launchWizard: {
      surveyLegacyId: SURVEY,
      surveyName: "Store visit",
      timeZone: "Europe/Helsinki",
      groups: [
        { type: "terminal", touchpoints: [tp("bbbbbbbbbbbbbbbbbbbbbbb1", "Lobby kiosk", "terminal")] },
        { type: "link", touchpoints: [] },
        { type: "qr", touchpoints: [tp("bbbbbbbbbbbbbbbbbbbbbbb2", "Receipt QR", "qr")] },
        { type: "website", touchpoints: [] },
        { type: "emailContactList", touchpoints: [tp("bbbbbbbbbbbbbbbbbbbbbbb3", "Customers", "emailContactList", 120)] },
      ],
      templates: [
        { legacyId: "ccccccccccccccccccccccc1", name: "Invitation", language: "en", type: "email" },
        { legacyId: "ccccccccccccccccccccccc2", name: "Text", language: "en", type: "sms" },
      ],
    },
  },
});

describe("/launch-survey/{id}", () => {
  beforeEach(() => toasts.clear());

  it("offers the touchpoints grouped by type (no SMS group when the plan has none) and shows the progress", async () => {
    renderApp(`/launch-survey/${SURVEY}`, {
      AppShellQuery: () => viewerResponse(),
      LaunchWizardLayoutQuery: wizard,
      MessageTemplatesPanelQuery: () => ({
        data: {
          messageTemplates: [
            {
              id: btoa("MessageTemplate:ccccccccccccccccccccccc1"),
              name: "Invitation",
              language: "en",
              groupId: null,
              subject: "Tell us",
              content: "How was it?",
              senderName: null,
              replyToAddress: null,
              ctaText: null,
              showHeadings: true,
            },
          ],
          messageVariableLists: [],
        },
      }),
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Launch Store visit" })).toBeTruthy();
    expect(await screen.findByRole("group", { name: "Terminals" })).toBeTruthy();
    for (const group of ["Terminals", "Links", "QR codes", "Web widgets", "Email campaigns"]) expect(screen.getByRole("group", { name: group })).toBeTruthy();
    expect(screen.queryByRole("group", { name: "SMS campaigns" })).toBeNull();
    const steps = within(screen.getByRole("navigation", { name: "Launch steps" }));
    expect(steps.getAllByRole("listitem").map((li) => li.textContent)).toEqual(["Touchpoints", "Schedule", "Confirmation", "Launched"]);
    expect(steps.getByText("Step 1 of 4")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Next" }) as HTMLButtonElement).disabled).toBe(true);
    // choosing an email campaign adds its step
    fireEvent.click(screen.getByRole("checkbox", { name: /Customers/ }));
    expect(steps.getAllByRole("listitem").map((li) => li.textContent)).toEqual(["Touchpoints", "Email", "Schedule", "Confirmation", "Launched"]);
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByRole("heading", { name: "Email campaign" })).toBeTruthy();
    expect(screen.getByText("Customers")).toBeTruthy();
    // The templates panel (preview, test message) chooses the template.
    const template = await screen.findByRole("button", { name: /^Invitation/ });
    expect((screen.getByRole("button", { name: "Next" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(template);
    expect(await screen.findByText("Message template: Invitation")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByRole("heading", { name: "Schedule" })).toBeTruthy();
  });

  it("schedules a launch for later and says so on the launched step", async () => {
    let sent: Record<string, unknown> | undefined;
    const { router } = renderApp(`/launch-survey/${SURVEY}/channel-select`, {
      AppShellQuery: () => viewerResponse(),
      LaunchWizardLayoutQuery: wizard,
      ConfirmationStepMutation: (variables) => {
        sent = variables;
        return { data: { launchSurvey: { ok: true, launches: [{ id: "TGF1bmNoOjE=", status: "scheduled", nextRunAt: "2026-12-01T07:00:00.000Z" }] } } };
      },
    });
    fireEvent.click(await screen.findByRole("checkbox", { name: /Lobby kiosk/ }));
    fireEvent.click(screen.getByRole("checkbox", { name: /Receipt QR/ }));
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    fireEvent.click(await screen.findByRole("radio", { name: "Later, once" }));
    expect(screen.getByText("Times are in the organisation's time zone: Europe/Helsinki.")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Next" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText("Date and time"), { target: { value: "2026-12-01T09:00" } });
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByRole("heading", { name: "Confirmation" })).toBeTruthy();
    expect(screen.getByText("Lobby kiosk")).toBeTruthy();
    expect(screen.getByText("Once, at 2026-12-01 09:00 (Europe/Helsinki)")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Launch" }));
    expect(await screen.findByRole("heading", { name: "Launch scheduled" })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/launch-survey/${SURVEY}/launched`);
    expect(sent).toEqual({
      input: {
        surveyId: btoa(`Survey:${SURVEY}`),
        touchpointIds: [btoa("Touchpoint:bbbbbbbbbbbbbbbbbbbbbbb1"), btoa("Touchpoint:bbbbbbbbbbbbbbbbbbbbbbb2")],
        emailTemplateId: null,
        smsTemplateId: null,
        schedule: { plan: "later", at: "2026-12-01T09:00" },
      },
    });
  });

  it("a recurring monthly launch explains the month-end rule; a failed launch is shown after the wizard completes", async () => {
    renderApp(`/launch-survey/${SURVEY}`, {
      AppShellQuery: () => viewerResponse(),
      LaunchWizardLayoutQuery: wizard,
      ConfirmationStepMutation: () => ({ data: null, errors: [{ message: "Not enough balance to send SMS", extensions: { code: "CONFLICT" } }] }),
    });
    fireEvent.click(await screen.findByRole("checkbox", { name: /Lobby kiosk/ }));
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    fireEvent.click(await screen.findByRole("radio", { name: "Recurring" }));
    fireEvent.change(screen.getByLabelText("Repeats"), { target: { value: "month" } });
    fireEvent.change(screen.getByLabelText("Day of the month"), { target: { value: "31" } });
    expect(screen.getByText(/the launch goes out on the month's last day/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Every month on day 31 at 09:00 (the month's last day when it is shorter) (Europe/Helsinki)")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Launch" }));
    expect(await screen.findByRole("heading", { name: "The launch failed" })).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe("Not enough balance to send SMS");
  });
});

const launch = (legacyId: string, over: Record<string, unknown> = {}) => ({
  id: btoa(`Launch:${legacyId}`),
  legacyId,
  surveyName: "Store visit",
  channel: "activation",
  kind: "scheduled",
  status: "scheduled",
  nextRunAt: "2026-12-01T07:00:00.000Z",
  timeZone: "Europe/Helsinki",
  recurrence: null,
  touchpoints: [{ name: "Lobby kiosk", type: "terminal" }],
  messageTemplateName: null,
  error: null,
  mayChange: true,
  ...over,
});

describe("/surveys/scheduled", () => {
  beforeEach(() => toasts.clear());

  it("lists scheduled and recurring launches; edit and cancel only where the user may", async () => {
    const cancelled: unknown[] = [];
    const updated: unknown[] = [];
    vi.spyOn(window, "confirm").mockReturnValue(true);
    renderApp("/surveys/scheduled", {
      AppShellQuery: () => viewerResponse(),
      ScheduledLaunchesPageQuery: () => ({
        data: {
          scheduledLaunches: {
            edges: [
              { node: launch("ddddddddddddddddddddddd1") },
              {
                node: launch("ddddddddddddddddddddddd2", {
                  surveyName: "Monthly pulse",
                  kind: "recurring",
                  recurrence: { every: "week", weekday: 1, dayOfMonth: null, time: "08:00", timeZone: "Europe/Helsinki" },
                  mayChange: false,
                }),
              },
              {
                node: launch("ddddddddddddddddddddddd3", {
                  surveyName: "SMS survey",
                  status: "failed",
                  error: "Not enough balance to send SMS",
                  mayChange: false,
                  nextRunAt: null,
                }),
              },
            ],
            pageInfo: { endCursor: null, hasNextPage: false },
          },
        },
      }),
      ScheduledLaunchesPageCancelMutation: (variables) => {
        cancelled.push(variables);
        return {
          data: { cancelScheduledLaunch: { message: "launch cancelled", launch: { id: btoa("Launch:ddddddddddddddddddddddd1"), status: "cancelled" } } },
        };
      },
      ScheduledLaunchesPageUpdateMutation: (variables) => {
        updated.push(variables);
        return {
          data: {
            updateScheduledLaunch: { launch: { id: btoa("Launch:ddddddddddddddddddddddd1"), kind: "recurring", nextRunAt: "2026-12-04T13:00:00.000Z" } },
          },
        };
      },
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Scheduled surveys" })).toBeTruthy();
    const row = (name: string) => screen.getByRole("row", { name: new RegExp(name) });
    expect(within(row("Monthly pulse")).getByText("Every Monday at 08:00")).toBeTruthy();
    expect(within(row("Monthly pulse")).queryByRole("button")).toBeNull();
    expect(within(row("SMS survey")).getByRole("alert").textContent).toBe("Not enough balance to send SMS");

    fireEvent.click(screen.getByRole("button", { name: "Edit the launch of Store visit" }));
    const form = screen.getByRole("form", { name: "Change the launch of Store visit" });
    expect(within(form).queryByRole("radio", { name: "Now" })).toBeNull();
    fireEvent.click(within(form).getByRole("radio", { name: "Recurring" }));
    fireEvent.change(within(form).getByLabelText("Weekday"), { target: { value: "5" } });
    fireEvent.change(within(form).getByLabelText("Time of day"), { target: { value: "15:00" } });
    fireEvent.click(within(form).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(updated).toEqual([
        { input: { id: btoa("Launch:ddddddddddddddddddddddd1"), schedule: { plan: "recurring", every: "week", weekday: 5, time: "15:00" } } },
      ]),
    );

    fireEvent.click(await screen.findByRole("button", { name: "Cancel the launch of Store visit" }));
    await waitFor(() => expect(cancelled).toEqual([{ id: btoa("Launch:ddddddddddddddddddddddd1") }]));
    await waitFor(() => expect(toasts.list().map((toast) => toast.message)).toContain("launch cancelled"));
  });
});
