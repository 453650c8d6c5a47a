import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { graphql, useLazyLoadQuery, useMutation } from "react-relay";
import { Link } from "react-router-dom";
import type { ContactListsPageDeleteMutation } from "../../__generated__/ContactListsPageDeleteMutation.graphql";
import type { ContactListsPageQuery } from "../../__generated__/ContactListsPageQuery.graphql";
import { toasts } from "../../shell/toastStore";
import { Button, EmptyState, LinkButton } from "../../ui";
import {
  ListToolbar,
  matchesSearch,
  RowCheckbox,
  runForEach,
  SearchBox,
  SelectAllCheckbox,
  SortableHeader,
  sortRows,
  useListAddress,
  useSelection,
} from "../../ui/DataList";
import { runMutation } from "../../user-management/runMutation";

const sortFields = ["name", "contactCount"] as const;

/**
 * /touchpoints/contactLists: the email and SMS contact lists the person may see, with their counts.
 * The lists are read whole, so the search (name or variable) and the sort run in the browser; lists
 * the person may edit can be selected and deleted together, each through deleteContactList.
 */
export default function ContactListsPage() {
  const { t, i18n } = useLingui();
  const [fetchKey, setFetchKey] = useState(0);
  const address = useListAddress(sortFields);
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
    { fetchPolicy: "store-and-network", fetchKey },
  );
  const [commitDelete] = useMutation<ContactListsPageDeleteMutation>(graphql`
    mutation ContactListsPageDeleteMutation($id: ID!) {
      deleteContactList(id: $id) {
        deletedContactListId
      }
    }
  `);
  const shown = sortRows(
    data.contactLists.filter((l) => matchesSearch(address.search, l.name, ...l.variableNames)),
    address.sort,
    (l, field) => (field === "name" ? l.name : l.contactCount),
    i18n.locale,
  );
  const deletable = shown.filter((l) => !l.editRefusal);
  const selection = useSelection(deletable.map((l) => l.id));
  const chosen = deletable.filter((l) => selection.isSelected(l.id));
  const removeSelected = async () => {
    if (!window.confirm(t`Delete ${chosen.length} contact lists with all their contacts? This cannot be undone.`)) return;
    const { done } = await runForEach(chosen, (l) => runMutation("deleteContactList", commitDelete, { id: l.id }, { fallbackError: t`Something went wrong` }));
    const total = chosen.length;
    if (done > 0) {
      toasts.success(t`${done} of ${total} contact lists deleted`);
      selection.clear();
      setFetchKey((k) => k + 1);
    }
  };
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
      {data.contactLists.length > 0 ? (
        <ListToolbar
          search={<SearchBox label={t`Search contact lists by name or variable`} value={address.search} onSearch={address.setSearch} />}
          selection={selection}
          bulkActions={
            <Button size="sm" variant="danger" onClick={() => void removeSelected()}>
              <Trans>Delete ({chosen.length})</Trans>
            </Button>
          }
        />
      ) : null}
      {data.contactLists.length === 0 ? (
        <EmptyState
          title={t`No contact lists yet`}
          action={
            mayCreate ? (
              <LinkButton variant="primary" to="/touchpoints/contactLists/new">
                <Trans>New contact list</Trans>
              </LinkButton>
            ) : undefined
          }
        >
          {mayCreate ? (
            <Trans>A contact list holds the email addresses or phone numbers a campaign goes to. Create one, then upload a .csv or .xlsx file.</Trans>
          ) : (
            <Trans>A contact list holds the email addresses or phone numbers a campaign goes to.</Trans>
          )}
        </EmptyState>
      ) : shown.length === 0 ? (
        <EmptyState
          title={t`No contact lists match “${address.search}”`}
          action={
            <Button variant="secondary" onClick={() => address.setSearch("")}>
              <Trans>Clear the search</Trans>
            </Button>
          }
        >
          <Trans>The search looks at list names and their variables.</Trans>
        </EmptyState>
      ) : (
        <table>
          <caption className="visually-hidden">{t`Contact lists`}</caption>
          <thead>
            <tr>
              {deletable.length > 0 ? <SelectAllCheckbox selection={selection} label={t`Select all contact lists shown`} /> : null}
              <SortableHeader field="name" sort={address.sort} onSort={address.setSort}>
                <Trans>Name</Trans>
              </SortableHeader>
              <th scope="col">
                <Trans>Type</Trans>
              </th>
              <SortableHeader field="contactCount" sort={address.sort} onSort={address.setSort} firstDirection="desc">
                <Trans>Contacts</Trans>
              </SortableHeader>
              <th scope="col">
                <Trans>Deleted contacts</Trans>
              </th>
              <th scope="col">
                <Trans>Variables</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((l) => (
              <tr key={l.id}>
                {deletable.length > 0 ? l.editRefusal ? <td /> : <RowCheckbox selection={selection} id={l.id} label={t`Select ${l.name}`} /> : null}
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
