// Contact lists (spec 001 §3 "Contact list: name, columns email or phone plus extra variables",
// §2 /touchpoints/contactLists…, §6): a touchpoint of type emailContactList or smsContactList owns
// one ContactList with its contacts.
//
// - Creating needs the plan's channelCreation feature (and smsMessages for an SMS list) and
//   editTouchpoints in the list's unit; renaming, changing the columns, deleting and changing
//   contacts need editTouchpoints in its unit; reading needs viewResults there (permissions/access.ts).
// - A list of another organisation, of a deleted touchpoint, or one that does not exist: "not found".
// - Contacts are paged newest first; deleting contacts adds to the list's deletedContacts counter.
import { z } from "zod";
import type { DomainContext } from "../../context.js";
import type { MessageChannel, Prisma } from "../../../generated/prisma/client.js";
import { notFound } from "../../errors.js";
import { objectIdSchema, parseInput, messages } from "../../validation.js";
import { requireFeature } from "../../features/features.js";
import { tenantDb } from "../../tenancy.js";
import { forgetObjectUnit, loadAccess, requireOnObject, unitOf, unitsWithRight } from "../../../permissions/access.js";
import { accessMessages } from "../../../permissions/access.js";
import { forbidden } from "../../errors.js";

export const contactListMessages = {
  notFound: "Contact list not found",
  saved: "channel saved",
  deleted: "channel deleted",
  contactsDeleted: "deleted",
  reservedColumn: "A variable column cannot be named email or phone",
  duplicateColumn: "Variable column names must be different",
  invalidColumn: "A variable column name has 1 to 64 characters",
  tooManyColumns: "At most 50 variable columns",
} as const;

export const contactListTypes = { email: "emailContactList", sms: "smsContactList" } as const;
export const channelOfType = (type: string): MessageChannel | null => (type === "emailContactList" ? "email" : type === "smsContactList" ? "sms" : null);
/** The column every row of a list must have: email (email lists) or phone (SMS lists). */
export const requiredColumnOf = (channel: MessageChannel) => (channel === "email" ? "email" : "phone");

export const contactPageSizeDefault = 50;
const reservedColumns = new Set(["email", "phone"]);

export const variableNamesSchema = z
  .array(z.string().trim().min(1, contactListMessages.invalidColumn).max(64, contactListMessages.invalidColumn))
  .max(50, contactListMessages.tooManyColumns)
  .refine((names) => names.every((n) => !reservedColumns.has(n.toLowerCase())), contactListMessages.reservedColumn)
  .refine((names) => new Set(names.map((n) => n.toLowerCase())).size === names.length, contactListMessages.duplicateColumn);

const nameSchema = z.string({ message: "Name is required" }).trim().min(1, "Name is required").max(100, messages.maxLength(100));

const createSchema = z.object({
  name: nameSchema,
  channel: z.enum(["email", "sms"], { message: "Channel must be email or sms" }),
  unitId: objectIdSchema.optional(),
  variableNames: variableNamesSchema.default([]),
});
export type CreateContactListInput = z.input<typeof createSchema>;

const updateSchema = z.object({ name: nameSchema.optional(), variableNames: variableNamesSchema.optional() });
export type UpdateContactListInput = z.input<typeof updateSchema>;

export const contactListSelect = {
  id: true,
  organizationId: true,
  touchpointId: true,
  name: true,
  channel: true,
  variableNames: true,
  deletedContacts: true,
  createdAt: true,
  updatedAt: true,
  touchpoint: { select: { id: true, unitId: true, name: true, deleted: true } },
  _count: { select: { contacts: true } },
} as const satisfies Prisma.ContactListSelect;
export type ContactListRow = Prisma.ContactListGetPayload<{ select: typeof contactListSelect }>;

/** The list's contacts count. */
export const contactCountOf = (l: ContactListRow) => l._count.contacts;

const noList = () => notFound(contactListMessages.notFound);
const noEditRight = () => forbidden(accessMessages.noEditTouchpoint);

