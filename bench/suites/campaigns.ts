// `npm run bench -- campaigns`: the campaign parts, one line each (bench/suites/campaigns-*.ts).
import type { BenchContext, FigureRow } from "../lib/suite.js";
import { campaignsSend, type CampaignsPart } from "./campaigns-send.js";

export const name = "campaigns";
export const description = "campaigns: sending to a local SMTP sink with a kill -9 and resume (BENCH_CAMPAIGN_CONTACTS, default 100,000)";

export const parts: CampaignsPart[] = [campaignsSend];

export async function run(ctx: BenchContext): Promise<FigureRow[]> {
  const rows: FigureRow[] = [];
  for (const part of parts) {
    ctx.log(`campaigns: ${part.name}`);
    rows.push(...(await part.run(ctx)));
  }
  return rows;
}
