import { Trans, useLingui } from "@lingui/react/macro";
import { useState, type FormEvent } from "react";
import { graphql, useLazyLoadQuery, useMutation } from "react-relay";
import { Link, useNavigate, useParams } from "react-router-dom";
import type { ContactListEditPageQuery } from "../../__generated__/ContactListEditPageQuery.graphql";
import type { ContactListEditPageCreateMutation } from "../../__generated__/ContactListEditPageCreateMutation.graphql";
import type { ContactListEditPageUpdateMutation } from "../../__generated__/ContactListEditPageUpdateMutation.graphql";
import { FormField } from "../../forms/FormField";
import { toGlobalId } from "../../util/globalId";
import { UploadReport } from "./UploadReport";
import { uploadContacts, type ImportReport } from "./uploadContacts";
import { Button, Card } from "../../ui";
import { NoCreateRightsNotice } from "../../touchpoints/NoCreateRightsNotice";

const columnsOf = (text: string) =>
  text
    .split(",")
    .map((c) => c.trim())
    .filter(Boolean);

/**
 * /touchpoints/contactLists/new and /touchpoints/contactLists/{id}/edit: the list's name and type
 * (new lists only), its variable columns, and (saved lists) the upload of a .csv or .xlsx file with
 * its progress and the per-line report.
 */
export default function ContactListEditPage() {
  const { id } = useParams();
  const { t } = useLingui();
  const navigate = useNavigate();
  const isNew = !id;
  // Bumped after an upload: the list (its contact count, its columns) is read again.
  const [fetchKey, setFetchKey] = useState(0);
  const data = useLazyLoadQuery<ContactListEditPageQuery>(
    graphql`
      query ContactListEditPageQuery($id: ID!, $skip: Boolean!) {
        contactList(id: $id) @skip(if: $skip) {
          id
          legacyId
          name
          channel
          variableNames
          contactCount
          editRefusal
        }
        touchpointUnits {
          id
          name
        }
      }
    `,
    { id: isNew ? "" : toGlobalId("ContactList", id), skip: isNew },
    { fetchPolicy: "store-and-network", fetchKey },
  );
  const list = data.contactList ?? null;
  const [name, setName] = useState(list?.name ?? "");
  const [channel, setChannel] = useState<"email" | "sms">(list?.channel === "sms" ? "sms" : "email");
  const [unitId, setUnitId] = useState(data.touchpointUnits[0]?.id ?? "");
  const [columns, setColumns] = useState((list?.variableNames ?? []).join(", "));
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [create, creating] = useMutation<ContactListEditPageCreateMutation>(graphql`
    mutation ContactListEditPageCreateMutation($input: CreateContactListInput!) {
      createContactList(input: $input) {
        contactList {
          legacyId
        }
        message
      }
    }
  `);
  const [update, updating] = useMutation<ContactListEditPageUpdateMutation>(graphql`
    mutation ContactListEditPageUpdateMutation($input: UpdateContactListInput!) {
      updateContactList(input: $input) {
        contactList {
          id
          name
          variableNames
        }
        message
      }
    }
  `);

  if (isNew && data.touchpointUnits.length === 0) {
    return (
      <div className="contact-list-edit">
        <h1>
          <Trans>New contact list</Trans>
        </h1>
        <NoCreateRightsNotice />
      </div>
    );
  }
  const readOnly = !!list?.editRefusal;

  const save = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!name.trim()) return setError(t`Name is required`);
    if (isNew) {
      create({
        variables: { input: { name, channel, unitId: unitId || null, variableNames: columnsOf(columns) } },
        onCompleted: (r) => {
          void navigate(`/touchpoints/contactLists/${r.createContactList.contactList.legacyId}/edit`);
        },
        onError: (err) => setError(err.message),
      });
    } else if (list) {
      update({
        variables: { input: { id: list.id, name, variableNames: columnsOf(columns) } },
        onCompleted: () => setNotice(t`Saved`),
        onError: (err) => setError(err.message),
      });
    }
  };

  const upload = async (file: File) => {
    if (!list) return;
    setError(null);
    setReport(null);
    setProgress(0);
    try {
      const r = await uploadContacts(list.legacyId, file, setProgress);
      setReport(r);
      setColumns(r.variableNames.join(", "));
      setFetchKey((k) => k + 1);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setProgress(null);
    }
  };

  return (
    <div className="contact-list-edit">
      <h1>{isNew ? <Trans>New contact list</Trans> : <Trans>Edit contact list</Trans>}</h1>
      <p>
        <Link to="/touchpoints/contactLists">
          <Trans>All contact lists</Trans>
        </Link>
      </p>
      {readOnly && <p role="note">{list?.editRefusal}</p>}
      <form onSubmit={save} aria-label={t`Contact list`}>
        <FormField id="contact-list-name" label={t`Name`} required>
          <input id="contact-list-name" value={name} onChange={(e) => setName(e.target.value)} disabled={readOnly} />
        </FormField>
        {isNew && (
          <>
            <FormField id="contact-list-channel" label={t`Type`}>
              <select id="contact-list-channel" value={channel} onChange={(e) => setChannel(e.target.value === "sms" ? "sms" : "email")}>
                <option value="email">{t`Email list (email column)`}</option>
                <option value="sms">{t`SMS list (phone column, international numbers starting with +)`}</option>
              </select>
            </FormField>
            <FormField id="contact-list-unit" label={t`Team`}>
              <select id="contact-list-unit" value={unitId} onChange={(e) => setUnitId(e.target.value)}>
                {data.touchpointUnits.map((u) => (
                  <option key={u.id} value={u.id}>
                    {u.name}
                  </option>
                ))}
              </select>
            </FormField>
          </>
        )}
        <FormField id="contact-list-columns" label={t`Variable columns`} hint={t`Separated by commas, for example: first name, city`}>
          <input id="contact-list-columns" value={columns} onChange={(e) => setColumns(e.target.value)} disabled={readOnly} />
        </FormField>
        {!readOnly && (
          <Button type="submit" variant="primary" loading={creating || updating}>
            <Trans>Save</Trans>
          </Button>
        )}
      </form>
      {error && <p role="alert">{error}</p>}
      {notice && <p role="status">{notice}</p>}
      {list && !readOnly && (
        <Card title={t`Upload contacts`}>
          <FormField
            id="contact-upload-file"
            label={t`A .csv or .xlsx file`}
            hint={list.channel === "email" ? t`The file needs an email column.` : t`The file needs a phone column.`}
          >
            <input
              id="contact-upload-file"
              type="file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              disabled={progress !== null}
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) void upload(file);
              }}
            />
          </FormField>
          {progress !== null && (
            <progress max={1} value={progress} aria-label={t`Upload progress`}>
              {Math.round(progress * 100)}%
            </progress>
          )}
          {report && <UploadReport report={report} />}
        </Card>
      )}
      {list && (
        <p>
          <Link to={`/touchpoints/contactLists/${list.legacyId}/pagination`}>
            <Trans>Show the {list.contactCount} contacts</Trans>
          </Link>
        </p>
      )}
    </div>
  );
}
