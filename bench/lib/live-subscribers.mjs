// Worker thread of bench/suites/live.ts: `count` browsers watching one survey's response count live,
// each on its own graphql-ws connection (as a browser tab is), subscribed to
// responseCountChanged(surveyId). Records, per subscriber, each event's responseCount and arrival
// time (performance.timeOrigin + performance.now(): the same clock as the main thread's).
// Messages in: "report" → posts { events: [[count, at], …][] } per subscriber and cpuMs, this
// thread's CPU time so far; "close".
import { parentPort, workerData } from "node:worker_threads";
import { createClient } from "graphql-ws";
import WebSocket from "ws";

const { url, token, surveyId, count } = workerData;
const now = () => performance.timeOrigin + performance.now();
const events = Array.from({ length: count }, () => []);
const errors = [];
const clients = [];
const query = `subscription($id: ID!) { responseCountChanged(surveyId: $id) { responseCount } }`;

let connected = 0;
for (let i = 0; i < count; i++) {
  const client = createClient({
    url,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${token}` },
    retryAttempts: 0,
    lazy: false,
  });
  client.on("connected", () => {
    connected += 1;
    if (connected === count) parentPort.postMessage({ type: "connected" });
  });
  client.subscribe(
    { query, variables: { id: surveyId } },
    {
      next: (value) => {
        const n = value?.data?.responseCountChanged?.responseCount;
        if (typeof n === "number") events[i].push([n, now()]);
        else errors.push(JSON.stringify(value?.errors ?? value));
      },
      error: (error) => errors.push(String(error?.message ?? error)),
      complete: () => {},
    },
  );
  clients.push(client);
}

parentPort.on("message", async (message) => {
  if (message === "report") {
    const cpu = process.threadCpuUsage();
    parentPort.postMessage({ type: "report", events, errors: errors.slice(0, 5), errorCount: errors.length, cpuMs: (cpu.user + cpu.system) / 1000 });
  }
  if (message === "close") {
    await Promise.all(clients.map((c) => c.dispose()));
    parentPort.postMessage({ type: "closed" });
  }
});
