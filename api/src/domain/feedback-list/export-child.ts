// The export process's entry (../exports/export-process.ts starts it): one feedback-list file, read
// on a connection of its own inside one REPEATABLE READ, READ ONLY transaction, so the columns, the
// count and the rows come from the same snapshot. It loads pg, the planner's queries and the
// writers, nothing of the api (no Prisma, no fastify).
import { serveExportProcess } from "../exports/export-process-child.js";
import { connectExportClient, pgDb, streamRowsOnClient } from "./stream.js";
import { writeFeedbackListFile, type FileResult, type FileSpec } from "./export-file.js";

export type ChildInput = FileSpec & { databaseUrl: string };

serveExportProcess<ChildInput, FileResult>(async (input, ctx) => {
  const client = await connectExportClient(input.databaseUrl);
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    const result = await writeFeedbackListFile(pgDb(client), (plan, onBatch) => streamRowsOnClient(client, plan, onBatch), input, ctx.progress);
    await client.query("COMMIT");
    return result;
  } finally {
    await client.end().catch(() => {});
  }
});
