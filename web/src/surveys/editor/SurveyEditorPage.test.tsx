// The survey editor in the whole app (guard, shell, lazy screen) against fake GraphQL answers:
// building a survey with every question type sends the right createSurvey body; blank titles are
// refused (client and server); logic only with the surveyLogic feature; languages and per-language
// texts; keyboard reordering; the unsaved-changes guard.
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { toasts } from "../../shell/toastStore";
import { renderApp } from "../../test/renderApp";
import { viewerResponse } from "../../test/relay";

vi.setConfig({ testTimeout: 120_000 });
// The first render of the lazy editor route compiles its modules: slow on a busy machine.
const FIRST_RENDER_MS = 20_000;

const SURVEY_ID = "5f0000000000000000000001";
const HEX = /^[0-9a-f]{24}$/;
const gid = (type: string, id: string) => btoa(`${type}:${id}`);

type Texts = { language: string; text: string }[];
type Input = { name: string; languages: string[]; tags: string[]; questionTags: string[]; questions: Record<string, any>[] };
const en = (text: string): Texts => [{ language: "en", text }];
const legacyOf = (globalId: string) => atob(globalId).split(":")[1]!;

/** Question.options as the API answers them for a QuestionInput's per-type fields. */
function optionsOf(q: Record<string, any>) {
  switch (q.type) {
    case "smiley":
      return { __typename: "SmileyOptions", buttons: q.buttons ?? 5 };
    case "slider":
      return { __typename: "SliderOptions", min: 0, max: 10, step: 1, minLabel: [], maxLabel: [], ...q.slider };
    case "emotion":
      return { __typename: "EmotionOptions", clusters: q.emotionClusters ?? [] };
    case "contactDetails":
      return { __typename: "ContactDetailsOptions", fields: q.contactFields ?? ["name", "email", "phone"] };
    default:
      return null;
  }
}

/** What the API would store and answer for a SurveyInput: new questions get ids, logic refs become ids. */
function stored(input: Input, legacyId = SURVEY_ID, viewerMayEdit = true) {
  const ids = input.questions.map((q, i) => (q.id ? legacyOf(q.id as string) : `${String(i + 1).padStart(2, "0")}${"c".repeat(22)}`));
  const byRef = new Map(input.questions.map((q, i) => [q.ref as string, ids[i]!]));
  return {
    id: gid("Survey", legacyId),
    legacyId,
    viewerMayEdit,
    name: input.name,
    languages: input.languages,
    tags: input.tags,
    questionTags: input.questionTags,
    questions: input.questions.map((q, i) => ({
      id: gid("Question", ids[i]!),
      legacyId: ids[i],
      type: q.type,
      title: q.title,
      subtitle: q.subtitle ?? [],
      options: optionsOf(q),
      choices: (q.choices ?? []).map((c: Record<string, unknown>) => ({ key: null, cluster: null, hidden: false, ...c })),
      logic: (q.logic ?? []).map((r: { answer: string; target: string }) => ({
        answer: r.answer,
        target: r.target === "end" ? r.target : byRef.get(r.target),
      })),
      tags: q.tags ?? [],
      required: q.required ?? false,
    })),
  };
}

const viewer = (features: string[]) => ({
  billingAdmin: false,
  mayCreateSurveys: true,
  organizationAdmin: false,
  rights: ["viewResults", "editSurveys"],
  currentOrganization: { id: "T3JnOjE=", availableFeatures: features },
});

function open(
  path: string,
  opts: { features?: string[]; survey?: Input; readOnly?: boolean; onCreate?: (v: any) => unknown; onUpdate?: (v: any) => unknown } = {},
) {
  const calls: { create: any[]; update: any[] } = { create: [], update: [] };
  let current = opts.survey ? stored(opts.survey, SURVEY_ID, !opts.readOnly) : null;
  const utils = renderApp(path, {
    AppShellQuery: () => viewerResponse(),
    SurveyEditorPageQuery: (v) => ({ data: { viewer: viewer(opts.features ?? ["surveyLogic"]), ...(v.existing ? { survey: current } : {}) } }),
    useSaveSurveyCreateMutation: (v) => {
      calls.create.push(v);
      if (opts.onCreate) return opts.onCreate(v);
      current = stored(v.input as Input);
      return { data: { createSurvey: { survey: current } } };
    },
    useSaveSurveyUpdateMutation: (v) => {
      calls.update.push(v);
      if (opts.onUpdate) return opts.onUpdate(v);
      // the mutation takes the survey's global id
      current = stored(v.input as Input, legacyOf(v.id as string));
      return { data: { updateSurvey: { survey: current } } };
    },
  });
  return { ...utils, calls };
}

