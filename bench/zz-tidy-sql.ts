import { signInWithPassword } from "../api/src/test/oidc-login.js";
import { demoSignIn, seedDemoOrganization } from "../api/src/seed/demo.js";
import { withScratchDatabase } from "./lib/database.js";
import { measure } from "./lib/load.js";
import { startApiServer } from "./lib/servers.js";
import { viewerQuery } from "./suites/foundation.js";
const ctx = { connections: 32, duration: 8, warmup: 0, log: (m: string) => console.error(m), onCleanup: () => () => {} };
await withScratchDatabase(ctx, "zz_sql", async (databaseUrl) => {
  const api = await startApiServer(databaseUrl);
  try {
    await seedDemoOrganization(api.prisma, { responses: 100 });
    const bearer = (await signInWithPassword(api.baseUrl, demoSignIn.email, demoSignIn.password)).accessToken;
    const t = {
      url: `${api.baseUrl}/graphql`,
      method: "POST" as const,
      headers: { authorization: `Bearer ${bearer}`, "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ query: viewerQuery }),
    };
    await measure(t, { ...ctx, duration: 2 });
    const g = globalThis as unknown as { __texts?: Map<string, number> };
    g.__texts = new Map();
    const f = await measure(t, ctx);
    console.log(f.requests, "requests");
    for (const [k, v] of [...g.__texts].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(v, k);
  } finally {
    await api.close();
  }
});
