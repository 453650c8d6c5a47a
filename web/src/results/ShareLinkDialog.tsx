import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { graphql, useMutation } from "react-relay";
import type { ShareLinkDialogCreateMutation } from "../__generated__/ShareLinkDialogCreateMutation.graphql";
import { runMutation } from "../user-management/runMutation";
import { shareChangeKeys, type ShareChangeKey, type WireFilters } from "./filters";

export function useShareChangeLabels(): Record<ShareChangeKey, string> {
  const { t } = useLingui();
  return {
    date: t`Dates`,
    channelId: t`Touchpoints`,
    surveyId: t`Surveys`,
    groupBy: t`Grouping`,
    restrictByAnswer: t`Restrict by answer`,
    metaDataMatch: t`Metadata match`,
    feedbackListHiddenColumns: t`Feedback list columns`,
    "options.stackGraphsTo100": t`Stack graphs to 100 %`,
    "options.satisfactionReport": t`Satisfaction report`,
    "options.hideQuestionsWithNoResponses": t`Hide questions with no responses`,
    "options.view": t`View (graphs, table, feedback list)`,
    "options.hiddenQuestions": t`Hidden questions`,
  };
}

/**
 * Sharing by public link (spec 001 §3 "Share token options", §7 POST /results/token/create): the
 * current filters with allowChanges, dynamicDate, name, expiredAt, hideTimestamps,
 * hideResultsIfLessThan and smileyScale. The link (its token is shown only now) appears with a copy
 * button once made.
 */
