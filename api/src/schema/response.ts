// Responses: the live count of a survey's responses (a survey list or summary open in a browser
// updates as responses arrive). Events come from the respondent runtime's counter flush
// (api/src/domain/respondent/counters.ts), through this process's feed (domain/responses/live-counts.ts:
// one listener per watched survey, a burst merged into one event per 200 ms to 1 s), executed once
// per selection for every watcher (graphql/shared-subscriptions.ts).
import { builder } from "./builder.js";
import { SurveyType } from "./survey.js";
import type { ResponseCountsEvent } from "../pubsub/bus.js";
import { assertMayWatchSurvey, liveCountFeed } from "../domain/responses/live-counts.js";

const TouchpointResponseCount = builder.objectRef<ResponseCountsEvent["touchpoints"][number]>("TouchpointResponseCount").implement({
  fields: (t) => ({
    touchpointId: t.exposeString("touchpointId", { description: "the touchpoint's 24-hex _id" }),
    responseCount: t.exposeInt("responseCount"),
    lastFeedbackAt: t.expose("lastFeedbackAt", { type: "DateTime", nullable: true }),
  }),
});

const ResponseCountChange = builder.objectRef<ResponseCountsEvent>("ResponseCountChange").implement({
  fields: (t) => ({
    surveyId: t.exposeString("surveyId", { description: "the survey's 24-hex _id" }),
    responseCount: t.exposeInt("responseCount", { description: "the survey's responses after this change" }),
    lastFeedbackAt: t.expose("lastFeedbackAt", { type: "DateTime", nullable: true }),
    created: t.exposeInt("created", { description: "responses stored since the previous event of this survey" }),
    touchpoints: t.field({ type: [TouchpointResponseCount], resolve: (e) => e.touchpoints }),
  }),
});

builder.subscriptionField("responseCountChanged", (t) =>
  t.field({
    type: ResponseCountChange,
    description: "the survey's new response count whenever responses arrive (members who may view the survey's unit)",
    args: { surveyId: t.arg.globalID({ required: true, for: SurveyType }) },
    subscribe: async (_root, { surveyId }, ctx) => {
      await assertMayWatchSurvey(ctx, surveyId.id);
      return liveCountFeed(ctx.bus, ctx.config).watch(surveyId.id);
    },
    resolve: (event) => event,
  }),
);
