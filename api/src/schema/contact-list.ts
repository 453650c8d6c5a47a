// Contact lists of email and SMS campaigns and the block list (spec 001 §2 /touchpoints/contactLists…,
// §3 "Contact list"): the queries and mutations of those screens. Uploads are the REST multipart
// call POST /api/v5/contacts/upload/{listId} (docs/campaigns.md). Rules live in
// domain/campaigns/contacts and domain/campaigns/block-list.
import { resolveOffsetConnection } from "@pothos/plugin-relay";
import { builder } from "./builder.js";
import { UnitType } from "./unit.js";
import { TouchpointType } from "./touchpoint.js";
import {
  contactListMessages,
  contactRange,
  createContactList,
  deleteContactList,
  deleteContacts,
  getContactList,
  listContactLists,
  updateContactList,
  type ContactListRow,
  type ContactRow,
} from "../domain/campaigns/contacts/lists.js";
import { listBlockedAddresses, unblockAddress, type BlockedAddress } from "../domain/campaigns/block-list/index.js";
import { touchpointEditRefusal } from "../domain/touchpoints/touchpoints.js";

export const ContactChannelEnum = builder.enumType("ContactChannel", {
  values: ["email", "sms"] as const,
  description: "email lists have an email column, SMS lists a phone column",
});

const ContactVariable = builder.objectRef<{ name: string; value: string }>("ContactVariable").implement({
  fields: (t) => ({ name: t.exposeString("name"), value: t.exposeString("value") }),
});

export const ContactType = builder.objectRef<ContactRow>("Contact");
ContactType.implement({
  description: "A contact of a list: an email address or an international phone number, and the values of the list's variable columns",
  fields: (t) => ({
    id: t.globalID({ resolve: (c) => ({ type: ContactType, id: c.id }) }),
    legacyId: t.exposeString("id"),
    email: t.exposeString("email", { nullable: true }),
    phone: t.exposeString("phone", { nullable: true, description: "E.164, starting with +" }),
    variables: t.field({
      type: [ContactVariable],
      resolve: (c) =>
        Object.entries((c.variables ?? {}) as Record<string, unknown>).map(([name, value]) => ({
          name,
          value: typeof value === "string" ? value : String(value),
        })),
    }),
    createdAt: t.field({ type: "DateTime", resolve: (c) => c.createdAt }),
  }),
});

export const ContactListType = builder.objectRef<ContactListRow>("ContactList");
ContactListType.implement({
  description: "The contact list an email or SMS campaign touchpoint owns",
  fields: (t) => ({
    id: t.globalID({ resolve: (l) => ({ type: ContactListType, id: l.id }) }),
    legacyId: t.exposeString("id", { description: "the list's 24-hex _id (POST /contacts, POST /contacts/upload/{listId})" }),
    name: t.string({ resolve: (l) => l.touchpoint?.name ?? l.name }),
    channel: t.field({ type: ContactChannelEnum, resolve: (l) => l.channel }),
    variableNames: t.exposeStringList("variableNames", { description: "the extra variable columns" }),
    contactCount: t.int({ resolve: (l) => l._count.contacts }),
    deletedContacts: t.exposeInt("deletedContacts", { description: "how many contacts were removed from the list" }),
    touchpointId: t.globalID({ nullable: true, resolve: (l) => (l.touchpointId ? { type: TouchpointType, id: l.touchpointId } : null) }),
    unitLegacyId: t.string({ nullable: true, resolve: (l) => l.touchpoint?.unitId ?? null }),
    createdAt: t.field({ type: "DateTime", resolve: (l) => l.createdAt }),
    editRefusal: t.string({
      nullable: true,
      description: 'null when the caller may change the list and its contacts; otherwise why not ("User has no rights to edit touchpoint")',
      resolve: (l, _a, ctx) => (l.touchpoint ? touchpointEditRefusal(ctx, l.touchpoint.unitId) : null),
    }),
    contacts: t.connection(
      {
        type: ContactType,
        description: "the list's contacts, newest first",
        resolve: async (l, args, ctx) => {
          let totalCount = 0;
          const connection = await resolveOffsetConnection({ args, defaultSize: 50, maxSize: 500 }, async ({ offset, limit }) => {
            const r = await contactRange(ctx, l.id, { offset, limit });
            totalCount = r.totalCount;
            return r.contacts;
          });
          return Object.assign(connection, { totalCount });
        },
      },
      {
        name: "ContactListContactsConnection",
        fields: (c) => ({ totalCount: c.int({ resolve: (p) => (p as unknown as { totalCount: number }).totalCount }) }),
      },
      { name: "ContactListContactsEdge" },
    ),
  }),
});

builder.queryField("contactLists", (t) =>
  t.field({
    type: [ContactListType],
    description: "The contact lists the caller may see (viewResults in their touchpoint's unit), by name; optionally one channel",
    args: { channel: t.arg({ type: ContactChannelEnum }) },
    resolve: (_root, args, ctx) => listContactLists(ctx, { channel: args.channel ?? null }),
  }),
);

builder.queryField("contactList", (t) =>
  t.field({
    type: ContactListType,
    description: "One contact list (viewResults in its unit; otherwise not found)",
    args: { id: t.arg.globalID({ required: true, for: ContactListType }) },
    resolve: (_root, args, ctx) => getContactList(ctx, args.id.id),
  }),
);

