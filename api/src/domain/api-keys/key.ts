// What an API key looks like and how it is stored: the value starts with `fbk_` (so the
// authentication layer can tell a key from an access token) and only its SHA-256 is kept.
import { createHash } from "node:crypto";

export const apiKeyPrefix = "fbk_";

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}
