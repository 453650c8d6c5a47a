import { Trans, useLingui } from "@lingui/react/macro";
import { graphql, useLazyLoadQuery } from "react-relay";
import { Link } from "react-router-dom";
import type { ContactListsPageQuery } from "../../__generated__/ContactListsPageQuery.graphql";

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
      }
    `,
    {},
    { fetchPolicy: "store-and-network" },
  );
  const mayCreate = data.touchpointUnits.length > 0;
  return (
    <div className="touchpoint-list">
      <h1>
        <Trans>Contact lists</Trans>
      </h1>
      <nav aria-label={t`Contact lists`}>
        {mayCreate && (
          <Link to="/touchpoints/contactLists/new">
            <Trans>New contact list</Trans>
          </Link>
        )}{" "}
        <Link to="/touchpoints/contactLists/blockList">
          <Trans>Block list</Trans>
        </Link>
      </nav>
      {data.contactLists.length === 0 ? (
        <p>
          <Trans>No contact lists yet.</Trans>
        </p>
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
