import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useId, useState } from "react";
import { graphql, useFragment } from "react-relay";
import type { PublicLinkPanel_touchpoint$key } from "../__generated__/PublicLinkPanel_touchpoint.graphql";
import { toasts } from "../shell/toastStore";
import { fetchBlob, qrFileName, saveBlob } from "./authFetch";
import { CopyField } from "../forms/CopyField";

const qrPath = (id: string, format: "png" | "svg") => `/api/v5/channels/${encodeURIComponent(id)}/qr.${format}`;

/** The public survey address of a link or QR code, with a copy button, the QR image and its PNG and SVG downloads. */
export function PublicLinkPanel({ touchpoint }: { touchpoint: PublicLinkPanel_touchpoint$key }) {
  const { t } = useLingui();
  const id = useId();
  const tp = useFragment(
    graphql`
      fragment PublicLinkPanel_touchpoint on Touchpoint {
        legacyId
        name
        link
      }
    `,
    touchpoint,
  );
  const [image, setImage] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (typeof URL.createObjectURL !== "function") return;
    let objectUrl: string | null = null;
    let cancelled = false;
    setFailed(false);
    fetchBlob(qrPath(tp.legacyId, "png"))
      .then((blob) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setImage(objectUrl);
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
    // The image encodes the link: load it again when the link changes.
  }, [tp.legacyId, tp.link]);

  const download = async (format: "png" | "svg") => {
    try {
      saveBlob(await fetchBlob(qrPath(tp.legacyId, format)), qrFileName(tp.name, tp.legacyId, format));
    } catch (error) {
      toasts.error(error instanceof Error && error.message ? error.message : t`Something went wrong`);
    }
  };

  return (
    <section className="fieldset" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} style={{ margin: 0, fontSize: "1.1rem" }}>
        <Trans>Share the survey</Trans>
      </h2>
      <CopyField id={`${id}-link`} label={t`Public link`} value={tp.link} copyLabel={t`Copy link`} />
      <p>
        <a href={tp.link} target="_blank" rel="noreferrer">
          <Trans>Open the survey in a new tab</Trans>
        </a>
      </p>
      <div className="tp-row" style={{ alignItems: "center" }}>
        {image ? (
          <img className="tp-qr" src={image} alt={t`QR code of the public link`} />
        ) : failed ? (
          <p className="field__error">
            <Trans>The QR code could not be loaded.</Trans>
          </p>
        ) : (
          <p className="muted">
            <Trans>Loading the QR code…</Trans>
          </p>
        )}
        <div className="tp-actions">
          <button type="button" className="button button--secondary" onClick={() => void download("png")}>
            <Trans>Download PNG</Trans>
          </button>
          <button type="button" className="button button--secondary" onClick={() => void download("svg")}>
            <Trans>Download SVG</Trans>
          </button>
        </div>
      </div>
    </section>
  );
}
