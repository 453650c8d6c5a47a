import { Trans, useLingui } from "@lingui/react/macro";
import { graphql, useLazyLoadQuery } from "react-relay";
import { Link } from "react-router-dom";
import type { ContactListsPageQuery } from "../../__generated__/ContactListsPageQuery.graphql";
import { EmptyState, LinkButton } from "../../ui";

/** /touchpoints/contactLists: the email and SMS contact lists the person may see, with their counts. */
export default function ContactListsPage() {
  const { t } = useLingui();
  const data = useLazyLoadQuery<ContactListsPageQuery>(
    graphql`
      query ContactListsPageQuery {
        contactLists {
          id
          legacyId
          name
          channel
          contactCount
          deletedContacts
          variableNames
          editRefusal
        }
        touchpointUnits {
          legacyId
        }
        viewer {
          organizationAdmin
          rolesPerUnit {
            rights
          }
        }
      }
    `,
    {},
    { fetchPolicy: "store-and-network" },
  );
  const mayCreate = data.touchpointUnits.length > 0;
  const mayViewBlockList = !!data.viewer && (data.viewer.organizationAdmin || data.viewer.rolesPerUnit.some((r) => r.rights.includes("manageContacts")));
  return (
    <div className="touchpoint-list">
      <h1>
        <Trans>Contact lists</Trans>
      </h1>
      <nav aria-label={t`Contact lists`}>
        {mayCreate && (
          <LinkButton variant="primary" to="/touchpoints/contactLists/new">
            <Trans>New contact list</Trans>
          </LinkButton>
        )}{" "}
        {mayViewBlockList && (
          <LinkButton to="/touchpoints/contactLists/blockList">
            <Trans>Block list</Trans>
          </LinkButton>
        )}
      </nav>
      {data.contactLists.length === 0 ? (
        <EmptyState title={t`No contact lists yet`}>
          {mayCreate ? (
            <Trans>A contact list holds the email addresses or phone numbers a campaign goes to. Create one, then upload a .csv or .xlsx file.</Trans>
          ) : (
            <Trans>A contact list holds the email addresses or phone numbers a campaign goes to.</Trans>
          )}
        </EmptyState>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Name</Trans>
              </th>
              <th scope="col">
                <Trans>Type</Trans>
              </th>
              <th scope="col">
                <Trans>Contacts</Trans>
              </th>
              <th scope="col">
                <Trans>Deleted contacts</Trans>
              </th>
              <th scope="col">
                <Trans>Variables</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.contactLists.map((l) => (
              <tr key={l.id}>
                <td>
                  {l.editRefusal ? (
                    <Link to={`/touchpoints/contactLists/${l.legacyId}/pagination`}>{l.name}</Link>
                  ) : (
                    <Link to={`/touchpoints/contactLists/${l.legacyId}/edit`}>{l.name}</Link>
                  )}
                </td>
                <td>{l.channel === "email" ? t`Email list` : t`SMS list`}</td>
                <td>
                  <Link to={`/touchpoints/contactLists/${l.legacyId}/pagination`}>{l.contactCount}</Link>
                </td>
                <td>{l.deletedContacts}</td>
                <td>{l.variableNames.join(", ")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
