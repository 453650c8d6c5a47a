import { Trans } from "@lingui/react/macro";
import { Fragment } from "react";
import { formatDateTime } from "../format/date";

export interface OutboxMailItem {
  _id: string;
  kind: string;
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

const LINK = /(https?:\/\/[^\s<>"]+)/g;

/** The text with every http(s) address as a clickable link. */
function Linkified({ text }: { text: string }) {
  const parts = text.split(LINK);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <a key={i} href={part}>
            {part}
          </a>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}

/** One mail of the outbox: to, subject, time and the text with clickable links. */
export function OutboxMail({ mail }: { mail: OutboxMailItem }) {
  const headingId = `outbox-${mail._id}`;
  return (
    <article className="outbox__mail" aria-labelledby={headingId}>
      <h2 id={headingId} className="outbox__subject">
        {mail.subject}
      </h2>
      <dl className="outbox__meta">
        <dt>
          <Trans>To</Trans>
        </dt>
        <dd>{mail.to}</dd>
        <dt>
          <Trans>Sent</Trans>
        </dt>
        <dd>
          <time dateTime={mail.createdAt}>{formatDateTime(mail.createdAt)}</time>
        </dd>
      </dl>
      <pre className="outbox__text" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere", font: "inherit" }}>
        <Linkified text={mail.text} />
      </pre>
    </article>
  );
}
