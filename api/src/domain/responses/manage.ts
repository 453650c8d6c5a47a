// Managing responses from the feedback list (spec 001 §3 "Feedback list", §7 PUT /responses/{id}/hide,
// DELETE /responses/{id}, PUT /responses/{id} with updatedMetaSet): hide or show a whole response or
// one of its answers, delete a response, replace its metadata.
//
// Who: members with manageResponses (editors and admins, docs/permissions.md) in the response's unit
// or a unit above it, and organisation admins. A viewer who may see the response gets "no rights"; a
// response of another organisation, or one the caller may not even see, is "Response not found" and
// nothing changes. After every change the analytics roll-ups are told (markResponsesChanged), and a
// deletion updates the survey's and touchpoint's counts and publishes them live.
import { z } from "zod";
import type { DomainContext } from "../context.js";
import { badInput, notFound } from "../errors.js";
import { objectIdSchema, parseInput } from "../validation.js";
import { accessMessages, requireOnObject } from "../../permissions/access.js";
import { tenantDb } from "../tenancy.js";
import { hiddenAnswerQuestions, setAnswerHidden } from "../answers/rows.js";
import { markResponsesChanged } from "../analytics/rollups.js";
import { submissionLimits } from "../respondent/runtime.js";
import type { ResponseCountsEvent } from "../../pubsub/bus.js";

export const responseMessages = {
  notFound: "Response not found",
  answerNotFound: "This response has no answer to that question",
  noRights: accessMessages.noManageResponses,
  hiddenRequired: "hidden must be true or false",
  responseIdMismatch: "responseId does not match the response in the address",
  metaSetRequired: "updatedMetaSet is a list of { key, value } pairs",
  metaKeyBlank: "Metadata keys must not be empty",
  metaKeyLong: `Metadata keys are at most ${submissionLimits.metadataKeyLength} characters`,
  metaValueLong: `Metadata values are at most ${submissionLimits.metadataValueLength} characters`,
  metaValueType: "Metadata values are text, numbers or true/false",
  metaTooMany: `A response has at most ${submissionLimits.metadataKeys} metadata keys`,
  metaDuplicate: (key: string) => `Metadata key '${key.slice(0, 64)}' appears twice`,
} as const;

type ManagedResponse = { id: string; organizationId: string; surveyId: string; touchpointId: string; createdAt: Date; hidden: boolean };

/** The response, if the caller may manage it; "not found" or "no rights" otherwise. */
async function manageable(ctx: DomainContext, responseId: string): Promise<ManagedResponse> {
  const id = parseInput(objectIdSchema, responseId);
  // the access layer decides (manageResponses in the response's unit; not found unless viewable)
  await requireOnObject(ctx, "manageResponses", "Response", id);
  const response = await tenantDb(ctx).response.findFirst({
    // an over-limit response is not shown anywhere, so it cannot be managed either
    where: { id, overLimit: false },
    select: { id: true, organizationId: true, surveyId: true, touchpoint: { select: { id: true } }, createdAt: true, hidden: true },
  });
  if (!response) throw notFound(responseMessages.notFound);
  const { touchpoint, ...rest } = response;
  return { ...rest, touchpointId: touchpoint.id };
}

const changed = (ctx: DomainContext, r: ManagedResponse) =>
  markResponsesChanged(ctx.prisma, r.organizationId, [{ createdAt: r.createdAt, surveyId: r.surveyId, touchpointId: r.touchpointId }]);

export const hideInputSchema = z.object({
  hidden: z.boolean({ message: responseMessages.hiddenRequired }),
  questionId: objectIdSchema.nullish(),
  responseId: objectIdSchema.nullish(),
});

export type HideResult = { id: string; hidden: boolean; hiddenAnswers: string[] };