/** Queries inside question N's card (a label query over the whole form is slow in jsdom once it holds eight questions), or inside its row named `item` ("Choice 2", "Rule 1"); else in the whole document. */
function scope(n?: number, item?: string) {
  if (!n) return screen;
  const card = document.querySelectorAll<HTMLElement>("section.se-card")[n - 1];
  if (!card) throw new Error(`no card for question ${n}`);
  if (!item) return within(card);
  const row = card.querySelector<HTMLElement>(`[aria-label="${item}"]`);
  if (!row) throw new Error(`no ${item} in question ${n}`);
  return within(row);
}
/**
 * Types into the field labelled `label` (of question n, of its row `item`). A choice's or an
 * emotion's text field has the name of its row ("Choice 2"), which is a group of that name too.
 */
const type = (label: string, value: string, n?: number, item?: string) => {
  const field = /^(Choice|Emotion) \d+$/.test(label) && !item ? scope(n, label).getByRole("textbox") : scope(n, item).getByLabelText(label);
  fireEvent.change(field, { target: { value } });
};
// By text, not by role: computing every button's accessible name in a large form is slow in jsdom.
const click = (name: string, n?: number, item?: string) => {
  const where = scope(n, item);
  fireEvent.click(where.queryByText(name, { selector: "button" }) ?? where.getByLabelText(name, { selector: "button" }));
};
/** Waits for the editor to show question 1 and answers its title field. */
const firstTitle = async () => {
  await screen.findByText("Questions", { selector: "h2" }, { timeout: FIRST_RENDER_MS });
  return (await waitFor(() => scope(1).getByLabelText("Title"), { timeout: FIRST_RENDER_MS })) as HTMLInputElement;
};
/** Adds a question from the palette (its buttons name the question types). */
const paletteButton = (typeName: string) => screen.getByText(typeName, { selector: ".se-palette__item span" }).closest("button") as HTMLButtonElement;
const add = (typeName: string) => fireEvent.click(paletteButton(typeName));
const saveButton = () => screen.getByText("Save", { selector: "button" }) as HTMLButtonElement;
const save = async () => {
  await act(async () => {
    fireEvent.click(saveButton());
  });
};

/** A stored survey, given as the SurveyInput that would save it as it is. */
const existingSurvey = (patch: Partial<Input> = {}): Input => ({
  name: "Lobby",
  languages: ["en"],
  tags: [],
  questionTags: [],
  questions: [
    {
      id: gid("Question", "5f00000000000000000000a1"),
      ref: "5f00000000000000000000a1",
      type: "nps",
      title: en("Recommend us?"),
      tags: [],
      required: true,
      logic: [{ answer: "10", target: "end" }],
    },
    { id: gid("Question", "5f00000000000000000000a2"), ref: "5f00000000000000000000a2", type: "openText", title: en("Why?"), tags: [], required: false },
  ],
  ...patch,
});

