// The spec's validation rules (spec 000 §5) and their messages, shared by every service.
import { z } from "zod";
import { badInput } from "./errors.js";

export const messages = {
  invalidEmail: "Please provide a valid e-mail address",
  minLength: (n: number) => `Must be at least ${n} characters`,
  maxLength: (n: number) => `Must be at most ${n} characters`,
  weakPassword: (n: number) => `Password must be at least ${n} characters and contain upper and lower case letters, a number and a special character`,
  invalidLocale: "Locale must be en, es or fi",
  invalidProfileLocale: "Locale must be en, es, fi or se",
  invalidId: "Invalid id: ids are 24 hexadecimal characters",
} as const;

/** Spec 000 §5 gives 7 (validator) and 8 (checklist); we apply 8 everywhere (docs/decisions.md). */
export const passwordMinLength = 8;

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, messages.maxLength(254))
  .pipe(z.email({ message: messages.invalidEmail }));

export function isStrongPassword(password: string): boolean {
  return (
    password.length >= passwordMinLength &&
    // Letters of any alphabet count (Ä, ñ), as in the web checklist.
    /\p{Ll}/u.test(password) &&
    /\p{Lu}/u.test(password) &&
    /\p{Nd}/u.test(password) &&
    /[^\p{L}\p{N}\s]/u.test(password)
  );
}

export const passwordSchema = z.string().max(200, messages.maxLength(200)).refine(isStrongPassword, messages.weakPassword(passwordMinLength));

export const objectIdSchema = z.string().regex(/^[0-9a-f]{24}$/, messages.invalidId);

export const uiLocales = ["en", "es", "fi"] as const;
export const profileLocales = ["en", "es", "fi", "se"] as const;
export type ProfileLocale = (typeof profileLocales)[number];

/** Parses input with a schema; the first problem becomes a BAD_USER_INPUT error naming its field. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.map(String).join(".") || undefined;
  throw badInput(issue.message, field);
}