/** Hides (hidden: true) or shows a whole response, or with questionId only that question's answer. */
export async function hideResponse(ctx: DomainContext, responseId: string, input: unknown): Promise<HideResult> {
  const body = parseInput(hideInputSchema, input);
  if (body.responseId && body.responseId !== responseId) throw badInput(responseMessages.responseIdMismatch, "responseId");
  const response = await manageable(ctx, responseId);
  if (body.questionId) {
    // `manageable` above found this response in the caller's organisation; the write checks it again.
    const updated = await setAnswerHidden(
      ctx.prisma,
      { organizationId: response.organizationId, responseId: response.id, questionId: body.questionId },
      body.hidden,
    );
    if (updated === 0) throw notFound(responseMessages.answerNotFound);
  } else {
    await tenantDb(ctx).response.update({ where: { id: response.id }, data: { hidden: body.hidden } });
  }
  await changed(ctx, response);
  const now = await tenantDb(ctx).response.findUniqueOrThrow({ where: { id: response.id }, select: { hidden: true } });
  return { id: response.id, hidden: now.hidden, hiddenAnswers: await hiddenAnswerQuestions(ctx.prisma, response.id) };
}

type CountRow = { kind: "t" | "s"; id: string; responseCount: number; lastFeedbackAt: Date | null };

/** Deletes the response with its answers; the survey's and touchpoint's counts go down and are published. */
export async function deleteResponse(ctx: DomainContext, responseId: string): Promise<{ id: string }> {
  const response = await manageable(ctx, responseId);
  const rows = await ctx.prisma.$transaction(async (tx) => {
    const deleted = await tx.response.deleteMany({ where: { id: response.id, organizationId: response.organizationId } });
    if (deleted.count === 0) throw notFound(responseMessages.notFound);
    return tx.$queryRawUnsafe<CountRow[]>(
      `WITH tp AS (
         UPDATE "Touchpoint" SET "responseCount" = GREATEST("responseCount" - 1, 0) WHERE id = $1 RETURNING id, "responseCount", "lastFeedbackAt"
       ), sv AS (
         UPDATE "Survey" SET "responseCount" = GREATEST("responseCount" - 1, 0) WHERE id = $2 RETURNING id, "responseCount", "lastFeedbackAt"
       )
       SELECT 't' AS kind, id, "responseCount", "lastFeedbackAt" FROM tp UNION ALL SELECT 's', id, "responseCount", "lastFeedbackAt" FROM sv`,
      response.touchpointId,
      response.surveyId,
    );
  });
  await changed(ctx, response);
  const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
  const survey = rows.find((r) => r.kind === "s");
  const touchpoint = rows.find((r) => r.kind === "t");
  if (survey) {
    const event: ResponseCountsEvent = {
      surveyId: survey.id,
      responseCount: Number(survey.responseCount),
      lastFeedbackAt: iso(survey.lastFeedbackAt),
      created: -1,
      touchpoints: touchpoint
        ? [{ touchpointId: touchpoint.id, responseCount: Number(touchpoint.responseCount), lastFeedbackAt: iso(touchpoint.lastFeedbackAt) }]
        : [],
    };
    ctx.bus.publish("response:created", survey.id, event);
  }
  return { id: response.id };
}

const metaPair = z.object(
  {
    key: z
      .string({ message: responseMessages.metaKeyBlank })
      .trim()
      .min(1, responseMessages.metaKeyBlank)
      .max(submissionLimits.metadataKeyLength, responseMessages.metaKeyLong),
    value: z
      .union([z.string(), z.number().finite(), z.boolean()], { message: responseMessages.metaValueType })
      .transform(String)
      .pipe(z.string().max(submissionLimits.metadataValueLength, responseMessages.metaValueLong)),
  },
  { message: responseMessages.metaSetRequired },
);

export const updateMetaInputSchema = z.object({
  updatedMetaSet: z.array(metaPair, { message: responseMessages.metaSetRequired }).max(submissionLimits.metadataKeys, responseMessages.metaTooMany),
});

/** Replaces the response's metadata with updatedMetaSet (a key left out is removed). */
export async function updateResponseMetadata(
  ctx: DomainContext,
  responseId: string,
  input: unknown,
): Promise<{ id: string; metadata: Record<string, string> }> {
  const body = parseInput(updateMetaInputSchema, input);
  const metadata: Record<string, string> = {};
  for (const [i, pair] of body.updatedMetaSet.entries()) {
    if (Object.hasOwn(metadata, pair.key)) throw badInput(responseMessages.metaDuplicate(pair.key), `updatedMetaSet.${i}.key`);
    metadata[pair.key] = pair.value;
  }
  const response = await manageable(ctx, responseId);
  await tenantDb(ctx).response.update({ where: { id: response.id }, data: { metadata } });
  await changed(ctx, response);
  return { id: response.id, metadata };
}
