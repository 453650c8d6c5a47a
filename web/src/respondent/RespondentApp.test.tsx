import { describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen } from "@testing-library/react";
import { I18nProvider } from "@lingui/react";
import { i18n } from "@lingui/core";
import { RespondentApp } from "./RespondentApp";
import { ResponseQueue, type SendResult } from "./queue";
import type { PublicSurvey, Submission } from "./types";

const survey: PublicSurvey = {
  touchpoint: { id: "tp1", type: "link", name: "Link" },
  survey: { id: "s1", name: "S", languages: ["en", "fi"], appearance: {}, endScreenText: null, privacyPolicy: null, logoUrl: null },
  questions: [
    {
      id: "q1",
      type: "smiley",
      title: { en: "How was it?", fi: "Miten meni?" },
      subtitle: null,
      options: { buttons: 5 },
      choices: [],
      required: true,
      logic: { "0": "q3" },
    },
    { id: "q2", type: "nps", title: { en: "Recommend?", fi: "Suosittelisitko?" }, subtitle: null, options: {}, choices: [], required: false, logic: null },
    { id: "q3", type: "openText", title: { en: "Why?", fi: "Miksi?" }, subtitle: null, options: {}, choices: [], required: false, logic: null },
  ],
  kiosk: { questionTimeoutSeconds: 30, endScreenSeconds: 10, heartbeatSeconds: 180 },
  loadedAt: "2026-01-01T00:00:00Z",
};

function setup(opts: { preview?: boolean } = {}) {
  const sent: Submission[] = [];
  const queue = new ResponseQueue({
    storage: localStorage,
    send: async (_tp, s): Promise<SendResult> => {
      sent.push(s);
      return { kind: "stored", responseId: "r1" };
    },
  });
  render(
    <I18nProvider i18n={i18n}>
      <RespondentApp survey={survey} mode="link" initialLanguage="en" queue={queue} onLanguage={() => {}} preview={opts.preview} />
    </I18nProvider>,
  );
  return { sent, queue };
}

describe("respondent page", { timeout: 30_000 }, () => {
  it("asks for a required answer, follows the logic, sends the answers given and thanks", async () => {
    const { sent } = setup();
    expect(document.activeElement).toBe(screen.getByRole("heading", { name: /How was it\?/ }));
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(screen.getByRole("alert").textContent).toBe("Please answer this question.");
    // The worst face jumps over the NPS question (logic "0" → q3).
    fireEvent.click(screen.getByLabelText("Very dissatisfied"));
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Why?" }));
    fireEvent.change(screen.getByLabelText("Your answer"), { target: { value: "Too slow" } });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByRole("heading", { name: "Thank you for your feedback!" })).toBeTruthy();
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      surveyId: "s1",
      language: "en",
      answers: [
        { questionId: "q1", value: 0 },
        { questionId: "q3", value: "Too slow" },
      ],
    });
    expect(sent[0]!.idempotencyKey).toMatch(/^[0-9a-f]{32}$/);
  });

  it("in preview mode runs the survey to the end and sends nothing", async () => {
    const { sent, queue } = setup({ preview: true });
    // The preview leaves the focus on the page's own controls at first.
    expect(document.activeElement).not.toBe(screen.getByRole("heading", { name: /How was it\?/ }));
    fireEvent.click(screen.getByLabelText("Very satisfied"));
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    fireEvent.change(screen.getByLabelText("Your answer"), { target: { value: "Fine" } });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByRole("heading", { name: "Thank you for your feedback!" })).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(queue.pending()).toEqual([]);
    expect(sent).toEqual([]);
  });

  it("switches the survey's language", () => {
    setup();
    fireEvent.change(screen.getByLabelText("Language"), { target: { value: "fi" } });
    expect(screen.getByRole("heading", { name: /Miten meni\?/ })).toBeTruthy();
  });
});
