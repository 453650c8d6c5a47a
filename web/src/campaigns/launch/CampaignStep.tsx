import { Trans, useLingui } from "@lingui/react/macro";
import { SelectField } from "../../forms/SelectField";
import { StepActions } from "./StepActions";
import { useWizard } from "./wizardState";

/**
 * Steps email and sms: the campaign's contact lists (its chosen touchpoints) and message template.
 * The template is chosen here from a plain list; the templates screen's MessageTemplatesPanel
 * (web/src/campaigns/templates/) takes this place when it exists, with `type`, `selectedId` and
 * `onSelect` wired to the same state.
 */
export function CampaignStep({ channel }: { channel: "email" | "sms" }) {
  const { t } = useLingui();
  const { wizard, state, update, selectedTouchpoints } = useWizard();
  const lists = selectedTouchpoints.filter((tp) => tp.type === (channel === "email" ? "emailContactList" : "smsContactList"));
  const templates = wizard.templates.filter((tpl) => tpl.type === channel);
  const key = channel === "email" ? "emailTemplateId" : "smsTemplateId";
  const selected = state[key];
  return (
    <div>
      <h2>{channel === "email" ? <Trans>Email campaign</Trans> : <Trans>SMS campaign</Trans>}</h2>
      <h3>
        <Trans>Contact lists</Trans>
      </h3>
      <ul>
        {lists.map((tp) => (
          <li key={tp.id}>
            {tp.name} <span className="muted">· {t`${tp.contacts ?? 0} contacts`}</span>
          </li>
        ))}
      </ul>
      {templates.length === 0 ? (
        <p role="alert">
          <Trans>There are no message templates of this kind yet: create one under the campaign's templates first.</Trans>
        </p>
      ) : (
        <SelectField
          id={`launch-${channel}-template`}
          label={t`Message template`}
          value={selected}
          onChange={(id) => update({ [key]: id })}
          options={[["", t`Choose a template`] as const, ...templates.map((tpl) => [tpl.legacyId, `${tpl.name} (${tpl.language})`] as const)]}
        />
      )}
      <StepActions current={channel} canContinue={selected !== ""} />
    </div>
  );
}
