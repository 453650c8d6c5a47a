// The job functions by name, built from the process's dependencies. The api process and
// `npm run worker` build the same map.
import type { PrismaClient } from "../generated/prisma/client.js";
import type { Config } from "../config.js";
import { createMailSender } from "../mail/send.js";
import type { JobHandlers } from "./runner.js";

export function createJobHandlers(deps: { config: Config; prisma: PrismaClient }): { handlers: JobHandlers; close(): void } {
  const mail = createMailSender(deps);
  return {
    handlers: {
      "mail.send": (payload) => mail.send(payload),
    },
    close: () => mail.close(),
  };
}
