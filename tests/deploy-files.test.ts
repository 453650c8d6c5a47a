// The self-hosting files (no Docker engine runs here, so they are checked by reading them):
// compose.yaml parses and wires PostgreSQL, Redis, the api and a worker as README says, with only
// variables api/src/config.ts knows; the Dockerfile runs files that exist; .dockerignore keeps local
// installs, data and secrets out of the build context.
import { describe, expect, it } from "vitest";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { configurationReference } from "../api/src/config.js";

const root = path.resolve(import.meta.dirname, "..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

type Service = {
  image?: string;
  build?: unknown;
  command?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
};

describe("compose.yaml", () => {
  const compose = parse(read("compose.yaml")) as { services: Record<string, Service>; volumes: Record<string, unknown> };
  const { services } = compose;

  it("runs PostgreSQL, Redis, the api and a worker", () => {
    expect(Object.keys(services).sort()).toEqual(["api", "postgres", "redis", "worker"]);
    expect(services.api!.build).toBe(".");
    expect(services.worker!.image).toBe(services.api!.image);
    expect(services.worker!.command).toEqual(["node_modules/.bin/tsx", "api/src/worker.ts"]);
    expect(existsSync(path.join(root, "api/src/worker.ts"))).toBe(true);
  });

  it("gives the api and the worker the same settings: Postgres, Redis, workers off in the api", () => {
    const api = services.api!.environment!;
    expect(services.worker!.environment).toEqual(api);
    expect(api.RUN_WORKERS).toBe("false");
    expect(api.NODE_ENV).toBe("production");
    expect(api.DATABASE_URL).toMatch(/^postgresql:\/\/feedback:\$\{POSTGRES_PASSWORD\}@postgres:5432\/feedback$/);
    expect(api.REDIS_URL).toBe("redis://redis:6379");
    // Every variable is one the configuration reads (a misspelt one would be silently ignored).
    const unknown = Object.keys(api).filter((name) => !configurationReference.includes(name));
    expect(unknown).toEqual([]);
  });

  it("starts the api after the databases are healthy and the worker after the api", () => {
    expect(services.api!.depends_on).toEqual({ postgres: { condition: "service_healthy" }, redis: { condition: "service_healthy" } });
    expect(services.worker!.depends_on).toEqual({ api: { condition: "service_healthy" } });
  });

  it("shares the data volume (export files) between the api and the worker", () => {
    expect(services.api!.volumes).toContain("appdata:/data");
    expect(services.worker!.volumes).toContain("appdata:/data");
    expect(Object.keys(compose.volumes).sort()).toEqual(["appdata", "postgres", "redis"]);
  });
});

describe("Dockerfile and .dockerignore", () => {
  const dockerfile = read("Dockerfile");

  it("builds on Node 24 LTS and starts files that exist", () => {
    const bases = [...dockerfile.matchAll(/^FROM (\S+)/gm)].map((m) => m[1]);
    expect(bases).toEqual(["node:24-bookworm-slim", "node:24-bookworm-slim"]);
    const cmd = /^CMD (\[.*\])$/m.exec(dockerfile);
    expect(JSON.parse(cmd![1]!)).toEqual(["node_modules/.bin/tsx", "api/src/main.ts"]);
    expect(existsSync(path.join(root, "api/src/main.ts"))).toBe(true);
    expect(dockerfile).toMatch(/apt-get install .*chromium/);
    // patch-package runs at install: the patches must be in place before it.
    const copyPatches = dockerfile.indexOf("COPY patches ./patches");
    expect(copyPatches).toBeGreaterThan(0);
    expect(copyPatches).toBeLessThan(dockerfile.indexOf("RUN npm install"));
    expect(existsSync(path.join(root, "patches"))).toBe(true);
    expect(dockerfile).toContain("/healthz");
  });

  it("installs and ships the shared package the api imports at run time", () => {
    const workspaces = (JSON.parse(read("package.json")) as { workspaces: string[] }).workspaces;
    expect(workspaces).toEqual(["shared"]);
    // npm links the workspace at install: its package.json must be in place before `npm install`.
    const copyManifest = dockerfile.indexOf("COPY shared/package.json ./shared/");
    expect(copyManifest).toBeGreaterThan(0);
    expect(copyManifest).toBeLessThan(dockerfile.indexOf("RUN npm install"));
    // node_modules/@feedback/shared is a link to ./shared: the runtime stage needs the folder itself.
    expect(dockerfile).toContain("COPY --from=build --chown=node:node /app/shared ./shared");
    expect(existsSync(path.join(root, "shared/package.json"))).toBe(true);
  });

  it("keeps local installs, builds, data and secrets out of the context", () => {
    const ignored = read(".dockerignore")
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith("#"));
    for (const entry of ["node_modules", "dist", ".data", ".env", ".git", "api/src/generated"]) expect(ignored).toContain(entry);
  });
});
