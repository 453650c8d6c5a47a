import { Trans } from "@lingui/react/macro";
import MessageTemplatesPanel from "./MessageTemplatesPanel";

/** /touchpoints/email-templates: the organisation's email templates, outside the launch wizard. */
export default function EmailTemplatesPage() {
  return (
    <section className="page">
      <h1 className="page__title">
        <Trans>Email templates</Trans>
      </h1>
      <MessageTemplatesPanel type="email" />
    </section>
  );
}
