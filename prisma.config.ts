// Prisma CLI configuration (Prisma 7: the datasource URL lives here, not in schema.prisma).
import { fileURLToPath } from "node:url";
import { defineConfig } from "prisma/config";

// The native schema engine cannot be downloaded here. `prisma generate` only checks that the binary
// exists, so point it at a stub; migrations go through `npx tsx codegen/migrate.ts` instead.
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= fileURLToPath(new URL("./codegen/schema-engine-stub", import.meta.url));

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: {
    url: process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres",
  },
});
