// /api/v5 responses (spec 001 §7 "Results"): hide or show a response or one answer, delete a response,
// replace its metadata. Rules in domain/responses/manage.ts; docs/feedback-list.md.
import { z } from "zod";
import { defineRoute } from "./route.js";
import { deleteResponse, hideInputSchema, hideResponse, updateMetaInputSchema, updateResponseMetadata } from "../../domain/responses/manage.js";

const tag = "Responses";
const idParams = z.object({ id: z.string().describe("the response's 24-hex _id") });

export const responseRoutes = [
  defineRoute({
    method: "PUT",
    path: "/responses/{id}/hide",
    tag,
    summary: "Hides (hidden: true) or shows a response, or with questionId only that question's answer (manageResponses in its team)",
    auth: "bearer",
    params: idParams,
    body: hideInputSchema,
    response: z.object({ _id: z.string(), hidden: z.boolean(), hiddenAnswers: z.array(z.string()).describe("question ids whose answer is hidden") }),
    handler: async ({ ctx, params, body }) => {
      const r = await hideResponse(ctx, params.id, body);
      return { _id: r.id, hidden: r.hidden, hiddenAnswers: r.hiddenAnswers };
    },
  }),
  defineRoute({
    method: "DELETE",
    path: "/responses/{id}",
    tag,
    summary: "Deletes a response with its answers (manageResponses in its team)",
    auth: "bearer",
    params: idParams,
    response: z.object({ ok: z.literal(true) }),
    handler: async ({ ctx, params }) => {
      await deleteResponse(ctx, params.id);
      return { ok: true as const };
    },
  }),
  defineRoute({
    method: "PUT",
    path: "/responses/{id}",
    tag,
    summary: "Replaces the response's metadata with updatedMetaSet, a list of { key, value } (a key left out is removed); answers OK",
    auth: "bearer",
    params: idParams,
    body: updateMetaInputSchema,
    response: z.object({ ok: z.literal(true), _id: z.string(), metadata: z.record(z.string(), z.string()) }),
    handler: async ({ ctx, params, body }) => {
      const r = await updateResponseMetadata(ctx, params.id, body);
      return { ok: true as const, _id: r.id, metadata: r.metadata };
    },
  }),
];
