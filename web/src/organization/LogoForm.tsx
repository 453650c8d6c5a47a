import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { getServices } from "../services";
import { actions } from "../shell/actions";
import { SaveButton } from "../shell/SaveButton";
import { toasts } from "../shell/toastStore";
import { useFormGuard } from "../shell/useFormGuard";
import { failureMessage, isStatusOk } from "../transport/rest";
import { logoMaxBytes, validateLogoFile, type LogoFileError } from "@feedback/shared/organization-settings";

/** Reads the logo with the bearer token (an <img src> cannot send it) and shows it from a blob URL. */
function useLogoImage(url: string | null): string | null {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!url || typeof URL.createObjectURL !== "function") {
      setSrc(null);
      return;
    }
    let objectUrl: string | null = null;
    let cancelled = false;
    void (async () => {
      try {
        const token = await getServices().session.accessToken();
        const response = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
        if (!response.ok || cancelled) return;
        objectUrl = URL.createObjectURL(await response.blob());
        setSrc(objectUrl);
      } catch {
        setSrc(null);
      }
    })();
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return src;
}

export function LogoForm({ logoUrl, editable, onChanged }: { logoUrl: string | null; editable: boolean; onChanged: () => void }) {
  const { t } = useLingui();
  const formId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const image = useLogoImage(logoUrl);

  const fileError: LogoFileError | null = file ? validateLogoFile(file) : null;
  const valid = file !== null && fileError === null;
  const dirty = file !== null;
  const errorText =
    fileError === "type"
      ? t`The logo must be a PNG, JPEG, SVG or WebP image`
      : fileError === "size"
        ? t`The logo must be at most 1 MB`
        : fileError === "empty"
          ? t`Choose an image file to upload`
          : serverError;

  const upload = async (): Promise<boolean> => {
    if (!file || !valid) return false;
    setSaving(true);
    try {
      return await actions.run("uploadLogo", async () => {
        const form = new FormData();
        form.set("file", file, file.name);
        const token = await getServices().session.accessToken();
        const response = await fetch("/api/v5/organization/logo", {
          method: "POST",
          headers: token ? { Authorization: `Bearer ${token}` } : {},
          body: form,
        });
        const body: unknown = await response.json().catch(() => null);
        if (!response.ok) {
          const message = failureMessage(body, response.statusText);
          setServerError(message);
          toasts.error(message);
          return false;
        }
        setFile(null);
        setServerError(null);
        if (fileInput.current) fileInput.current.value = "";
        toasts.success(t`Saved`);
        onChanged();
        return true;
      });
    } catch {
      toasts.error(t`Something went wrong`);
      return false;
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    if (!window.confirm(t`Remove the logo?`)) return;
    const reply = await getServices().rest.request("/organization/logo", { method: "DELETE", action: "deleteLogo" });
    if (isStatusOk(reply)) {
      toasts.success(t`Deleted`);
      onChanged();
    }
  };

  const { dialog } = useFormGuard({ dirty, valid, save: upload });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void upload();
  };

  return (
    <form id={formId} className="form" onSubmit={onSubmit} noValidate>
      <div>
        {logoUrl ? (
          image ? (
            <img src={image} alt={t`Current logo`} style={{ maxWidth: "16rem", maxHeight: "8rem" }} />
          ) : (
            <p>
              <Trans>A logo is set.</Trans>
            </p>
          )
        ) : (
          <p>
            <Trans>No logo yet.</Trans>
          </p>
        )}
      </div>
      {editable ? (
        <>
          <div className="field">
            <label htmlFor={`${formId}-file`}>
              <Trans>New logo</Trans>
            </label>
            <input
              ref={fileInput}
              id={`${formId}-file`}
              type="file"
              accept="image/png,image/jpeg,image/svg+xml,image/webp,.png,.jpg,.jpeg,.svg,.webp"
              aria-invalid={errorText ? true : undefined}
              aria-describedby={`${formId}-hint${errorText ? ` ${formId}-error` : ""}`}
              onChange={(e) => {
                setServerError(null);
                setFile(e.target.files?.[0] ?? null);
              }}
            />
            <p className="field__hint" id={`${formId}-hint`}>
              <Trans>PNG, JPEG, SVG or WebP, at most {Math.round(logoMaxBytes / 1_048_576)} MB.</Trans>
            </p>
            {errorText ? (
              <p className="field__error" id={`${formId}-error`}>
                {errorText}
              </p>
            ) : null}
          </div>
          {logoUrl ? (
            <div>
              <button type="button" className="button button--secondary" onClick={() => void remove().catch(() => {})}>
                <Trans>Remove logo</Trans>
              </button>
            </div>
          ) : null}
          <SaveButton valid={valid} dirty={dirty} saving={saving} form={formId} />
        </>
      ) : null}
      {dialog}
    </form>
  );
}
