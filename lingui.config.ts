import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";

// Interface languages: en (source), es, fi. The profile locale "se" is shown in English.
export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "es", "fi"],
  fallbackLocales: { default: "en" },
  catalogs: [
    {
      path: "<rootDir>/web/src/locales/{locale}/messages",
      include: ["<rootDir>/web/src"],
      exclude: ["**/node_modules/**", "**/__generated__/**", "**/*.test.*"],
    },
  ],
  // No line numbers in the references: editing a file does not make the catalogs stale.
  format: formatter({ lineNumbers: false }),
  orderBy: "message",
});
