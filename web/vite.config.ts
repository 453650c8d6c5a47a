import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { widgetBuildPlugin } from "./src/widget/build.js";

const webRoot = fileURLToPath(new URL(".", import.meta.url));
const outDir = fileURLToPath(new URL("../dist/web", import.meta.url));

/** Babel plugins shared by the build and the tests: Relay's graphql tags and Lingui's macros. */
export const babelPlugins = ["relay", "@lingui/babel-plugin-lingui-macro"];

export default defineConfig({
  root: webRoot,
  // widgetBuildPlugin: the embeddable website widget, built to dist/widget/widget.js after the client.
  plugins: [react({ babel: { plugins: babelPlugins } }), widgetBuildPlugin()],
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
    sourcemap: true,
    rolldownOptions: {
      // Two pages: the app, and the light respondent page (links, QR codes, terminals) served at /s/{id} and /t/{id}.
      input: { main: fileURLToPath(new URL("./index.html", import.meta.url)), respond: fileURLToPath(new URL("./respond.html", import.meta.url)) },
      output: {
        codeSplitting: {
          groups: [
            { name: "victory", test: /node_modules[\\/](victory|d3-|victory-vendor)/ },
            { name: "relay", test: /node_modules[\\/](react-relay|relay-runtime|graphql-ws)[\\/]/ },
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/, priority: 1 },
            { name: "oidc", test: /node_modules[\\/]oidc-client-ts[\\/]/ },
          ],
        },
      },
    },
  },
});
