// Share-link tokens: 32 random bytes (256 bits) in base64url, 43 characters. Only the token's SHA-256
// is stored (ShareToken.token holds the hex digest), so a database read never reveals a working link,
// and a lookup by digest needs no secret comparison in application code.
import { createHash, randomBytes } from "node:crypto";

export const shareTokenPattern = /^[A-Za-z0-9_-]{43}$/;

export function generateShareToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashShareToken(token) };
}

export function hashShareToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
