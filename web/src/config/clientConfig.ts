/** Runtime configuration served by the API at GET /client-config.json. */
export interface ClientConfig {
  oidcAuthority: string;
  oidcClientId: string;
  publicUrl: string;
  /** Optional: where the menu's knowledge-base link points (default: KNOWLEDGE_BASE_FALLBACK). */
  knowledgeBaseUrl?: string;
  /** True when mail is kept in the outbox (no mail server; system admins read it at /outbox). */
  mailOutbox?: boolean;
}

export const KNOWLEDGE_BASE_FALLBACK = "/docs/knowledge-base";

export function parseClientConfig(value: unknown): ClientConfig {
  if (!value || typeof value !== "object") throw new Error("client-config.json is not a JSON object");
  const v = value as Record<string, unknown>;
  for (const key of ["oidcAuthority", "oidcClientId", "publicUrl"] as const) {
    if (typeof v[key] !== "string" || v[key] === "") {
      throw new Error(`client-config.json: "${key}" must be a non-empty string`);
    }
  }
  return {
    oidcAuthority: v.oidcAuthority as string,
    oidcClientId: v.oidcClientId as string,
    publicUrl: v.publicUrl as string,
    knowledgeBaseUrl: typeof v.knowledgeBaseUrl === "string" ? v.knowledgeBaseUrl : undefined,
    mailOutbox: v.mailOutbox === true,
  };
}

export async function fetchClientConfig(doFetch: typeof fetch = fetch): Promise<ClientConfig> {
  const response = await doFetch("/client-config.json", { headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`GET /client-config.json failed: ${response.status} ${response.statusText}`);
  return parseClientConfig(await response.json());
}
