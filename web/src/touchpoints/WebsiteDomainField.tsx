import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { getServices } from "../services";
import { toasts } from "../shell/toastStore";
import { isDomain } from "@feedback/shared/website-settings";

type Domain = { _id: string; domain: string };

/** The activation's website domain: one of the organisation's website domains (GET /website-domains), or a new one added here (POST). */
export function WebsiteDomainField({
  idPrefix,
  value,
  onChange,
  error,
  canAdd,
}: {
  idPrefix: string;
  value: string;
  onChange: (domain: string) => void;
  error?: string;
  canAdd: boolean;
}) {
  const { t } = useLingui();
  const [domains, setDomains] = useState<Domain[] | null>(null);
  const [adding, setAdding] = useState("");
  const [addError, setAddError] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    getServices()
      .rest.request<Domain[]>("/website-domains")
      .then((list) => !cancelled && setDomains(Array.isArray(list) ? list : []))
      .catch(() => !cancelled && setDomains([]));
    return () => {
      cancelled = true;
    };
  }, []);
  const names = (domains ?? []).map((d) => d.domain);
  if (value && !names.includes(value)) names.unshift(value);

  const add = async () => {
    const domain = adding.trim().toLowerCase();
    if (!isDomain(domain)) {
      setAddError(t`Invalid domain`);
      return;
    }
    try {
      const created = await getServices().rest.request<Domain>("/website-domains", {
        method: "POST",
        body: { domain },
        action: "addWebsiteDomain",
        toast: false,
      });
      setDomains((list) => [...(list ?? []), created].sort((a, b) => a.domain.localeCompare(b.domain)));
      setAdding("");
      setAddError(null);
      toasts.success(t`Domain added`);
      onChange(created.domain);
    } catch (e) {
      setAddError(e instanceof Error ? e.message : t`Something went wrong`);
    }
  };

  return (
    <>
      <div className="field">
        <label htmlFor={`${idPrefix}-domain`}>
          <Trans>Website domain</Trans>
        </label>
        <select
          id={`${idPrefix}-domain`}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${idPrefix}-domain-error` : undefined}
          onChange={(e) => onChange(e.target.value)}
        >
          <option value="">{domains === null ? t`Loading…` : t`Choose a domain`}</option>
          {names.map((d) => (
            <option key={d} value={d}>
              {d}
            </option>
          ))}
        </select>
        {error ? (
          <p className="field__error" id={`${idPrefix}-domain-error`}>
            {error}
          </p>
        ) : null}
      </div>
      {canAdd ? (
        <div className="tp-row">
          <div className="field">
            <label htmlFor={`${idPrefix}-new-domain`}>
              <Trans>New website domain</Trans>
            </label>
            <input
              id={`${idPrefix}-new-domain`}
              type="text"
              value={adding}
              placeholder="shop.example"
              aria-invalid={addError ? true : undefined}
              aria-describedby={addError ? `${idPrefix}-new-domain-error` : undefined}
              onChange={(e) => {
                setAdding(e.target.value);
                setAddError(null);
              }}
              onKeyDown={(e) => {
                if (e.key === "Enter") {
                  e.preventDefault();
                  void add();
                }
              }}
            />
            {addError ? (
              <p className="field__error" id={`${idPrefix}-new-domain-error`}>
                {addError}
              </p>
            ) : null}
          </div>
          <button type="button" className="button button--secondary" disabled={!adding.trim()} onClick={() => void add()}>
            <Trans>Add domain</Trans>
          </button>
        </div>
      ) : null}
    </>
  );
}