const BlockedAddressType = builder.objectRef<BlockedAddress>("BlockedAddress").implement({
  fields: (t) => ({
    email: t.exposeString("email", { description: "the blocked address (lower-case)" }),
    createdAt: t.field({ type: "DateTime", resolve: (b) => b.createdAt }),
  }),
});
const BlockListPage = builder.objectRef<{ total: number; addresses: BlockedAddress[] }>("BlockListPage").implement({
  fields: (t) => ({ total: t.exposeInt("total"), addresses: t.field({ type: [BlockedAddressType], resolve: (p) => p.addresses }) }),
});

builder.queryField("blockList", (t) =>
  t.field({
    type: BlockListPage,
    description: "The organisation's block (unsubscribe) list, newest first (manageContacts in some unit)",
    args: { search: t.arg.string(), limit: t.arg.int(), offset: t.arg.int() },
    resolve: (_root, args, ctx) => listBlockedAddresses(ctx, { search: args.search, limit: args.limit ?? undefined, offset: args.offset ?? undefined }),
  }),
);

const ContactListPayload = builder.objectRef<{ contactList: ContactListRow; message: string }>("ContactListPayload").implement({
  fields: (t) => ({
    contactList: t.field({ type: ContactListType, resolve: (p) => p.contactList }),
    message: t.exposeString("message", { description: "channel saved" }),
  }),
});

const CreateContactListInput = builder.inputType("CreateContactListInput", {
  fields: (t) => ({
    name: t.string({ required: true }),
    channel: t.field({ type: ContactChannelEnum, required: true }),
    unitId: t.globalID({ for: UnitType, description: "the team; without one, the first the caller may edit touchpoints in" }),
    variableNames: t.stringList({ description: "the extra variable columns" }),
  }),
});

builder.mutationField("createContactList", (t) =>
  t.field({
    type: ContactListPayload,
    description: "Creates an email or SMS contact list with its touchpoint (channelCreation; smsMessages for SMS; editTouchpoints in the unit)",
    args: { input: t.arg({ type: CreateContactListInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({
      contactList: await createContactList(ctx, {
        name: input.name,
        channel: input.channel,
        unitId: input.unitId?.id,
        variableNames: input.variableNames ?? [],
      }),
      message: contactListMessages.saved,
    }),
  }),
);

const UpdateContactListInput = builder.inputType("UpdateContactListInput", {
  fields: (t) => ({
    id: t.globalID({ required: true, for: ContactListType }),
    name: t.string(),
    variableNames: t.stringList(),
  }),
});

builder.mutationField("updateContactList", (t) =>
  t.field({
    type: ContactListPayload,
    description: "Renames a contact list and sets its variable columns (editTouchpoints in its unit)",
    args: { input: t.arg({ type: UpdateContactListInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({
      contactList: await updateContactList(ctx, input.id.id, { name: input.name ?? undefined, variableNames: input.variableNames ?? undefined }),
      message: contactListMessages.saved,
    }),
  }),
);

const DeleteContactListPayload = builder.objectRef<{ id: string }>("DeleteContactListPayload").implement({
  fields: (t) => ({
    deletedContactListId: t.globalID({ resolve: (p) => ({ type: ContactListType, id: p.id }) }),
    message: t.string({ resolve: () => contactListMessages.deleted }),
  }),
});

builder.mutationField("deleteContactList", (t) =>
  t.field({
    type: DeleteContactListPayload,
    description: "Deletes a contact list with its contacts (editTouchpoints in its unit)",
    args: { id: t.arg.globalID({ required: true, for: ContactListType }) },
    resolve: async (_root, args, ctx) => ({ id: (await deleteContactList(ctx, args.id.id)).id }),
  }),
);

const DeleteContactsPayload = builder.objectRef<{ deleted: number; deletedContactIds: string[]; listId: string }>("DeleteContactsPayload").implement({
  fields: (t) => ({
    deleted: t.exposeInt("deleted"),
    deletedContactIds: t.globalIDList({ resolve: (p) => p.deletedContactIds.map((id) => ({ type: ContactType, id })) }),
    contactList: t.field({ type: ContactListType, resolve: (p, _a, ctx) => getContactList(ctx, p.listId) }),
    message: t.string({ resolve: () => contactListMessages.contactsDeleted }),
  }),
});

builder.mutationField("deleteContacts", (t) =>
  t.field({
    type: DeleteContactsPayload,
    description: "Deletes contacts of a list; they count in its deletedContacts (editTouchpoints in its unit)",
    args: {
      listId: t.arg.globalID({ required: true, for: ContactListType }),
      contactIds: t.arg.globalIDList({ required: true, for: ContactType }),
    },
    resolve: async (_root, args, ctx) => {
      const ids = args.contactIds.map((c) => c.id);
      const r = await deleteContacts(ctx, args.listId.id, ids);
      return { deleted: r.deleted, deletedContactIds: ids, listId: args.listId.id };
    },
  }),
);

const UnblockAddressPayload = builder.objectRef<{ email: string; message: string }>("UnblockAddressPayload").implement({
  fields: (t) => ({ email: t.exposeString("email"), message: t.exposeString("message", { description: "removed from suppression list" }) }),
});

builder.mutationField("unblockAddress", (t) =>
  t.field({
    type: UnblockAddressPayload,
    description: "Takes an address off the block list (organisation admins only)",
    args: { email: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => unblockAddress(ctx, args.email),
  }),
);
