import { Trans } from "@lingui/react/macro";
import { useState } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { Link, useParams } from "react-router-dom";
import type { ContactListContactsPageQuery } from "../../__generated__/ContactListContactsPageQuery.graphql";
import { toGlobalId } from "../../util/globalId";

export const contactsPageSize = 50;

/**
 * /touchpoints/contactLists/{id}/pagination: the list's contacts, newest first, page by page. The
 * load-more control shows until the current page equals the total pages (spec 001 §2).
 */
export default function ContactListContactsPage() {
  const { id = "" } = useParams();
  const [page, setPage] = useState(1);
  const data = useLazyLoadQuery<ContactListContactsPageQuery>(
    graphql`
      query ContactListContactsPageQuery($id: ID!, $first: Int!) {
        contactList(id: $id) {
          legacyId
          name
          channel
          variableNames
          contacts(first: $first) {
            totalCount
            edges {
              node {
                id
                email
                phone
                variables {
                  name
                  value
                }
              }
            }
          }
        }
      }
    `,
    { id: toGlobalId("ContactList", id), first: page * contactsPageSize },
    { fetchPolicy: "store-or-network" },
  );
  const list = data.contactList;
  const totalPages = Math.max(Math.ceil(list.contacts.totalCount / contactsPageSize), 1);
  return (
    <div className="contact-list-contacts">
      <h1>{list.name}</h1>
      <p>
        <Link to="/touchpoints/contactLists">
          <Trans>All contact lists</Trans>
        </Link>
      </p>
      <p>
        <Trans>
          Page {page} of {totalPages} ({list.contacts.totalCount} contacts)
        </Trans>
      </p>
      <table>
        <thead>
          <tr>
            <th scope="col">{list.channel === "email" ? <Trans>Email</Trans> : <Trans>Phone</Trans>}</th>
            {list.variableNames.map((n) => (
              <th scope="col" key={n}>
                {n}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {list.contacts.edges.map(({ node }) => (
            <tr key={node.id}>
              <td>{node.email ?? node.phone}</td>
              {list.variableNames.map((n) => (
                <td key={n}>{node.variables.find((v) => v.name === n)?.value ?? ""}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {page < totalPages && (
        <button type="button" onClick={() => setPage((p) => p + 1)}>
          <Trans>Load more</Trans>
        </button>
      )}
    </div>
  );
}
