// Authenticated binary reads (the QR code images): an <img src> or <a href> cannot send the bearer
// token, so the image is fetched with it, like the logo (web/src/organization/LogoForm.tsx), and
// shown or saved from a blob URL.
import { getServices } from "../services";

/** GETs an /api/v5 address with the bearer token; throws the server's error text on failure. */
export async function fetchBlob(path: string): Promise<Blob> {
  const token = await getServices().session.accessToken();
  const response = await fetch(path, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) {
    let message = response.statusText;
    try {
      const body = (await response.json()) as { error?: unknown };
      if (typeof body.error === "string" && body.error) message = body.error;
    } catch {
      // not JSON: keep the status text
    }
    throw new Error(message || String(response.status));
  }
  return response.blob();
}

/** Saves a blob as a file through a temporary link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  a.rel = "noopener";
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The file name for a touchpoint's QR image, as the API's Content-Disposition names it. */
export function qrFileName(name: string, id: string, format: "png" | "svg"): string {
  const base = name.replace(/[^\w.-]+/g, "-").replace(/^-+|-+$/g, "") || id;
  return `qr-${base}.${format}`;
}
