// The feedback list (spec 001 §2 results, §3 "Feedback list") and managing responses: the
// `feedbackList` connection (keyset cursors, newest first) and the mutations hideResponse,
// deleteResponse, updateResponseMetadata. Rules in domain/feedback-list and domain/responses.
import { encodeGlobalID } from "@pothos/plugin-relay";
import { builder } from "./builder.js";
import { filtersArg, ResultsFilterInput } from "./results-filter.js";
import { QuestionNode } from "./question.js";
import { badInput } from "../domain/errors.js";
import { feedbackListConnection, type FeedbackListNode } from "../domain/feedback-list/list.js";
import type { Column, FeedbackListPlan, ListQuestion } from "../domain/feedback-list/query.js";
import { deleteResponse, hideResponse, updateResponseMetadata } from "../domain/responses/manage.js";

/**
 * A response has no object type of its own (the feedback list's row shows it), yet the mutations take
 * its global id like any other object's: "Response:<24-hex>", the row's responseId. The type is
 * checked here as t.arg.globalID({ for }) checks the others.
 */
const responseTypename = "Response";
function responseIdOf(decoded: { typename: string; id: string }): string {
  if (decoded.typename !== responseTypename) throw badInput(`ID of a ${decoded.typename} is not of type: ${responseTypename}`, "responseId");
  return decoded.id;
}

const ColumnKind = builder.enumType("FeedbackListColumnKind", { values: ["fixed", "question", "meta"] as const });

const FeedbackListColumn = builder.objectRef<Column>("FeedbackListColumn").implement({
  fields: (t) => ({
    key: t.exposeString("key", { description: "feedbackId, date, touchpoint, language, status, a question's 24-hex id, or meta_<key>" }),
    title: t.exposeString("title", { description: "the header, in the requested language" }),
    kind: t.field({ type: ColumnKind, resolve: (c) => c.kind }),
  }),
});

const FeedbackListQuestion = builder.objectRef<ListQuestion>("FeedbackListQuestion").implement({
  fields: (t) => ({
    legacyId: t.exposeString("id", { description: "the question's 24-hex _id" }),
    surveyLegacyId: t.exposeString("surveyId"),
    surveyName: t.exposeString("surveyName"),
    type: t.exposeString("type"),
    title: t.exposeString("title", { description: "in the requested language" }),
  }),
});

type CellShape = { key: string; value: string | number | null };
const FeedbackListCell = builder.objectRef<CellShape>("FeedbackListCell").implement({
  fields: (t) => ({
    key: t.exposeString("key", { description: "the column's key" }),
    text: t.string({ nullable: true, description: "the value as shown (null: no answer)", resolve: (c) => (c.value === null ? null : String(c.value)) }),
    number: t.float({
      nullable: true,
      description: "numeric answers (smiley, NPS, slider) as numbers",
      resolve: (c) => (typeof c.value === "number" ? c.value : null),
    }),
  }),
});

const FeedbackListRow = builder.objectRef<FeedbackListNode>("FeedbackListRow").implement({
  fields: (t) => ({
    responseId: t.id({
      description: "the response's global id (hideResponse, deleteResponse, updateResponseMetadata take it)",
      resolve: (n) => encodeGlobalID(responseTypename, n.formatted.row.id),
    }),
    responseLegacyId: t.string({ description: "the response's 24-hex _id (the spec's feedbackId)", resolve: (n) => n.formatted.row.id }),
    surveyLegacyId: t.string({ resolve: (n) => n.formatted.row.surveyId }),
    touchpointLegacyId: t.string({ resolve: (n) => n.formatted.row.touchpointId }),
    createdAt: t.field({ type: "DateTime", resolve: (n) => n.formatted.row.createdAt }),
    hidden: t.boolean({ resolve: (n) => n.formatted.row.hidden }),
    hiddenAnswers: t.stringList({
      description: "question ids whose answer is hidden",
      resolve: (n) => (n.plan.blankHiddenAnswers ? [] : n.formatted.hiddenAnswers),
    }),
    cells: t.field({
      type: [FeedbackListCell],
      description: "one per column of the connection's columns, in order",
      resolve: (n) => n.plan.columns.map((c, i) => ({ key: c.key, value: n.formatted.cells[i] ?? null })),
    }),
    viewerCanManage: t.boolean({
      description:
        "whether the caller may hide, show and delete the response and edit its metadata (manageResponses in its team); false for a share link's visitor",
      resolve: (n) => n.manageable,
    }),
    metadata: t.field({
      type: [MetadataPair],
      nullable: true,
      description: "members: every metadata key and value of the response (hidden columns too), for editing; null for a share link's visitor",
      resolve: (n) => (n.metadata ? Object.entries(n.metadata).map(([key, value]) => ({ key, value })) : null),
    }),
  }),
});

type ConnectionExtras = { plan: FeedbackListPlan; totalCount: number };

