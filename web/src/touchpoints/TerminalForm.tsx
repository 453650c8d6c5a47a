import { Trans, useLingui } from "@lingui/react/macro";
import { useDates } from "../format/useDates";
import { useMemo, useState } from "react";
import { graphql, useFragment } from "react-relay";
import type { TerminalForm_touchpoint$key } from "../__generated__/TerminalForm_touchpoint.graphql";
import type { TouchpointBasicsFields_query$key } from "../__generated__/TouchpointBasicsFields_query.graphql";
import { CopyField } from "../forms/CopyField";
import { KeyValueEditor } from "../forms/KeyValueEditor";
import { NumberField } from "../forms/NumberField";
import { RadioGroup } from "../forms/RadioGroup";
import { TextAreaField } from "../forms/TextAreaField";
import { onlineLabels, onlineState, terminalDraftOf, terminalSettingsOf, validateTerminal } from "./model";
import { TouchpointBasicsFields } from "./TouchpointBasicsFields";
import { TouchpointFormFrame } from "./TouchpointFormFrame";
import { useTouchpointForm } from "./useTouchpointForm";

/** A terminal's extras as the form reads them (terminalDraftOf). */
graphql`
  fragment TerminalForm_settings on TerminalSettings {
    brightness
    rebootSchedule {
      enabled
      time
    }
    responseTimeLimit {
      hours
      expiresAt
    }
    metadata
    configuration
    privacyPolicy
    appearance
  }
`;

const editPath = (id: string) => `/touchpoints/terminals/${id}/edit`;

