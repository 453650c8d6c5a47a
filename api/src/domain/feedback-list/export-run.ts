// What the CSV and XLSX producers share: the stored request (the filters in their wire shape and the
// language of the labels), the plan as the exporting member sees it when the job runs (files leave
// hidden responses out and blank hidden answers), and progress in whole percent, reported at most
// once per percent.
import { z } from "zod";
import type { DomainContext } from "../context.js";
import { localeSchema, resolveFeedbackList } from "./list.js";
import type { FeedbackListPlan } from "./query.js";
import { countRows } from "./stream.js";

export const exportRequestSchema = z.object({
  filters: z.unknown().optional(),
  locale: localeSchema.default("en"),
});
export type ExportRequest = z.output<typeof exportRequestSchema>;

export type ProgressReporter = { add(n: number): Promise<void>; done(): Promise<void> };

export async function prepareExport(
  ctx: DomainContext,
  request: ExportRequest,
  report: (pct: number) => Promise<void>,
): Promise<{ plan: FeedbackListPlan; total: number; progress: ProgressReporter }> {
  const { plan } = await resolveFeedbackList({ ctx }, request, { file: true });
  const total = await countRows(ctx.prisma, plan);
  let done = 0;
  let last = -1;
  const progress: ProgressReporter = {
    async add(n) {
      done += n;
      // 99 at most until the file is closed: 100 means the file is complete.
      const pct = total ? Math.min(99, Math.floor((done / total) * 100)) : 99;
      if (pct > last) {
        last = pct;
        await report(pct);
      }
    },
    async done() {
      await report(100);
    },
  };
  return { plan, total, progress };
}