/** The list (of the caller's organisation, of a touchpoint not deleted), without access checks. */
async function loadList(ctx: DomainContext, listId: string): Promise<ContactListRow & { touchpoint: { id: string; unitId: string } }> {
  const id = objectIdSchema.safeParse(listId);
  if (!id.success) throw noList();
  const row = await tenantDb(ctx).contactList.findFirst({ where: { id: id.data, touchpoint: { deleted: false } }, select: contactListSelect });
  if (!row?.touchpoint) throw noList();
  return row as ContactListRow & { touchpoint: { id: string; unitId: string } };
}

/** The list after checking `right` in its touchpoint's unit (a list the caller may not see: "not found"). */
export async function listWithRight(ctx: DomainContext, listId: string, right: "viewResults" | "editTouchpoints") {
  const row = await loadList(ctx, listId);
  try {
    await requireOnObject(ctx, "viewResults", "Touchpoint", row.touchpoint.id);
  } catch {
    throw noList();
  }
  if (right === "editTouchpoints") await requireOnObject(ctx, "editTouchpoints", "Touchpoint", row.touchpoint.id);
  return row;
}

/** The contact lists the caller may see (viewResults in the touchpoint's unit), by name; optionally one channel. */
export async function listContactLists(ctx: DomainContext, filter: { channel?: MessageChannel | null } = {}): Promise<ContactListRow[]> {
  const access = await loadAccess(ctx);
  return tenantDb(ctx).contactList.findMany({
    where: {
      ...(filter.channel ? { channel: filter.channel } : {}),
      touchpoint: { deleted: false, unitId: { in: [...unitsWithRight(access, "viewResults")] } },
    },
    select: contactListSelect,
    orderBy: [{ name: "asc" }, { id: "asc" }],
  });
}

export async function getContactList(ctx: DomainContext, listId: string): Promise<ContactListRow> {
  return listWithRight(ctx, listId, "viewResults");
}

/** The list a touchpoint owns (contact-list campaigns only), or null. */
export async function contactListOfTouchpoint(ctx: DomainContext, touchpointId: string): Promise<ContactListRow | null> {
  return tenantDb(ctx).contactList.findFirst({ where: { touchpointId, touchpoint: { deleted: false } }, select: contactListSelect });
}

/** Creates the touchpoint (emailContactList or smsContactList) and its list in one transaction. */
export async function createContactList(ctx: DomainContext, input: CreateContactListInput): Promise<ContactListRow> {
  const access = await loadAccess(ctx);
  await requireFeature(ctx, "channelCreation");
  const data = parseInput(createSchema, input);
  if (data.channel === "sms") await requireFeature(ctx, "smsMessages");
  const editable = unitsWithRight(access, "editTouchpoints");
  const unitId = data.unitId
    ? unitOf(access, data.unitId).id
    : (access.units.find((u) => editable.has(u.id) && (!u.parentId || !editable.has(u.parentId)))?.id ?? "");
  if (!unitId || !editable.has(unitId)) throw noEditRight();
  const created = await ctx.prisma.$transaction(async (tx) => {
    const touchpoint = await tx.touchpoint.create({
      data: { organizationId: access.organizationId, unitId, name: data.name, type: contactListTypes[data.channel] },
      select: { id: true },
    });
    return tx.contactList.create({
      data: {
        organizationId: access.organizationId,
        touchpointId: touchpoint.id,
        name: data.name,
        channel: data.channel,
        variableNames: data.variableNames,
      },
      select: { id: true },
    });
  });
  return loadList(ctx, created.id);
}

/**
 * A contact-list touchpoint created through the channel calls (POST /channels with type
 * emailContactList or smsContactList) gets its list here, in the transaction that created it.
 */
export async function attachContactList(
  tx: Prisma.TransactionClient,
  touchpoint: { id: string; organizationId: string; name: string; type: string },
): Promise<void> {
  const channel = channelOfType(touchpoint.type);
  if (!channel) return;
  await tx.contactList.create({
    data: { organizationId: touchpoint.organizationId, touchpointId: touchpoint.id, name: touchpoint.name, channel, variableNames: [] },
  });
}

