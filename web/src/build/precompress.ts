// After the web client's build, writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy of
// every text asset, so the server sends the smallest encoding without compressing on each request
// (@fastify/static `preCompressed`, api/src/server.ts). Source maps are left alone: they are not
// served publicly (docs/decisions.md "Compression and caching").
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Files worth compressing: text formats above 1 KB (smaller ones fit one packet either way). */
const compressible = /\.(html|js|mjs|css|json|svg|txt|xml|webmanifest)$/i;
const minimumBytes = 1024;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

export async function precompressDirectory(dir: string): Promise<number> {
  let written = 0;
  for await (const file of files(dir)) {
    if (!compressible.test(file) || (await stat(file)).size < minimumBytes) continue;
    const content = await readFile(file);
    const [br, gz] = await Promise.all([
      brotli(content, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
      gzip(content, { level: 9 }),
    ]);
    await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
    written += 1;
  }
  return written;
}

export function precompressPlugin(outDir: string): Plugin {
  return {
    name: "feedback-precompress",
    apply: "build",
    closeBundle: {
      order: "post",
      sequential: true,
      async handler() {
        await precompressDirectory(outDir);
      },
    },
  };
}
