// Which contact details a contact question asks for: name, e-mail, phone (at least one).
import { useLingui } from "@lingui/react/macro";
import { CONTACT_FIELDS, type ContactField } from "./draft";
import { useEditorLabels } from "./useEditorLabels";

type Props = { idPrefix: string; fields: readonly string[]; error?: string; onChange: (fields: ContactField[]) => void };

export function ContactFieldsEditor({ idPrefix, fields, error, onChange }: Props) {
  const { t } = useLingui();
  const labels = useEditorLabels();
  return (
    <fieldset className="fieldset se-contact">
      <legend>{t`Asks for`}</legend>
      {CONTACT_FIELDS.map((f) => {
        const name = labels.contactFields[f];
        return (
          <div className="field field--checkbox" key={f}>
            <input
              id={`${idPrefix}-contact-${f}`}
              type="checkbox"
              checked={fields.includes(f)}
              onChange={(e) => onChange(CONTACT_FIELDS.filter((x) => (x === f ? e.target.checked : fields.includes(x))))}
            />
            <label htmlFor={`${idPrefix}-contact-${f}`}>{name}</label>
          </div>
        );
      })}
      {error ? <p className="field__error">{error}</p> : null}
    </fieldset>
  );
}
