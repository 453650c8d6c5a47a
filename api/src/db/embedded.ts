// Embedded PostgreSQL for the zero-setup first run: PGlite (PostgreSQL 18 compiled to WebAssembly)
// persisted in `<dataDir>/pglite` and served on a local TCP port through pglite-socket, so the normal
// pg driver, Prisma adapter and migrations work unchanged.
//
// There is one PostgreSQL backend behind the socket: protocol messages from all connections are
// run one at a time in arrival order, and an open transaction makes the other connections wait
// until it ends. Outside a transaction two connections' extended-protocol messages interleave
// (one's unnamed Parse can replace the other's before its Bind), so the app uses ONE connection
// (main.ts). The server lives in this
// process: never run a tool against it through a synchronous child process (it would deadlock).
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

export async function startEmbeddedDatabase(dataDir: string): Promise<{ url: string; stop(): Promise<void> }> {
  const dir = path.resolve(dataDir, "pglite");
  await mkdir(dir, { recursive: true });
  const db = await PGlite.create(dir);
  const server = new PGLiteSocketServer({ db, host: "127.0.0.1", port: 0, maxConnections: 16 });
  try {
    await server.start();
  } catch (err) {
    await db.close().catch(() => {});
    throw err;
  }
  // "127.0.0.1:<port>" once listening
  const port = Number(server.getServerConn().split(":").pop());
  if (!Number.isInteger(port) || port <= 0) {
    await server.stop().catch(() => {});
    await db.close().catch(() => {});
    throw new Error(`pglite-socket did not report a port (${server.getServerConn()})`);
  }
  let stopped: Promise<void> | undefined;
  return {
    url: `postgresql://postgres:postgres@127.0.0.1:${port}/postgres?sslmode=disable`,
    stop() {
      stopped ??= (async () => {
        await server.stop();
        await db.close();
      })();
      return stopped;
    },
  };
}
