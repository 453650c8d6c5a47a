// REST calls in integration tests: `/api/v5` with an optional bearer token and JSON body.

export function apiFetch(
  baseUrl: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${baseUrl}/api/v5${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** The status and the body: parsed JSON, the text when it is not JSON, null when empty. */
export async function apiCall(baseUrl: string, method: string, path: string, token?: string, body?: unknown): Promise<{ status: number; body: any }> {
  const response = await apiFetch(baseUrl, method, path, token, body);
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  return { status: response.status, body: parsed };
}
