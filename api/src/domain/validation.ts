// The spec's validation rules (spec 000 §5) and their messages, shared by every service.
import { z } from "zod";
import { badInput } from "./errors.js";
import { emailMaxLength, isStrongPassword, passwordMaxLength, passwordMinLength } from "@feedback/shared/accounts";

export const messages = {
  invalidEmail: "Please provide a valid e-mail address",
  minLength: (n: number) => `Must be at least ${n} characters`,
  maxLength: (n: number) => `Must be at most ${n} characters`,
  weakPassword: (n: number) => `Password must be at least ${n} characters and contain upper and lower case letters, a number and a special character`,
  invalidLocale: "Locale must be en, es or fi",
  invalidProfileLocale: "Locale must be en, es, fi or se",
  invalidId: "Invalid id: ids are 24 hexadecimal characters",
} as const;

// The password rule and the field lengths are shared with the web forms (@feedback/shared/accounts).
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(emailMaxLength, messages.maxLength(emailMaxLength))
  .pipe(z.email({ message: messages.invalidEmail }));

export const passwordSchema = z
  .string()
  .max(passwordMaxLength, messages.maxLength(passwordMaxLength))
  .refine(isStrongPassword, messages.weakPassword(passwordMinLength));

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
