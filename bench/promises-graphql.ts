// Promises created per GraphQL viewer query, ours against the bare graphql-yoga (issue 18, item 2;
// docs/decisions.md "API layer"): npx tsx bench/promises-graphql.ts [requests]
// A count that a loaded machine does not move, unlike requests per second or CPU time: each promise
// is an allocation and a turn of the microtask queue. Starts the real server and the foundation
// bench's bare yoga in this process (as bench/profile-graphql.ts), warms both, then sends
// `requests` viewer queries one after another to each with node:http's callback client (which makes
// no promises of its own) while an async hook counts the promises this process creates.
import { createHook } from "node:async_hooks";
import http from "node:http";
import os from "node:os";
import { signInWithPassword } from "../api/src/test/oidc-login.js";
import { demoSignIn, seedDemoOrganization } from "../api/src/seed/demo.js";
import { withScratchDatabase } from "./lib/database.js";
import { startApiServer, startBareYogaServer } from "./lib/servers.js";
import { viewerQuery, viewerTypeDefs } from "./suites/foundation.js";

const requests = Number(process.argv[2] ?? 500);
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** Sends one POST and calls back with the status and body. */
function post(url: string, headers: Record<string, string>, body: string, done: (status: number, text: string) => void): void {
  const u = new URL(url);
  const req = http.request(
    { host: u.hostname, port: u.port, path: u.pathname, method: "POST", agent, headers: { ...headers, "content-length": String(Buffer.byteLength(body)) } },
    (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (text += c));
      res.on("end", () => done(res.statusCode ?? 0, text));
    },
  );
  req.end(body);
}

/** `count` requests in a row; the promises created meanwhile. */
function series(url: string, headers: Record<string, string>, body: string, count: number, expected: string): Promise<number> {
  let promises = 0;
  const hook = createHook({
    init(_id, type) {
      if (type === "PROMISE") promises++;
    },
  });
  return new Promise((resolve, reject) => {
    let left = count;
    const next = () =>
      post(url, headers, body, (status, text) => {
        if (status !== 200 || text !== expected) {
          hook.disable();
          reject(new Error(`unexpected answer ${status}: ${text.slice(0, 200)}`));
          return;
        }
        if (--left > 0) next();
        else {
          hook.disable();
          resolve(promises);
        }
      });
    hook.enable();
    next();
  });
}

const ctx = { connections: 1, duration: 1, warmup: 0, log: (m: string) => console.error(m), onCleanup: () => () => {} };
await withScratchDatabase(ctx, "promises_graphql", async (databaseUrl) => {
  const api = await startApiServer(databaseUrl);
  try {
    await seedDemoOrganization(api.prisma, { responses: 10 });
    const bearer = (await signInWithPassword(api.baseUrl, demoSignIn.email, demoSignIn.password)).accessToken;
    const headers = { "content-type": "application/json", accept: "application/json" };
    const body = JSON.stringify({ query: viewerQuery });
    const oursHeaders = { ...headers, authorization: `Bearer ${bearer}` };
    const answer = await (await fetch(`${api.baseUrl}/graphql`, { method: "POST", headers: oursHeaders, body })).text();
    const viewer = (JSON.parse(answer) as { data?: { viewer?: unknown } }).data?.viewer;
    if (!viewer) throw new Error(`the viewer query answered no viewer: ${answer.slice(0, 300)}`);
    const bare = await startBareYogaServer(viewerTypeDefs, viewer);
    try {
      for (const [name, url, h] of [
        ["ours", `${api.baseUrl}/graphql`, oursHeaders],
        ["bare", `${bare.baseUrl}/graphql`, headers],
      ] as const) {
        await series(url, h, body, 50, answer); // warm: JIT, caches, the access cache's entry
        const statements = api.statements();
        const promises = await series(url, h, body, requests, answer);
        console.log(
          `${name}: ${(promises / requests).toFixed(1)} promises per request (${requests} requests in a row), ${((api.statements() - statements) / requests).toFixed(2)} SQL statements per request`,
        );
      }
      console.log(
        `load average ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(" ")}`,
      );
    } finally {
      await bare.close();
    }
  } finally {
    agent.destroy();
    await api.close();
  }
});