describe("/surveys/:id/edit", () => {
  beforeEach(() => toasts.clear());

  it("builds a new survey with every question type and creates it with the right body", async () => {
    const { calls, router } = open("/surveys/new/edit");
    expect(await screen.findByRole("heading", { name: "New survey" }, { timeout: FIRST_RENDER_MS })).toBeTruthy();
    expect(screen.getByText("Save the survey to preview it.")).toBeTruthy();
    // Nothing typed yet: the empty name is not shown as an error until the field is used.
    expect(screen.queryByText("Survey name must not be blank")).toBeNull();
    expect(screen.getByLabelText("Survey name").getAttribute("aria-invalid")).toBeNull();
    fireEvent.blur(screen.getByLabelText("Survey name"));
    expect(screen.getByText("Survey name must not be blank")).toBeTruthy();
    // The shell's and the page's first answers may mount the new, empty form a second time: let
    // them settle before typing (what was typed into the first one would be gone).
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 200));
    });
    type("Survey name", "Every type");
    type("Survey tag", "lobby");
    click("Add survey tag");

    add("Smiley buttons");
    type("Title", "How was it?", 1);
    fireEvent.click(scope(1).getByLabelText("4 smiley buttons"));
    fireEvent.click(scope(1).getByLabelText("Requires an answer"));

    add("NPS (0–10)");
    type("Title", "Recommend us?", 2);
    type("Help text (optional)", "0 to 10", 2);

    add("Slider");
    type("Title", "Speed", 3);
    type("Minimum", "1", 3);
    type("Maximum", "7", 3);
    type("Label at the minimum", "slow", 3);
    type("Label at the maximum", "fast", 3);

    add("Single choice");
    type("Title", "Pick one", 4);
    type("Choice 1", "Coffee", 4);
    type("Choice 2", "Tea", 4);
    click("Add choice", 4);
    type("Choice 3", "Water", 4);
    click("Remove", 4, "Choice 2");
    click("Move up", 4, "Choice 2");

    add("Multiple choice");
    type("Title", "Pick many", 5);
    type("Choice 1", "X", 5);
    type("Choice 2", "Y", 5);
    type("Tag", "service", 5);
    click("Add tag", 5);

    add("Open text");
    type("Title", "Tell us more", 6);

    add("Emotion");
    type("Title", "How do you feel?", 7);
    ["Delighted", "Confident", "Curious", "Angry"].forEach((text, i) => type(`Emotion ${i + 1}`, text, 7));
    type("Cluster", "trust", 7, "Emotion 3");

    add("Contact details");
    type("Title", "Contact", 8);
    fireEvent.click(scope(8).getByLabelText("Phone"));

    // Logic: the NPS question's answer 10 skips to the open question; the smiley's worst answer ends.
    click("Add logic rule", 2);
    type("When the answer is", "10", 2, "Rule 1");
    type("Go to", within(scope(2, "Rule 1").getByLabelText("Go to")).getByText("Question 6: Tell us more").getAttribute("value")!, 2, "Rule 1");
    click("Add logic rule", 1);
    expect((scope(1, "Rule 1").getByLabelText("When the answer is") as HTMLSelectElement).selectedOptions[0]!.textContent).toBe("Very dissatisfied");

    expect([...document.querySelectorAll(".field__error")].map((e) => e.textContent)).toEqual([]);
    expect(saveButton().disabled).toBe(false);
    await save();
    await waitFor(() => expect(calls.create).toHaveLength(1), { timeout: FIRST_RENDER_MS });
    const input = calls.create[0].input as Input;
    const refs = input.questions.map((q) => q.ref as string);
    expect(refs.every((r) => typeof r === "string" && r.length > 0)).toBe(true);
    const choice = (text: string, extra: object = {}) => ({ id: expect.stringMatching(HEX), text: en(text), ...extra });
    const plain = { subtitle: [], choices: [], tags: [], required: false, logic: [] };
    expect(input).toEqual({
      name: "Every type",
      languages: ["en"],
      tags: ["lobby"],
      questionTags: ["service"],
      questions: [
        { ...plain, ref: refs[0], type: "smiley", title: en("How was it?"), required: true, logic: [{ answer: "0", target: "end" }], buttons: 4 },
        { ...plain, ref: refs[1], type: "nps", title: en("Recommend us?"), subtitle: en("0 to 10"), logic: [{ answer: "10", target: refs[5] }] },
        { ...plain, ref: refs[2], type: "slider", title: en("Speed"), slider: { min: 1, max: 7, step: 1, minLabel: en("slow"), maxLabel: en("fast") } },
        { ...plain, ref: refs[3], type: "singleChoice", title: en("Pick one"), choices: [choice("Water"), choice("Coffee")] },
        { ...plain, ref: refs[4], type: "multipleChoice", title: en("Pick many"), choices: [choice("X"), choice("Y")], tags: ["service"] },
        { ...plain, ref: refs[5], type: "openText", title: en("Tell us more") },
        {
          ...plain,
          ref: refs[6],
          type: "emotion",
          title: en("How do you feel?"),
          choices: [
            choice("Delighted", { cluster: "advocacy" }),
            choice("Confident", { cluster: "trust" }),
            choice("Curious", { cluster: "trust" }),
            choice("Angry", { cluster: "destroying" }),
          ],
        },
        { ...plain, ref: refs[7], type: "contactDetails", title: en("Contact"), contactFields: ["name", "email"] },
      ],
    });
    await waitFor(() => expect(toasts.list().map((t) => t.message)).toEqual(["Survey created"]), { timeout: FIRST_RENDER_MS });
    // The page continues at the new survey's address, unguarded, with a preview link.
    await waitFor(() => expect(router.state.location.pathname).toBe(`/surveys/${SURVEY_ID}/edit`), { timeout: FIRST_RENDER_MS });
    expect((await screen.findByRole("link", { name: "Preview" }, { timeout: FIRST_RENDER_MS })).getAttribute("href")).toBe(`/surveys/${SURVEY_ID}/preview`);
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });

  it("refuses blank titles with the spec's message, and shows the server's refusal at its question", async () => {
    const { calls } = open(`/surveys/${SURVEY_ID}/edit`, {
      survey: existingSurvey(),
      onUpdate: () => ({
        errors: [{ message: "Question title must not be blank", extensions: { code: "BAD_USER_INPUT", field: "questions.1.title.en" } }],
      }),
    });
    const title = await firstTitle();
    expect((title as HTMLInputElement).value).toBe("Recommend us?");
    fireEvent.change(title, { target: { value: "   " } });
    expect(screen.getByText("Question title must not be blank")).toBeTruthy();
    expect(title.getAttribute("aria-invalid")).toBe("true");
    expect(saveButton().disabled).toBe(true);
    await save();
    expect(calls.update).toHaveLength(0);

    fireEvent.change(title, { target: { value: "Recommend?" } });
    expect(saveButton().disabled).toBe(false);
    await save();
    await waitFor(() => expect(calls.update).toHaveLength(1));
    const question2 = screen.getByRole("group", { name: "Question 2: Open text" });
    expect((await within(question2).findByRole("alert")).textContent).toBe("Question title must not be blank");
    await waitFor(() => expect(toasts.list().map((t) => t.message)).toEqual(["Question title must not be blank"]));
    // Nothing was saved: still dirty (the guard would hold navigation).
    expect(saveButton().disabled).toBe(false);
  });

  it("hides logic without the surveyLogic feature, says so, and sends no logic", async () => {
    const { calls } = open(`/surveys/${SURVEY_ID}/edit`, { survey: existingSurvey(), features: [] });
    await firstTitle();
    expect(scope(1).queryByRole("button", { name: "Add logic rule" })).toBeNull();
    expect(scope(1).queryByText("Logic", { selector: "legend" })).toBeNull();
    expect(screen.getByText("Skipping to a question or to the end by the answer is not in your organisation's plan.")).toBeTruthy();
    expect(screen.getByText("No access to the feature: upgrade or contact support")).toBeTruthy();
    expect(screen.getByText(/This survey has logic rules that your plan does not include/)).toBeTruthy();
    type("Survey name", "Lobby 2");
    await save();
    await waitFor(() => expect(calls.update).toHaveLength(1));
    const input = calls.update[0].input as Input;
    expect(calls.update[0].id).toBe(gid("Survey", SURVEY_ID));
    expect(input.questions.map((q) => q.logic)).toEqual([[], []]);
    expect(input.questions.map((q) => q.id)).toEqual([gid("Question", "5f00000000000000000000a1"), gid("Question", "5f00000000000000000000a2")]);
    await waitFor(() => expect(toasts.list().map((t) => t.message)).toEqual(["Saved"]));
  });

  it("shows and edits logic with the feature", async () => {
    const { calls } = open(`/surveys/${SURVEY_ID}/edit`, { survey: existingSurvey() });
    await firstTitle();
    const answer = scope(1, "Rule 1").getByLabelText("When the answer is") as HTMLSelectElement;
    expect(answer.value).toBe("10");
    expect((scope(1, "Rule 1").getByLabelText("Go to") as HTMLSelectElement).value).toBe("end");
    fireEvent.change(scope(1, "Rule 1").getByLabelText("Go to"), { target: { value: "5f00000000000000000000a2" } });
    click("Add logic rule", 1);
    click("Remove rule 2", 1);
    await save();
    await waitFor(() => expect(calls.update).toHaveLength(1));
    expect((calls.update[0].input as Input).questions[0]!.logic).toEqual([{ answer: "0", target: "end" }]);
  });

  it("adds a language and edits each text per language", async () => {
    const { calls } = open(`/surveys/${SURVEY_ID}/edit`, { survey: existingSurvey({ questions: [existingSurvey().questions[1]!] }) });
    await firstTitle();
    fireEvent.change(screen.getByLabelText("Language to add"), { target: { value: "fi" } });
    click("Add language");
    // The new language is the one being edited: the English text is shown as the original.
    expect((screen.getByLabelText("Edit texts in") as HTMLSelectElement).value).toBe("fi");
    const title = scope(1).getByLabelText("Title") as HTMLInputElement;
    expect(title.value).toBe("");
    expect(title.getAttribute("lang")).toBe("fi");
    expect(screen.getByText("Default language: Why?")).toBeTruthy();
    fireEvent.change(title, { target: { value: "Miksi?" } });
    fireEvent.change(screen.getByLabelText("Edit texts in"), { target: { value: "en" } });
    expect((scope(1).getByLabelText("Title") as HTMLInputElement).value).toBe("Why?");
    await save();
    await waitFor(() => expect(calls.update).toHaveLength(1));
    const input = calls.update[0].input as Input;
    expect(input.languages).toEqual(["en", "fi"]);
    expect(input.questions[0]!.title).toEqual([...en("Why?"), { language: "fi", text: "Miksi?" }]);

    // Finnish as the default language; then removing English drops its texts.
    // Each language's line: "Make default" (named with the language) on all but the first, Remove on each.
    expect(screen.queryByRole("button", { name: "Make default: English" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Make default: Finnish" }));
    const lines = within(screen.getByRole("group", { name: "Languages" })).getAllByRole("listitem");
    expect(lines.map((line) => line.textContent)).toEqual(["Finnish (fi)Default", "English (en)Make default: English"]);
    click("Remove language English");
    await save();
    await waitFor(() => expect(calls.update).toHaveLength(2));
    expect(calls.update[1].input).toMatchObject({ languages: ["fi"], questions: [{ title: [{ language: "fi", text: "Miksi?" }] }] });
  });

  it("moves questions with the keyboard-usable buttons, keeping focus on the moved question", async () => {
    const { calls } = open(`/surveys/${SURVEY_ID}/edit`, { survey: existingSurvey() });
    await firstTitle();
    const down = scope(1).getByRole("button", { name: "Move question down" });
    down.focus();
    await act(async () => {
      fireEvent.click(down);
    });
    expect((scope(1).getByLabelText("Title") as HTMLInputElement).value).toBe("Why?");
    // The moved question is now last: its "down" is disabled, so focus is on its "up".
    await waitFor(() => expect(document.activeElement?.getAttribute("aria-label")).toBe("Move question up"));
    expect(document.activeElement?.closest("section.se-card")).toBe(document.querySelectorAll("section.se-card")[1]);
    expect(screen.getByText("Question moved to position 2")).toBeTruthy();
    await act(async () => {
      fireEvent.click(scope(1).getByRole("button", { name: "Remove question" }));
    });
    await save();
    await waitFor(() => expect(calls.update).toHaveLength(1));
    // The NPS question's rule (10 → end) stays; the removed question is left out of the body.
    expect((calls.update[0].input as Input).questions).toEqual([
      expect.objectContaining({ id: gid("Question", "5f00000000000000000000a1"), logic: [{ answer: "10", target: "end" }] }),
    ]);
  });

  it("collapses a card to its type, number and title, and reorders cards by drag and drop", async () => {
    const { calls } = open(`/surveys/${SURVEY_ID}/edit`, { survey: existingSurvey() });
    const title = await firstTitle();
    const toggle = scope(1).getByRole("button", { expanded: true });
    expect(toggle.textContent).toBe("1Recommend us?NPS (0–10)");
    await act(async () => {
      fireEvent.click(toggle);
    });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(title.closest("[hidden]")).not.toBeNull();
    // Collapsing changes nothing to save.
    expect(saveButton().disabled).toBe(true);
    expect(screen.getByText("No unsaved changes")).toBeTruthy();

    // Drag question 1 (collapsed) below question 2 (jsdom has no layout: over the lower half).
    const cards = () => [...document.querySelectorAll<HTMLElement>("section.se-card")];
    const dataTransfer = { setData: () => {}, effectAllowed: "", dropEffect: "" };
    const header = cards()[0]!.querySelector(".se-card__header")!;
    await act(async () => {
      fireEvent.dragStart(header, { dataTransfer });
      fireEvent.dragOver(cards()[1]!, { dataTransfer });
      fireEvent.drop(cards()[1]!, { dataTransfer });
      fireEvent.dragEnd(header, { dataTransfer });
    });
    expect(cards().map((c) => c.getAttribute("aria-label"))).toEqual(["Question 1: Open text", "Question 2: NPS (0–10)"]);
    expect(screen.getByText("Question moved to position 2")).toBeTruthy();
    // The collapsed card stays collapsed where it went.
    expect(scope(2).getByRole("button", { expanded: false }).textContent).toBe("2Recommend us?NPS (0–10)");
    await save();
    await waitFor(() => expect(calls.update).toHaveLength(1));
    expect((calls.update[0].input as Input).questions.map((q) => q.ref)).toEqual(["5f00000000000000000000a2", "5f00000000000000000000a1"]);
  });

  it("offers no more questions than the API's 200", async () => {
    const many = Array.from({ length: 200 }, (_, i) => {
      const legacyId = `${String(i).padStart(3, "0")}${"d".repeat(21)}`;
      return { id: gid("Question", legacyId), ref: legacyId, type: "openText", title: en(`Q${i + 1}`), tags: [], required: false };
    });
    open(`/surveys/${SURVEY_ID}/edit`, { survey: existingSurvey({ questions: many }), features: [] });
    expect(await screen.findByText("A survey has at most 200 questions.", {}, { timeout: FIRST_RENDER_MS })).toBeTruthy();
    expect(paletteButton("Open text").disabled).toBe(true);
  });

  it("shows the survey read-only to someone who may not edit it", async () => {
    open(`/surveys/${SURVEY_ID}/edit`, { survey: existingSurvey(), readOnly: true });
    const title = (await firstTitle()) as HTMLInputElement;
    expect(title.value).toBe("Recommend us?");
    expect(screen.getByText("You can see this survey, but only people who may edit surveys in its team can change it.")).toBeTruthy();
    expect(title.disabled || !!title.closest("fieldset:disabled")).toBe(true);
    expect((paletteButton("Open text").closest("fieldset") as HTMLFieldSetElement).disabled).toBe(true);
    expect(screen.queryByText("Save", { selector: "button" })).toBeNull();
    expect(screen.getByRole("link", { name: "Preview" })).toBeTruthy();
  });

  it("holds navigation away from unsaved changes with the guard", async () => {
    const { router } = open(`/surveys/${SURVEY_ID}/edit`, { survey: existingSurvey() });
    await firstTitle();
    type("Survey name", "Changed");
    await act(async () => {
      fireEvent.click(screen.getByRole("link", { name: "Summary" }));
    });
    expect(await screen.findByRole("alertdialog")).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/surveys/${SURVEY_ID}/edit`);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    });
    expect(screen.queryByRole("alertdialog")).toBeNull();
    // An invalid form is not offered saving.
    type("Survey name", " ");
    expect(screen.getByText("Survey name must not be blank")).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole("link", { name: "Summary" }));
    });
    expect(await screen.findByText("The form is not valid")).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Continue without saving" }));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe("/summary"));
  });
});
