// The editor's two mutations: createSurvey (a new survey) and updateSurvey (the whole survey with its
// questions). Each resolves with the outcome; the server's refusal comes back with its message and
// the field it names (e.g. "questions.2.title.en"), so the editor can show it at the question.
import { useCallback } from "react";
import { graphql, useMutation } from "react-relay";
import type { useSaveSurveyCreateMutation } from "../../__generated__/useSaveSurveyCreateMutation.graphql";
import type { useSaveSurveyUpdateMutation } from "../../__generated__/useSaveSurveyUpdateMutation.graphql";
import { actions } from "../../shell/actions";
import type { SurveyInput } from "./draft";
import { graphQLErrorMessage, GraphQLResponseError } from "../../transport/relayEnvironment";

export type SaveOutcome = { ok: true; legacyId: string } | { ok: false; message: string | null; field?: string };

function failure(error: unknown): SaveOutcome {
  return { ok: false, message: graphQLErrorMessage(error), field: error instanceof GraphQLResponseError ? error.field : undefined };
}

export function useSaveSurvey() {
  const [create] = useMutation<useSaveSurveyCreateMutation>(graphql`
    mutation useSaveSurveyCreateMutation($input: SurveyInput!) {
      createSurvey(input: $input) {
        survey {
          legacyId
          ...SurveyEditorForm_survey
        }
      }
    }
  `);
  const [update] = useMutation<useSaveSurveyUpdateMutation>(graphql`
    mutation useSaveSurveyUpdateMutation($id: ID!, $input: SurveyInput!) {
      updateSurvey(id: $id, input: $input) {
        survey {
          legacyId
          ...SurveyEditorForm_survey
        }
      }
    }
  `);
  return useCallback(
    (surveyId: string | null, input: SurveyInput) =>
      actions.run(
        "saveSurvey",
        () =>
          new Promise<SaveOutcome>((resolve) => {
            const onError = (error: unknown) => resolve(failure(error));
            const onErrors = (errors: ReadonlyArray<{ message: string }> | null | undefined) => {
              if (!errors?.length) return false;
              resolve({ ok: false, message: errors.map((e) => e.message).join("\n") });
              return true;
            };
            if (surveyId)
              update({
                variables: { id: surveyId, input },
                onCompleted: (r, errors) => {
                  if (!onErrors(errors)) resolve({ ok: true, legacyId: r.updateSurvey.survey.legacyId });
                },
                onError,
              });
            else
              create({
                variables: { input },
                onCompleted: (r, errors) => {
                  if (!onErrors(errors)) resolve({ ok: true, legacyId: r.createSurvey.survey.legacyId });
                },
                onError,
              });
          }),
      ),
    [create, update],
  );
}
