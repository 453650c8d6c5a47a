import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../test/renderApp";
import { viewerResponse } from "../../test/relay";

const gid = (id: string) => btoa(`MessageTemplate:${id}`);
const template = (id: string, name: string, language: string, groupId: string | null, extra: Record<string, unknown> = {}) => ({
  id: gid(id),
  name,
  language,
  groupId,
  subject: "",
  content: "",
  senderName: null,
  replyToAddress: null,
  ctaText: null,
  showHeadings: false,
  ...extra,
});

describe("MessageTemplatesPanel on /touchpoints/sms-text", () => {
  it("lists a language group once, edits its languages, shows a live preview and saves the whole group", async () => {
    const { requests } = renderApp("/touchpoints/sms-text", {
      AppShellQuery: () => viewerResponse(),
      MessageTemplatesPanelQuery: () => ({
        data: {
          messageTemplates: [
            template("a1", "Visit (en)", "en", "a1", { content: "Rate us {{link}}" }),
            template("a2", "Visit (fi)", "fi", "a1", { content: "Arvioi {{link}}" }),
            template("b1", "Single", "en", null, { content: "Hi" }),
          ],
          messageVariableLists: [{ legacyId: "l1", name: "Customers", variableNames: ["firstName", "store"] }],
        },
      }),
      MessageTemplatesPanelPreviewQuery: (v) => ({
        data: { messageTemplatePreview: { subject: null, html: null, text: `${(v.input as { content: string }).content} http://app.test/s/preview` } },
      }),
      MessageTemplatesPanelUpdateMutation: () => ({
        data: {
          updateMessageTemplates: {
            message: "template saved",
            templates: [
              { id: gid("a1"), language: "en" },
              { id: gid("a2"), language: "fi" },
            ],
          },
        },
      }),
    });
    const visit = await screen.findByRole("button", { name: /^Visit/ }, { timeout: 8000 });
    expect(visit.textContent).toBe("Visit (en, fi)");
    expect(screen.getByRole("button", { name: /^Single/ }).textContent).toBe("Single (en)");
    fireEvent.click(visit);
    expect((screen.getByLabelText("Name *") as HTMLInputElement).value).toBe("Visit");
    expect(screen.getAllByRole("tab").map((tab) => tab.textContent)).toEqual(["en", "fi"]);

    fireEvent.click(screen.getByRole("tab", { name: "fi" }));
    fireEvent.change(screen.getByLabelText("SMS text *"), { target: { value: "Hei {{firstName}} {{link}}" } });
    expect(await screen.findByText("Hei {{firstName}} {{link}} http://app.test/s/preview", {}, { timeout: 3000 })).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Variables from a contact list"), { target: { value: "l1" } });
    expect(screen.getByText("{{firstName}}")).toBeTruthy();
    expect(screen.getByText("{{store}}")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Save template" }));
    await waitFor(() => expect(requests.some((r) => r.name === "MessageTemplatesPanelUpdateMutation")).toBe(true));
    const save = requests.find((r) => r.name === "MessageTemplatesPanelUpdateMutation")!;
    expect(save.variables).toEqual({
      id: gid("a1"),
      input: {
        name: "Visit",
        templateType: "sms",
        languages: [
          { language: "en", content: "Rate us {{link}}" },
          { language: "fi", content: "Hei {{firstName}} {{link}}" },
        ],
      },
    });
    // No survey here: the test message is sent from the launch wizard.
    expect(screen.getByText("A test message links to a survey: send it from the launch wizard.")).toBeTruthy();
  });

  it("creates a new template with a second language", async () => {
    const { requests } = renderApp("/touchpoints/sms-text", {
      AppShellQuery: () => viewerResponse(),
      MessageTemplatesPanelQuery: () => ({ data: { messageTemplates: [], messageVariableLists: [] } }),
      MessageTemplatesPanelPreviewQuery: () => ({ data: { messageTemplatePreview: { subject: null, html: null, text: "x" } } }),
      MessageTemplatesPanelCreateMutation: () => ({
        data: { createMessageTemplates: { message: "template saved", templates: [{ id: gid("n1"), language: "en" }] } },
      }),
    });
    fireEvent.click(await screen.findByRole("button", { name: "New SMS text" }, { timeout: 8000 }));
    fireEvent.change(screen.getByLabelText("Name *"), { target: { value: "Spring" } });
    fireEvent.change(screen.getByLabelText("SMS text *"), { target: { value: "Hello" } });
    fireEvent.change(screen.getByLabelText("Add a language"), { target: { value: "es" } });
    fireEvent.change(screen.getByLabelText("SMS text *"), { target: { value: "Hola" } });
    fireEvent.click(screen.getByRole("button", { name: "Save template" }));
    await waitFor(() => expect(requests.some((r) => r.name === "MessageTemplatesPanelCreateMutation")).toBe(true));
    expect(requests.find((r) => r.name === "MessageTemplatesPanelCreateMutation")!.variables).toEqual({
      input: {
        name: "Spring",
        templateType: "sms",
        languages: [
          { language: "en", content: "Hello" },
          { language: "es", content: "Hola" },
        ],
      },
    });
  });
});
