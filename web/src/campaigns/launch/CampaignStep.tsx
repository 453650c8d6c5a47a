import { Trans, useLingui } from "@lingui/react/macro";
import MessageTemplatesPanel from "../templates/MessageTemplatesPanel";
import { Card } from "../../ui";
import { fromGlobalId, toGlobalId } from "../../util/globalId";
import { StepActions } from "./StepActions";
import { useWizard } from "./wizardState";

/**
 * Steps email and sms: the campaign's contact lists (its chosen touchpoints) and its message
 * template, chosen, written or edited in the templates panel (MessageTemplatesPanel: preview, and a
 * test message linking to this survey).
 */
export function CampaignStep({ channel }: { channel: "email" | "sms" }) {
  const { t } = useLingui();
  const { wizard, state, update, selectedTouchpoints } = useWizard();
  const lists = selectedTouchpoints.filter((tp) => tp.type === (channel === "email" ? "emailContactList" : "smsContactList"));
  const key = channel === "email" ? "emailTemplateId" : "smsTemplateId";
  const selected = state[key];
  const selectedName = selected ? (state.templateNames[selected] ?? wizard.templates.find((tpl) => tpl.legacyId === selected)?.name) : null;
  return (
    <div className="launch-campaign-step">
      <h2>{channel === "email" ? <Trans>Email campaign</Trans> : <Trans>SMS campaign</Trans>}</h2>
      <Card title={t`Contact lists`} headingLevel={3}>
        <ul>
          {lists.map((tp) => (
            <li key={tp.id}>
              {tp.name} <span className="muted">· {t`${tp.contacts ?? 0} contacts`}</span>
            </li>
          ))}
        </ul>
      </Card>
      <p role="status" aria-live="polite">
        {selectedName ? <Trans>Message template: {selectedName}</Trans> : <Trans>Choose a message template, or write a new one.</Trans>}
      </p>
      <MessageTemplatesPanel
        type={channel}
        selectedId={selected ? toGlobalId("MessageTemplate", selected) : null}
        surveyId={toGlobalId("Survey", wizard.surveyLegacyId)}
        onSelect={(id, name) => {
          const legacyId = fromGlobalId("MessageTemplate", id);
          if (legacyId) update({ [key]: legacyId, templateNames: { ...state.templateNames, [legacyId]: name } });
        }}
      />
      <StepActions current={channel} canContinue={selected !== ""} />
    </div>
  );
}
