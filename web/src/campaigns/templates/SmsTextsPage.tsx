import { Trans } from "@lingui/react/macro";
import MessageTemplatesPanel from "./MessageTemplatesPanel";

/** /touchpoints/sms-text: the organisation's SMS texts (message templates of type sms). */
export default function SmsTextsPage() {
  return (
    <section className="page">
      <h1 className="page__title">
        <Trans>SMS message text</Trans>
      </h1>
      <MessageTemplatesPanel type="sms" />
    </section>
  );
}
