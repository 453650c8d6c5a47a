/**
 * Fails (exit 1) when any message of the web client lacks a Spanish or Finnish translation.
 *
 *   npx lingui extract && npx tsx codegen/check-translations.ts
 *
 * Reads web/src/locales/{en,es,fi}/messages.po. The English (source) catalog lists every
 * message; each must have a non-empty msgstr in es and fi. Obsolete entries (#~) are ignored.
 */
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const LOCALES_DIR = fileURLToPath(new URL("../web/src/locales/", import.meta.url));
const SOURCE = "en";
const TARGETS = ["es", "fi"] as const;

export interface PoEntry {
  id: string;
  context?: string;
  translation: string;
  references: string[];
}

/** A PO string literal ("…" with C escapes) to its value. */
function unquote(literal: string): string {
  const body = literal.trim();
  if (!body.startsWith('"') || !body.endsWith('"')) throw new Error(`Not a PO string: ${literal}`);
  return body.slice(1, -1).replace(/\\(["\\nrt])/g, (_, c: string) => ({ n: "\n", r: "\r", t: "\t", '"': '"', "\\": "\\" })[c] ?? c);
}

export function parsePo(text: string): PoEntry[] {
  const entries: PoEntry[] = [];
  let current: { id?: string; context?: string; translation?: string; references: string[] } = { references: [] };
  let field: "id" | "context" | "translation" | null = null;

  const flush = () => {
    if (current.id !== undefined && current.id !== "") {
      entries.push({
        id: current.id,
        context: current.context,
        translation: current.translation ?? "",
        references: current.references,
      });
    }
    current = { references: [] };
    field = null;
  };

  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === "") {
      flush();
      continue;
    }
    if (line.startsWith("#~")) continue; // obsolete
    if (line.startsWith("#:")) {
      current.references.push(...line.slice(2).trim().split(/\s+/));
      continue;
    }
    if (line.startsWith("#")) continue;
    const match = /^(msgctxt|msgid|msgstr(?:\[0\])?|msgid_plural|msgstr\[\d+\])\s+(".*")$/.exec(line);
    if (match) {
      const [, keyword, literal] = match as unknown as [string, string, string];
      if (keyword === "msgctxt") {
        if (current.id !== undefined) flush();
        field = "context";
        current.context = unquote(literal);
      } else if (keyword === "msgid") {
        if (current.id !== undefined) flush();
        field = "id";
        current.id = unquote(literal);
      } else if (keyword === "msgstr" || keyword === "msgstr[0]") {
        field = "translation";
        current.translation = unquote(literal);
      } else {
        field = null; // further plural forms: msgstr[0] decides
      }
      continue;
    }
    if (line.startsWith('"') && field) {
      const value = unquote(line);
      if (field === "id") current.id = (current.id ?? "") + value;
      else if (field === "context") current.context = (current.context ?? "") + value;
      else current.translation = (current.translation ?? "") + value;
    }
  }
  flush();
  return entries;
}

const keyOf = (e: { id: string; context?: string }) => (e.context ? `${e.context}\u0004${e.id}` : e.id);

function readCatalog(locale: string): PoEntry[] | null {
  const path = `${LOCALES_DIR}${locale}/messages.po`;
  return existsSync(path) ? parsePo(readFileSync(path, "utf8")) : null;
}

export function findMissing(source: PoEntry[], targets: Record<string, PoEntry[] | null>) {
  const problems: Array<{ locale: string; id: string; context?: string; where: string }> = [];
  for (const [locale, entries] of Object.entries(targets)) {
    const translated = new Map((entries ?? []).map((e) => [keyOf(e), e.translation]));
    for (const entry of source) {
      const translation = translated.get(keyOf(entry));
      if (translation === undefined || translation.trim() === "") {
        problems.push({ locale, id: entry.id, context: entry.context, where: entry.references[0] ?? "" });
      }
    }
  }
  return problems;
}

function main(): number {
  const source = readCatalog(SOURCE);
  if (!source) {
    console.error(`No source catalog at ${LOCALES_DIR}${SOURCE}/messages.po: run \`npx lingui extract\` first.`);
    return 1;
  }
  const targets = Object.fromEntries(TARGETS.map((l) => [l, readCatalog(l)]));
  for (const locale of TARGETS) if (!targets[locale]) console.error(`Missing catalog: ${locale}/messages.po`);
  const problems = findMissing(source, targets);
  if (problems.length === 0 && TARGETS.every((l) => targets[l])) {
    console.log(`Translations complete: ${source.length} messages in ${TARGETS.join(", ")}.`);
    return 0;
  }
  console.error(`Missing or empty translations (${problems.length}):`);
  for (const p of problems) {
    const ctx = p.context ? ` [context ${JSON.stringify(p.context)}]` : "";
    console.error(`  ${p.locale}: ${JSON.stringify(p.id)}${ctx}${p.where ? `  (${p.where})` : ""}`);
  }
  return 1;
}

const invokedDirectly = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (invokedDirectly) process.exit(main());