builder.queryField("feedbackList", (t) =>
  t.connection(
    {
      type: FeedbackListRow,
      description:
        "Responses under the results filters, newest first, with one column per question and metadata key (members, or a share link's visitor with shareToken)",
      args: {
        filters: t.arg({ type: ResultsFilterInput, description: "the results filters (spec 001 §3)" }),
        locale: t.arg.string({ description: "language of labels and titles (default en)" }),
        shareToken: t.arg.string({ description: "a share link's token, for visitors without a session (or the X-Share-Token header)" }),
      },
      resolve: async (_root, args, ctx) => {
        const filters = filtersArg(args.filters);
        if (args.before || args.last) throw badInput("The feedback list pages forward only: use first and after", "last");
        const page = await feedbackListConnection(ctx, {
          filters,
          locale: args.locale,
          first: args.first,
          after: args.after,
          shareToken: args.shareToken,
        });
        return {
          plan: page.plan,
          totalCount: page.totalCount,
          edges: page.edges,
          pageInfo: {
            hasNextPage: page.hasNextPage,
            hasPreviousPage: !!args.after,
            startCursor: page.edges[0]?.cursor ?? null,
            endCursor: page.edges.at(-1)?.cursor ?? null,
          },
        };
      },
    },
    {
      name: "FeedbackListConnection",
      fields: (c) => ({
        totalCount: c.int({ resolve: (p) => (p as unknown as ConnectionExtras).totalCount }),
        columns: c.field({ type: [FeedbackListColumn], resolve: (p) => (p as unknown as ConnectionExtras).plan.columns }),
        questions: c.field({ type: [FeedbackListQuestion], resolve: (p) => (p as unknown as ConnectionExtras).plan.questions }),
        metaKeys: c.stringList({ resolve: (p) => (p as unknown as ConnectionExtras).plan.metaKeys }),
      }),
    },
    { name: "FeedbackListEdge" },
  ),
);

const HideResponsePayload = builder.objectRef<{ id: string; hidden: boolean; hiddenAnswers: string[] }>("HideResponsePayload").implement({
  fields: (t) => ({
    responseLegacyId: t.exposeString("id"),
    hidden: t.exposeBoolean("hidden", { description: "the whole response is hidden" }),
    hiddenAnswers: t.exposeStringList("hiddenAnswers", { description: "question ids whose answer is hidden" }),
  }),
});

builder.mutationField("hideResponse", (t) =>
  t.field({
    type: HideResponsePayload,
    description: "Hides or shows a response, or with questionId one of its answers (manageResponses in its team)",
    args: {
      responseId: t.arg.globalID({ required: true, description: "the response's id (the feedback list row's responseId)" }),
      hidden: t.arg.boolean({ required: true }),
      questionId: t.arg.globalID({ for: QuestionNode, description: "only this question's answer" }),
    },
    resolve: (_root, args, ctx) => hideResponse(ctx, responseIdOf(args.responseId), { hidden: args.hidden, questionId: args.questionId?.id }),
  }),
);

const DeleteResponsePayload = builder.objectRef<{ id: string }>("DeleteResponsePayload").implement({
  fields: (t) => ({ deletedResponseLegacyId: t.exposeString("id") }),
});

builder.mutationField("deleteResponse", (t) =>
  t.field({
    type: DeleteResponsePayload,
    description: "Deletes a response with its answers (manageResponses in its team)",
    args: { responseId: t.arg.globalID({ required: true }) },
    resolve: (_root, args, ctx) => deleteResponse(ctx, responseIdOf(args.responseId)),
  }),
);

const MetadataPairInput = builder.inputType("MetadataPairInput", {
  fields: (t) => ({ key: t.string({ required: true }), value: t.string({ required: true }) }),
});
const MetadataPair = builder.objectRef<{ key: string; value: string }>("MetadataPair").implement({
  fields: (t) => ({ key: t.exposeString("key"), value: t.exposeString("value") }),
});
const UpdateResponseMetadataPayload = builder.objectRef<{ id: string; metadata: Record<string, string> }>("UpdateResponseMetadataPayload").implement({
  fields: (t) => ({
    responseLegacyId: t.exposeString("id"),
    metadata: t.field({ type: [MetadataPair], resolve: (p) => Object.entries(p.metadata).map(([key, value]) => ({ key, value })) }),
  }),
});

builder.mutationField("updateResponseMetadata", (t) =>
  t.field({
    type: UpdateResponseMetadataPayload,
    description: "Replaces a response's metadata with updatedMetaSet (a key left out is removed; manageResponses in its team)",
    args: {
      responseId: t.arg.globalID({ required: true }),
      updatedMetaSet: t.arg({ type: [MetadataPairInput], required: true }),
    },
    resolve: (_root, args, ctx) => updateResponseMetadata(ctx, responseIdOf(args.responseId), { updatedMetaSet: args.updatedMetaSet }),
  }),
);