/** Creates or edits a terminal: basics, pairing by UDID, IP address and the terminal settings (spec 001 §3). */
export function TerminalForm({
  touchpoint,
  query,
  defaultUnitId,
}: {
  touchpoint: TerminalForm_touchpoint$key | null;
  query: TouchpointBasicsFields_query$key;
  defaultUnitId: string;
}) {
  const { t, i18n } = useLingui();
  const dates = useDates();
  const tp = useFragment(
    graphql`
      fragment TerminalForm_touchpoint on Touchpoint {
        ipAddress
        udid
        settings {
          ...TerminalForm_settings @relay(mask: false)
        }
        logoUrl
        responseCount
        lastSeenAt
        lastFeedbackAt
        link
        ...useTouchpointForm_touchpoint
      }
    `,
    touchpoint,
  );
  const savedTerminal = useMemo(() => terminalDraftOf(tp ?? null), [tp]);
  const [deleteLogo, setDeleteLogo] = useState(false);
  const form = useTouchpointForm({
    touchpoint: tp,
    defaultUnitId,
    editPath,
    savedDetails: savedTerminal,
    validateDetails: (terminal) => validateTerminal(terminal, { udidRequired: Boolean(tp?.udid) }),
    createInput: (terminal) => ({ type: "terminal", ipAddress: terminal.ipAddress.trim() || null, settings: terminalSettingsOf(terminal) }),
    updateInput: (terminal) => ({
      ipAddress: terminal.ipAddress.trim(),
      settings: terminalSettingsOf(terminal),
      ...(terminal.udid.trim() && terminal.udid.trim() !== (tp?.udid ?? "") ? { udid: terminal.udid.trim() } : {}),
      ...(deleteLogo ? { deleteLogo: true } : {}),
    }),
    extraDirty: deleteLogo,
    onReset: () => setDeleteLogo(false),
  });
  const { formId, readOnly, details: terminal, patchDetails: setT, detailsErrors: terminalErrors } = form;
  const err = (key: keyof typeof terminalErrors) => (terminalErrors[key] ? i18n._(terminalErrors[key]) : undefined);
  const state = onlineState(tp?.lastSeenAt);
  const kioskUrl = tp ? tp.link.replace(/\/s\/([^/]+)$/, "/t/$1") : "";

  return (
    <TouchpointFormFrame form={form} listPath="/touchpoints/terminals">
      <fieldset className="tp-fieldset fieldset" disabled={readOnly}>
        <legend>
          <Trans>Terminal</Trans>
        </legend>
        <TouchpointBasicsFields query={query} {...form.basicsFields} />
        {tp ? (
          <p>
            <span className={`tp-state tp-state--${state}`}>{i18n._(onlineLabels[state])}</span>{" "}
            {tp.lastSeenAt ? (
              <span className="muted">
                <Trans>Last ping {dates.dateTime(tp.lastSeenAt)}</Trans>
              </span>
            ) : null}{" "}
            <span className="muted">
              <Trans>Responses: {tp.responseCount}</Trans>
            </span>{" "}
            {tp.lastFeedbackAt ? (
              <span className="muted">
                <Trans>Last response {dates.dateTime(tp.lastFeedbackAt)}</Trans>
              </span>
            ) : null}
          </p>
        ) : null}
      </fieldset>

      <fieldset className="tp-fieldset fieldset" disabled={readOnly}>
        <legend>
          <Trans>Pairing</Trans>
        </legend>
        {tp ? (
          <>
            <div className="field">
              <label htmlFor={`${formId}-udid`}>
                <Trans>Device UDID</Trans>
              </label>
              <input
                id={`${formId}-udid`}
                type="text"
                value={terminal.udid}
                maxLength={64}
                aria-invalid={terminalErrors.udid ? true : undefined}
                aria-describedby={`${formId}-udid-hint${terminalErrors.udid ? ` ${formId}-udid-error` : ""}`}
                onChange={(e) => setT({ udid: e.target.value })}
              />
              <p className="field__hint" id={`${formId}-udid-hint`}>
                <Trans>To pair a device, enter the UDID its screen shows. Or open the kiosk address below on the device.</Trans>
              </p>
              {terminalErrors.udid ? (
                <p className="field__error" id={`${formId}-udid-error`}>
                  {err("udid")}
                </p>
              ) : null}
            </div>
            <CopyField id={`${formId}-kiosk`} label={t`Kiosk address`} value={kioskUrl} copyLabel={t`Copy kiosk address`} />
          </>
        ) : (
          <p className="field__hint">
            <Trans>A UDID is generated when the terminal is saved; then you can pair a device with it.</Trans>
          </p>
        )}
        <div className="field">
          <label htmlFor={`${formId}-ip`}>
            <Trans>IP address</Trans>
          </label>
          <input
            id={`${formId}-ip`}
            type="text"
            inputMode="text"
            value={terminal.ipAddress}
            maxLength={64}
            aria-invalid={terminalErrors.ipAddress ? true : undefined}
            aria-describedby={`${formId}-ip-hint${terminalErrors.ipAddress ? ` ${formId}-ip-error` : ""}`}
            onChange={(e) => setT({ ipAddress: e.target.value })}
          />
          <p className="field__hint" id={`${formId}-ip-hint`}>
            <Trans>Optional: the IPv4 or IPv6 address assigned to the device.</Trans>
          </p>
          {terminalErrors.ipAddress ? (
            <p className="field__error" id={`${formId}-ip-error`} role="alert">
              {err("ipAddress")}
            </p>
          ) : null}
        </div>
      </fieldset>

      <fieldset className="tp-fieldset fieldset" disabled={readOnly}>
        <legend>
          <Trans>Device settings</Trans>
        </legend>
        <div className="tp-form-grid">
          <NumberField
            id={`${formId}-brightness`}
            label={t`Screen brightness (%)`}
            min={0}
            max={100}
            step={1}
            inputMode="numeric"
            value={terminal.brightness}
            onChange={(brightness) => setT({ brightness })}
            error={err("brightness")}
          />
          <div className="field">
            <div className="field field--checkbox">
              <input id={`${formId}-reboot`} type="checkbox" checked={terminal.rebootEnabled} onChange={(e) => setT({ rebootEnabled: e.target.checked })} />
              <label htmlFor={`${formId}-reboot`}>
                <Trans>Reboot every day</Trans>
              </label>
            </div>
            <label htmlFor={`${formId}-reboot-time`}>
              <Trans>Reboot time</Trans>
            </label>
            <input
              id={`${formId}-reboot-time`}
              type="time"
              value={terminal.rebootTime}
              disabled={!terminal.rebootEnabled}
              aria-invalid={terminalErrors.rebootTime ? true : undefined}
              onChange={(e) => setT({ rebootTime: e.target.value })}
            />
            {terminalErrors.rebootTime ? <p className="field__error">{err("rebootTime")}</p> : null}
          </div>
        </div>
        <RadioGroup
          name={`${formId}-limit`}
          legend={t`Response time limit`}
          options={[
            ["none", t`No limit`],
            ["hours", t`Hours after the survey starts`],
            ["expiresAt", t`Until an expiration date`],
          ]}
          value={terminal.limitKind}
          onChange={(limitKind) => setT({ limitKind })}
        />
        {terminal.limitKind === "hours" ? (
          <NumberField
            id={`${formId}-limit-hours`}
            label={t`Response time limit (hours)`}
            min={1}
            max={8760}
            value={terminal.limitHours}
            onChange={(limitHours) => setT({ limitHours })}
            error={err("limitHours")}
          />
        ) : null}
        {terminal.limitKind === "expiresAt" ? (
          <div className="field">
            <label htmlFor={`${formId}-limit-date`}>
              <Trans>Expiration date</Trans>
            </label>
            <input
              id={`${formId}-limit-date`}
              type="datetime-local"
              value={terminal.limitExpiresAt}
              aria-invalid={terminalErrors.limitExpiresAt ? true : undefined}
              onChange={(e) => setT({ limitExpiresAt: e.target.value })}
            />
            {terminalErrors.limitExpiresAt ? <p className="field__error">{err("limitExpiresAt")}</p> : null}
          </div>
        ) : null}
        <KeyValueEditor
          idPrefix={`${formId}-meta`}
          legend={t`Emitted metadata`}
          hint={t`Stored with every response from this terminal.`}
          pairs={terminal.metadata}
          onChange={(metadata) => setT({ metadata })}
          error={err("metadata")}
        />
        <KeyValueEditor
          idPrefix={`${formId}-config`}
          legend={t`Custom configuration`}
          hint={t`Key-value settings passed to the terminal device.`}
          pairs={terminal.configuration}
          onChange={(configuration) => setT({ configuration })}
          error={err("configuration")}
        />
        <div className="field field--checkbox">
          <input id={`${formId}-pp-own`} type="checkbox" checked={terminal.privacyPolicyOwn} onChange={(e) => setT({ privacyPolicyOwn: e.target.checked })} />
          <label htmlFor={`${formId}-pp-own`}>
            <Trans>Own privacy policy for this terminal</Trans>
          </label>
        </div>
        {terminal.privacyPolicyOwn ? (
          <TextAreaField
            id={`${formId}-pp`}
            label={t`Privacy policy`}
            rows={4}
            value={terminal.privacyPolicy}
            onChange={(privacyPolicy) => setT({ privacyPolicy })}
            error={err("privacyPolicy")}
          />
        ) : (
          <p className="field__hint">
            <Trans>The organisation's privacy policy is shown.</Trans>
          </p>
        )}
        <div className="field field--checkbox">
          <input id={`${formId}-look-own`} type="checkbox" checked={terminal.appearanceOwn} onChange={(e) => setT({ appearanceOwn: e.target.checked })} />
          <label htmlFor={`${formId}-look-own`}>
            <Trans>Own visual appearance for this terminal</Trans>
          </label>
        </div>
        {terminal.appearanceOwn ? (
          <div className="tp-form-grid">
            {(
              [
                ["primaryColor", t`Primary colour`],
                ["backgroundColor", t`Background colour`],
                ["textColor", t`Text colour`],
              ] as const
            ).map(([key, label]) => (
              <div className="field" key={key}>
                <label htmlFor={`${formId}-${key}`}>{label}</label>
                <input id={`${formId}-${key}`} type="color" value={terminal[key]} onChange={(e) => setT({ [key]: e.target.value })} />
              </div>
            ))}
          </div>
        ) : null}
        {tp?.logoUrl ? (
          <div className="field field--checkbox">
            <input id={`${formId}-logo`} type="checkbox" checked={deleteLogo} onChange={(e) => setDeleteLogo(e.target.checked)} />
            <label htmlFor={`${formId}-logo`}>
              <Trans>Remove the custom logo (the organisation's logo is shown)</Trans>
            </label>
          </div>
        ) : null}
      </fieldset>
    </TouchpointFormFrame>
  );
}
