import { useLingui } from "@lingui/react/macro";
import { PASSWORD_MIN, passwordChecks } from "../settings/profileValidation";

/** The password rules as a live checklist (the same rules as the validator). */
export function PasswordChecklist({ password, id }: { password: string; id?: string }) {
  const { t } = useLingui();
  const labels: Record<string, string> = {
    length: t`At least ${PASSWORD_MIN} characters`,
    upper: t`An upper case letter`,
    lower: t`A lower case letter`,
    number: t`A number`,
    special: t`A special character`,
  };
  return (
    <ul className="checklist" id={id} aria-label={t`Password requirements`}>
      {passwordChecks(password).map((check) => (
        <li key={check.key} className={check.ok ? "is-ok" : "is-missing"}>
          <span aria-hidden="true">{check.ok ? "✓" : "•"}</span> {labels[check.key]}
          <span className="visually-hidden">{check.ok ? t`(done)` : t`(missing)`}</span>
        </li>
      ))}
    </ul>
  );
}
