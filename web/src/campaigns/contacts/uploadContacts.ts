// The contact-file upload (POST /api/v5/contacts/upload/{listId}, docs/campaigns.md): an
// XMLHttpRequest, because fetch reports no upload progress. The answer is the import report.
import { getServices } from "../../services";

export type LineError = { line: number; message: string; kind: "invalidEmail" | "invalidPhone" | "missingField" | "duplicate" };
export type ImportReport = {
  imported: number;
  skipped: number;
  duplicates: number;
  emailsSuppressed: number;
  errors: LineError[];
  errorsTruncated: boolean;
  variableNames: string[];
  message: string;
};

/** Uploads the file; `onProgress` gets 0…1 while the bytes go up. Rejects with the server's error text. */
export async function uploadContacts(listId: string, file: File, onProgress: (share: number) => void): Promise<ImportReport> {
  const token = await getServices().session.accessToken();
  const form = new FormData();
  form.set("file", file, file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/v5/contacts/upload/${encodeURIComponent(listId)}`);
    if (token) xhr.setRequestHeader("Authorization", `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new Error("network error"));
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // not JSON
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as ImportReport);
      else reject(new Error((body as { error?: string } | null)?.error ?? xhr.statusText));
    };
    xhr.send(form);
  });
}
