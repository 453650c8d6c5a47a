import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { precompressPlugin } from "./src/build/precompress.js";
import { respondentBuildPlugin } from "./src/respondent/build.js";
import { widgetBuildPlugin } from "./src/widget/build.js";

const webRoot = fileURLToPath(new URL(".", import.meta.url));
const outDir = fileURLToPath(new URL("../dist/web", import.meta.url));

/** Babel plugins shared by the build and the tests: Relay's graphql tags and Lingui's macros. */
export const babelPlugins = ["relay", "@lingui/babel-plugin-lingui-macro"];

export default defineConfig({
  root: webRoot,
  // widgetBuildPlugin: the embeddable website widget, built to dist/widget/widget.js after the client.
  // respondentBuildPlugin: the light respondent page (respond.html, on Preact's runtime), after the client.
  // precompressPlugin: .br and .gz beside every text asset (served as they are by api/src/server.ts).
  plugins: [react({ babel: { plugins: babelPlugins } }), widgetBuildPlugin(), respondentBuildPlugin(outDir), precompressPlugin(outDir)],
  server: {
    // In development the API (fastify) runs on its own port; forward what the client calls.
    proxy: {
      "/graphql": { target: "http://127.0.0.1:4000", ws: true },
      "/api": "http://127.0.0.1:4000",
      "/client-config.json": "http://127.0.0.1:4000",
    },
  },
  build: {
    outDir,
    emptyOutDir: true,
    // Maps are written for debugging a deployment but not referenced by the bundles, and the server does
    // not serve them unless SERVE_SOURCE_MAPS=true (docs/decisions.md "Compression and caching").
    sourcemap: "hidden",
    rolldownOptions: {
      // The app. The light respondent page (respond.html: links, QR codes, terminals, served at /s/{id} and
      // /t/{id}) is built on its own by respondentBuildPlugin. In development Vite serves both on React.
      input: { main: fileURLToPath(new URL("./index.html", import.meta.url)) },
      output: {
        codeSplitting: {
          groups: [
            { name: "victory", test: /node_modules[\\/](victory|d3-|victory-vendor)/ },
            { name: "relay", test: /node_modules[\\/](react-relay|relay-runtime|graphql-ws)[\\/]/ },
            // The router apart from React itself: the respondent page (respond.html) needs React, not the router.
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 1 },
            { name: "router", test: /node_modules[\\/](react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/, priority: 1 },
            { name: "oidc", test: /node_modules[\\/]oidc-client-ts[\\/]/ },
          ],
        },
      },
    },
  },
});
