import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useId, useState, type FormEvent } from "react";
import { graphql, useFragment } from "react-relay";
import type { PrivacyPolicyForm_organization$key } from "../__generated__/PrivacyPolicyForm_organization.graphql";
import { SaveButton } from "../shell/SaveButton";
import { useFormGuard } from "../shell/useFormGuard";
import { privacyPolicyMaxLength } from "@feedback/shared/organization-settings";
import { useOrganizationSettingsMutation } from "./useOrganizationSettingsMutation";

export function PrivacyPolicyForm({ organization, editable }: { organization: PrivacyPolicyForm_organization$key; editable: boolean }) {
  const { t } = useLingui();
  const formId = useId();
  const data = useFragment(
    graphql`
      fragment PrivacyPolicyForm_organization on Organization {
        privacyPolicy
      }
    `,
    organization,
  );
  const saved = data.privacyPolicy ?? "";
  const [text, setText] = useState(saved);
  const [saving, setSaving] = useState(false);
  useEffect(() => setText(saved), [saved]);
  const saveSettings = useOrganizationSettingsMutation();

  const tooLong = text.length > privacyPolicyMaxLength;
  const valid = !tooLong;
  const dirty = text !== saved;
  const save = async () => {
    if (!valid) return false;
    setSaving(true);
    try {
      return await saveSettings({ privacyPolicy: text });
    } finally {
      setSaving(false);
    }
  };
  const { dialog } = useFormGuard({ dirty, valid, save });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void save();
  };

  return (
    <form id={formId} className="form" onSubmit={onSubmit} noValidate>
      <div className="field">
        <label htmlFor={`${formId}-text`}>
          <Trans>Privacy policy shown to respondents</Trans>
        </label>
        <textarea
          id={`${formId}-text`}
          rows={12}
          value={text}
          readOnly={!editable}
          aria-invalid={tooLong || undefined}
          aria-describedby={`${formId}-hint${tooLong ? ` ${formId}-error` : ""}`}
          onChange={(e) => setText(e.target.value)}
        />
        <p className="field__hint" id={`${formId}-hint`}>
          <Trans>
            Plain text; leave it empty to show no privacy policy. {text.length} / {privacyPolicyMaxLength} characters.
          </Trans>
        </p>
        {tooLong ? (
          <p className="field__error" id={`${formId}-error`}>
            {t`Must be at most ${privacyPolicyMaxLength} characters`}
          </p>
        ) : null}
      </div>
      {editable ? <SaveButton valid={valid} dirty={dirty} saving={saving} form={formId} /> : null}
      {dialog}
    </form>
  );
}
