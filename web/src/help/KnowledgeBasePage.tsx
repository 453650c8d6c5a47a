// /docs/knowledge-base: the built-in help the menu's knowledge-base link opens when no
// KNOWLEDGE_BASE_URL is configured (docs/experience.md): the product's main tasks, each with where
// to do it.
import { Trans } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";

function Topic({ title, to, link, children }: { title: ReactNode; to: string; link: ReactNode; children: ReactNode }) {
  return (
    <li className="card">
      <h2 className="results-section__title">{title}</h2>
      <p>{children}</p>
      <Link to={to}>{link}</Link>
    </li>
  );
}

export default function KnowledgeBasePage() {
  return (
    <section className="page page--narrow">
      <h1 className="page__title">
        <Trans>Knowledge base</Trans>
      </h1>
      <ul className="knowledge-base" style={{ listStyle: "none", padding: 0, display: "grid", gap: "1rem" }}>
        <Topic title={<Trans>Create a survey</Trans>} to="/surveys/list" link={<Trans>Go to surveys</Trans>}>
          <Trans>Start from a template or from an empty survey, add questions and save. The preview shows what respondents see.</Trans>
        </Topic>
        <Topic title={<Trans>Collect responses</Trans>} to="/touchpoints" link={<Trans>Go to touchpoints</Trans>}>
          <Trans>A touchpoint is where people answer: a link or QR code, a terminal, a website widget, an e-mail or SMS campaign.</Trans>
        </Topic>
        <Topic title={<Trans>Read the results</Trans>} to="/results" link={<Trans>Go to results</Trans>}>
          <Trans>Filter by period, survey, touchpoint or answer, switch between graphs, table and feedback list, then export or share a link.</Trans>
        </Topic>
        <Topic title={<Trans>Invite your team</Trans>} to="/settings/user-management" link={<Trans>Go to user management</Trans>}>
          <Trans>Invite people to teams as viewers, editors or admins: each role decides what they may see and change.</Trans>
        </Topic>
      </ul>
    </section>
  );
}