/** Renames the list (and its touchpoint) and sets its variable columns. */
export async function updateContactList(ctx: DomainContext, listId: string, input: UpdateContactListInput): Promise<ContactListRow> {
  const row = await listWithRight(ctx, listId, "editTouchpoints");
  const data = parseInput(updateSchema, input);
  await ctx.prisma.$transaction(async (tx) => {
    if (data.name !== undefined) await tx.touchpoint.update({ where: { id: row.touchpoint.id }, data: { name: data.name } });
    await tx.contactList.update({
      where: { id: row.id },
      data: { ...(data.name !== undefined ? { name: data.name } : {}), ...(data.variableNames ? { variableNames: data.variableNames } : {}) },
    });
  });
  return loadList(ctx, row.id);
}

/** Deletes the list with its contacts; its touchpoint is soft-deleted (its responses stay). */
export async function deleteContactList(ctx: DomainContext, listId: string): Promise<{ id: string; touchpointId: string }> {
  const row = await listWithRight(ctx, listId, "editTouchpoints");
  await ctx.prisma.$transaction(async (tx) => {
    await tx.contactList.delete({ where: { id: row.id } });
    await tx.touchpoint.update({ where: { id: row.touchpoint.id }, data: { deleted: true } });
  });
  forgetObjectUnit(ctx, "Touchpoint", row.touchpoint.id);
  return { id: row.id, touchpointId: row.touchpoint.id };
}

export type ContactRow = { id: string; email: string | null; phone: string | null; variables: Prisma.JsonValue; createdAt: Date };
export type ContactPage = { page: number; pageSize: number; totalPages: number; totalCount: number; contacts: ContactRow[] };

/** `limit` contacts of the list from `offset`, newest first, and how many it has. */
export async function contactRange(
  ctx: DomainContext,
  listId: string,
  range: { offset: number; limit: number },
): Promise<{ totalCount: number; contacts: ContactRow[] }> {
  const row = await listWithRight(ctx, listId, "viewResults");
  const db = tenantDb(ctx);
  const [totalCount, contacts] = await Promise.all([
    db.contact.count({ where: { contactListId: row.id } }),
    db.contact.findMany({
      where: { contactListId: row.id },
      select: { id: true, email: true, phone: true, variables: true, createdAt: true },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: Math.max(range.offset, 0),
      take: Math.min(Math.max(range.limit, 0), 501),
    }),
  ]);
  return { totalCount, contacts };
}

/** One page of the list's contacts, newest first (pages start at 1; spec 001 §9). */
export async function contactPage(ctx: DomainContext, listId: string, opts: { page?: number | null; pageSize?: number | null } = {}): Promise<ContactPage> {
  const pageSize = Math.min(Math.max(Math.trunc(opts.pageSize ?? contactPageSizeDefault), 1), 500);
  const page = Math.max(Math.trunc(opts.page ?? 1), 1);
  const { totalCount, contacts } = await contactRange(ctx, listId, { offset: (page - 1) * pageSize, limit: pageSize });
  return { page, pageSize, totalPages: Math.max(Math.ceil(totalCount / pageSize), 1), totalCount, contacts };
}

/** Deletes contacts of the list (ids of other lists are ignored) and counts them in deletedContacts. */
export async function deleteContacts(ctx: DomainContext, listId: string, contactIds: readonly string[]): Promise<{ deleted: number; message: string }> {
  const row = await listWithRight(ctx, listId, "editTouchpoints");
  const ids = parseInput(z.array(objectIdSchema).max(1000, "At most 1000 contacts at a time"), [...contactIds]);
  const deleted = await ctx.prisma.$transaction(async (tx) => {
    const { count } = await tx.contact.deleteMany({ where: { contactListId: row.id, organizationId: row.organizationId, id: { in: ids } } });
    if (count > 0) await tx.contactList.update({ where: { id: row.id }, data: { deletedContacts: { increment: count } } });
    return count;
  });
  return { deleted, message: contactListMessages.contactsDeleted };
}
