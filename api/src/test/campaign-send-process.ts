// A sending process for the crash tests and the campaigns bench: runs one launch run as the
// campaign.run job does (runLaunch with SMTP from SMTP_URL), waiting while another holder's lease
// lasts, and prints "sent <n>" every PROGRESS_EVERY messages, then "done <peak RSS in kB> <CPU time in µs>".
// Env: DATABASE_URL, SMTP_URL, PUBLIC_URL, LAUNCH_ID, RUN_KEY, LEASE_MS, CAMPAIGN_SEND_RATE, PROGRESS_EVERY.
import { loadConfig } from "../config.js";
import { createPrisma } from "../db/client.js";
import { runLaunch } from "../domain/campaigns/sending/run.js";
import { createEmailTransport } from "../domain/campaigns/sending/email-transport.js";
import { createSmsTransport } from "../domain/campaigns/sending/sms-transport.js";

const config = loadConfig({ ...process.env, LOG_LEVEL: "silent", NODE_ENV: "test" });
const prisma = createPrisma(config.databaseUrl!, { max: 2 });
const email = createEmailTransport(config);
const sms = createSmsTransport(config);
const every = Number(process.env.PROGRESS_EVERY ?? 10);
let sent = 0;
const run = { launchId: process.env.LAUNCH_ID!, runKey: process.env.RUN_KEY! };

for (;;) {
  const outcome = await runLaunch({ prisma, config, email, sms }, run, {
    leaseMs: Number(process.env.LEASE_MS ?? 30_000),
    onSent: () => {
      sent++;
      if (sent % every === 0) process.stdout.write(`sent ${sent}\n`);
    },
  });
  if (outcome !== "busy") break;
  await new Promise((resolve) => setTimeout(resolve, 200));
}
email.close();
await sms.close();
await prisma.$disconnect();
const cpu = process.cpuUsage();
process.stdout.write(`done ${process.resourceUsage().maxRSS} ${cpu.user + cpu.system}\n`);
process.exit(0);