export function ShareLinkDialog({
  filters,
  onClose,
  urlOf,
  journeyId,
}: {
  filters: WireFilters;
  onClose: () => void;
  /** The address the link opens, from its token (default: the results page the API names). */
  urlOf?: (token: string) => string;
  /** A customer journey's link: it opens that journey only (its 24-hex id). */
  journeyId?: string;
}) {
  const { t } = useLingui();
  const id = useId();
  const labels = useShareChangeLabels();
  const [name, setName] = useState("");
  const [allowChanges, setAllowChanges] = useState<string[]>([]);
  const [dynamicDate, setDynamicDate] = useState(false);
  const [expiredAt, setExpiredAt] = useState("");
  const [hideTimestamps, setHideTimestamps] = useState(false);
  const [minResponses, setMinResponses] = useState("");
  const [smileyScale, setSmileyScale] = useState("");
  const [errors, setErrors] = useState<{ name?: string; minResponses?: string; expiredAt?: string }>({});
  const [url, setUrl] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const first = useRef<HTMLInputElement>(null);
  const [commit] = useMutation<ShareLinkDialogCreateMutation>(graphql`
    mutation ShareLinkDialogCreateMutation($input: CreateShareLinkInput!) {
      createShareLink(input: $input) {
        token
        url
        shareLink {
          id
          name
        }
      }
    }
  `);

  useEffect(() => first.current?.focus(), []);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") onClose();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [onClose]);

  const today = new Date().toISOString().slice(0, 10);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (name.trim() === "") next.name = t`Give the link a name`;
    if (minResponses !== "" && !/^\d+$/.test(minResponses)) next.minResponses = t`Use a whole number of 0 or more`;
    if (expiredAt !== "" && expiredAt <= today) next.expiredAt = t`The expiry date must be in the future`;
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    const result = await runMutation(
      "createShareLink",
      commit,
      {
        input: {
          filters,
          name: name.trim(),
          allowChanges,
          dynamicDate,
          expiredAt: expiredAt || null,
          hideTimestamps,
          hideResultsIfLessThan: minResponses === "" ? null : Number(minResponses),
          smileyScale: smileyScale === "" ? null : { count: Number(smileyScale) },
          journeyId: journeyId ?? null,
        },
      },
      { success: t`Share link created`, fallbackError: t`Something went wrong` },
    );
    if (result) setUrl(urlOf ? urlOf(result.createShareLink.token) : result.createShareLink.url);
  };

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  return (
    <div className="dialog-backdrop">
      <div className="dialog dialog--wide" role="dialog" aria-modal="true" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="dialog__title">
          <Trans>Share results by link</Trans>
        </h2>
        {url ? (
          <div className="share-result">
            <div className="field">
              <label htmlFor={`${id}-url`}>
                <Trans>Share link</Trans>
              </label>
              <input id={`${id}-url`} readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
              <p className="field__hint">
                <Trans>Anyone with this link can see these results without signing in. The link is shown only now.</Trans>
              </p>
            </div>
            <div className="dialog__actions">
              <button type="button" className="button button--secondary" onClick={() => void copy()}>
                {copied ? t`Copied` : t`Copy link`}
              </button>
              <button type="button" className="button" onClick={onClose}>
                <Trans>Close</Trans>
              </button>
            </div>
          </div>
        ) : (
          <form onSubmit={submit} noValidate className="share-form">
            <div className="field">
              <label htmlFor={`${id}-name`}>
                <Trans>Link name</Trans>
              </label>
              <input
                ref={first}
                id={`${id}-name`}
                value={name}
                maxLength={200}
                aria-invalid={errors.name ? true : undefined}
                aria-describedby={errors.name ? `${id}-name-error` : undefined}
                onChange={(e) => setName(e.target.value)}
              />
              {errors.name ? (
                <p id={`${id}-name-error`} className="field__error">
                  {errors.name}
                </p>
              ) : null}
            </div>
            <fieldset className="fieldset">
              <legend>
                <Trans>Visitors may change</Trans>
              </legend>
              <div className="share-form__choices">
                {shareChangeKeys.map((key) => (
                  <label key={key} className="field--checkbox">
                    <input
                      type="checkbox"
                      checked={allowChanges.includes(key)}
                      onChange={(e) => setAllowChanges((list) => (e.target.checked ? [...list, key] : list.filter((k) => k !== key)))}
                    />
                    {labels[key]}
                  </label>
                ))}
              </div>
            </fieldset>
            <label className="field--checkbox">
              <input type="checkbox" checked={dynamicDate} onChange={(e) => setDynamicDate(e.target.checked)} />
              <Trans>Dates move with today (dynamic date)</Trans>
            </label>
            <label className="field--checkbox">
              <input type="checkbox" checked={hideTimestamps} onChange={(e) => setHideTimestamps(e.target.checked)} />
              <Trans>Hide timestamps</Trans>
            </label>
            <div className="field">
              <label htmlFor={`${id}-expires`}>
                <Trans>Expires on (optional)</Trans>
              </label>
              <input
                id={`${id}-expires`}
                type="date"
                value={expiredAt}
                min={today}
                aria-invalid={errors.expiredAt ? true : undefined}
                aria-describedby={errors.expiredAt ? `${id}-expires-error` : undefined}
                onChange={(e) => setExpiredAt(e.target.value)}
              />
              {errors.expiredAt ? (
                <p id={`${id}-expires-error`} className="field__error">
                  {errors.expiredAt}
                </p>
              ) : null}
            </div>
            <div className="field">
              <label htmlFor={`${id}-min`}>
                <Trans>Hide results with fewer responses than</Trans>
              </label>
              <input
                id={`${id}-min`}
                inputMode="numeric"
                value={minResponses}
                aria-invalid={errors.minResponses ? true : undefined}
                aria-describedby={errors.minResponses ? `${id}-min-error` : undefined}
                onChange={(e) => setMinResponses(e.target.value.trim())}
              />
              {errors.minResponses ? (
                <p id={`${id}-min-error`} className="field__error">
                  {errors.minResponses}
                </p>
              ) : null}
            </div>
            <div className="field">
              <label htmlFor={`${id}-scale`}>
                <Trans>Smiley scale</Trans>
              </label>
              <select id={`${id}-scale`} value={smileyScale} onChange={(e) => setSmileyScale(e.target.value)}>
                <option value="">{t`The organisation's scale`}</option>
                <option value="5">{t`5 smileys`}</option>
                <option value="4">{t`4 smileys`}</option>
                <option value="3">{t`3 smileys`}</option>
              </select>
            </div>
            <div className="dialog__actions">
              <button type="button" className="button button--secondary" onClick={onClose}>
                <Trans>Cancel</Trans>
              </button>
              <button type="submit" className="button">
                <Trans>Create share link</Trans>
              </button>
            </div>
          </form>
        )}
      </div>
    </div>
  );
}
