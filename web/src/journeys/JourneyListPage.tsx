import { Trans, useLingui } from "@lingui/react/macro";
import { Suspense, useState, useTransition } from "react";
import { graphql, useLazyLoadQuery, useMutation } from "react-relay";
import { Link } from "react-router-dom";
import type { JourneyListPageQuery } from "../__generated__/JourneyListPageQuery.graphql";
import type { JourneyListPageDeleteMutation } from "../__generated__/JourneyListPageDeleteMutation.graphql";
import { runMutation } from "../user-management/runMutation";
import { ConfirmDialog } from "../shell/ConfirmDialog";
import { Button, EmptyState, LinkButton, Skeleton } from "../ui";
import { mayManageJourneys } from "./journeyRights";
import "./journeys.css";

/** /customer-journey/list (spec 001 §2 "Customer journey builder"): the organisation's journeys. */
export default function JourneyListPage() {
  const { t } = useLingui();
  return (
    <Suspense
      fallback={
        <section className="page" aria-busy="true">
          <Skeleton label={t`Loading journeys…`} lines={4} />
        </section>
      }
    >
      <JourneyList />
    </Suspense>
  );
}

function JourneyList() {
  const { t, i18n } = useLingui();
  const [fetchKey, setFetchKey] = useState(0);
  const [pending, startTransition] = useTransition();
  const [deleting, setDeleting] = useState<{ id: string; name: string } | null>(null);
  const data = useLazyLoadQuery<JourneyListPageQuery>(
    graphql`
      query JourneyListPageQuery {
        viewer {
          organizationAdmin
          rolesPerUnit {
            rights
          }
        }
        customerJourneys {
          id
          legacyId
          name
          kpi
          steps {
            name
          }
          updatedAt
        }
      }
    `,
    {},
    { fetchPolicy: "store-and-network", fetchKey },
  );
  const [commitDelete] = useMutation<JourneyListPageDeleteMutation>(graphql`
    mutation JourneyListPageDeleteMutation($id: ID!) {
      deleteCustomerJourney(id: $id) {
        deletedJourneyId
        message
      }
    }
  `);
  const mayManage = mayManageJourneys(data.viewer);
  const kpiNames: Record<string, string> = { nps: t`NPS`, average: t`Average`, count: t`Count`, evi: t`EVI` };
  const remove = async () => {
    if (!deleting) return;
    const target = deleting;
    setDeleting(null);
    const result = await runMutation(
      "deleteCustomerJourney",
      commitDelete,
      { id: target.id },
      { success: t`Journey deleted`, fallbackError: t`Something went wrong` },
    );
    if (result) startTransition(() => setFetchKey((k) => k + 1));
  };
  const journeys = data.customerJourneys;
  return (
    <section className="page journeys-page" aria-busy={pending}>
      <div className="journeys-page__header">
        <h1 className="page__title">
          <Trans>Customer journeys</Trans>
        </h1>
        {mayManage ? (
          <LinkButton variant="primary" to="/customer-journey/new">
            <Trans>New journey</Trans>
          </LinkButton>
        ) : null}
      </div>
      {journeys.length === 0 ? (
        <EmptyState
          title={t`No customer journeys yet`}
          action={
            mayManage ? (
              <LinkButton variant="primary" to="/customer-journey/new">
                <Trans>New journey</Trans>
              </LinkButton>
            ) : undefined
          }
        >
          <Trans>A journey follows your customers through stages, each scored by the same KPI.</Trans>
        </EmptyState>
      ) : (
        <table className="journeys-table">
          <caption className="visually-hidden">
            <Trans>Customer journeys</Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Name</Trans>
              </th>
              <th scope="col">
                <Trans>KPI</Trans>
              </th>
              <th scope="col">
                <Trans>Stages</Trans>
              </th>
              <th scope="col">
                <Trans>Updated</Trans>
              </th>
              <th scope="col">
                <span className="visually-hidden">
                  <Trans>Actions</Trans>
                </span>
              </th>
            </tr>
          </thead>
          <tbody>
            {journeys.map((j) => (
              <tr key={j.id}>
                <th scope="row">
                  <Link to={`/customer-journey/analytics/${j.legacyId}`}>{j.name}</Link>
                </th>
                <td>{kpiNames[j.kpi] ?? j.kpi}</td>
                <td>{j.steps.map((s) => s.name).join(" → ")}</td>
                <td>{i18n.date(new Date(String(j.updatedAt)), { dateStyle: "medium" })}</td>
                <td className="journeys-table__actions">
                  <LinkButton size="sm" to={`/customer-journey/analytics/${j.legacyId}`} aria-label={t`Analytics of ${j.name}`}>
                    <Trans>Analytics</Trans>
                  </LinkButton>
                  {mayManage ? (
                    <>
                      <LinkButton size="sm" to={`/customer-journey/${j.legacyId}`} aria-label={t`Edit ${j.name}`}>
                        <Trans>Edit</Trans>
                      </LinkButton>
                      <Button size="sm" variant="danger" onClick={() => setDeleting({ id: j.id, name: j.name })} aria-label={t`Delete ${j.name}`}>
                        <Trans>Delete</Trans>
                      </Button>
                    </>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {deleting ? (
        <ConfirmDialog
          title={<Trans>Delete the journey?</Trans>}
          cancelLabel={<Trans>Cancel</Trans>}
          onCancel={() => setDeleting(null)}
          actions={
            <Button variant="danger" onClick={() => void remove()}>
              <Trans>Delete</Trans>
            </Button>
          }
        >
          <Trans>The journey “{deleting.name}” is deleted. Its surveys and responses stay.</Trans>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
