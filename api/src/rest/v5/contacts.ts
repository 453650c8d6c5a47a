// /api/v5 contact lists and the block list (spec 001 §7 "Channels and contacts": POST /contacts,
// GET /contacts/blocklist, DELETE /contacts/blocklist/email/{email}, and the multipart upload whose
// path the spec does not show: POST /contacts/upload/{listId}). Lists themselves are channels of
// type emailContactList / smsContactList (rest/v5/channels.ts); the rules are in
// domain/campaigns/contacts and domain/campaigns/block-list.
import type {} from "@fastify/multipart"; // request.file() and request.isMultipart()
import { z } from "zod";
import { defineRoute } from "./route.js";
import { badInput } from "../../domain/errors.js";
import { contactFileMaxBytes, contactFileMessages, tooLarge } from "../../domain/campaigns/contacts/file.js";
import { importContactFile, maxJsonContacts, saveContacts, type ImportReport } from "../../domain/campaigns/contacts/import.js";
import { contactPage, deleteContacts, getContactList, updateContactList, type ContactListRow } from "../../domain/campaigns/contacts/lists.js";
import { listBlockedAddresses, unblockAddress } from "../../domain/campaigns/block-list/index.js";

const tag = "Contacts";
const objectId = z.string().describe("24 hexadecimal characters");

export const importReportShape = z
  .object({
    imported: z.number().int().describe("contacts added to the list"),
    skipped: z.number().int().describe("invalid rows skipped (missing required field, invalid email or phone number)"),
    duplicates: z.number().int().describe("rows ignored: the address or number is in the list already or earlier in the file"),
    emailsSuppressed: z.number().int().describe("addresses not loaded because they are on the block list (an earlier unsubscribe)"),
    errors: z
      .array(
        z.object({
          line: z.number().int().describe("the file's line (the header is line 1); for POST /contacts the contact's position from 1"),
          message: z
            .string()
            .describe('"invalid email on line N", "invalid phone number on line N", "missing required field on line N" or "duplicate value on line N"'),
          kind: z.enum(["invalidEmail", "invalidPhone", "missingField", "duplicate"]),
        }),
      )
      .describe("per-line errors in line order (the first 1000)"),
    errorsTruncated: z.boolean().describe("more errors happened than `errors` lists (the counts stay exact)"),
    variableNames: z.array(z.string()).describe("the list's variable columns after the import"),
    message: z.literal("contacts saved"),
  })
  .meta({ id: "ContactImportReport" });

const reportJson = (r: ImportReport): z.input<typeof importReportShape> => ({ ...r, message: "contacts saved" });

const contactListShape = z
  .object({
    _id: objectId,
    channelId: objectId.describe("the touchpoint (channel) that owns the list"),
    name: z.string(),
    channel: z.enum(["email", "sms"]),
    variableNames: z.array(z.string()),
    contactCount: z.number().int(),
    deletedContacts: z.number().int(),
  })
  .meta({ id: "ContactList" });

const listJson = (l: ContactListRow): z.input<typeof contactListShape> => ({
  _id: l.id,
  channelId: l.touchpointId ?? "",
  name: l.touchpoint?.name ?? l.name,
  channel: l.channel,
  variableNames: l.variableNames,
  contactCount: l._count.contacts,
  deletedContacts: l.deletedContacts,
});

const contactShape = z.object({
  _id: objectId,
  email: z.string().nullable(),
  phone: z.string().nullable(),
  variables: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});

const jsonContact = z.object({
  email: z.string().nullish(),
  phone: z.string().nullish().describe("international, starting with +"),
  variables: z
    .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
    .nullish()
    .describe("values of the variable columns"),
});

const listParams = z.object({ listId: z.string() });
const idParams = z.object({ id: z.string() });

export const contactRoutes = [
  defineRoute({
    method: "POST",
    path: "/contacts",
    tag,
    summary: `Adds contacts (JSON, at most ${maxJsonContacts}) to a contact list: editTouchpoints in the list's unit. Checked as an upload's rows; the answer is the report ("contacts saved")`,
    auth: "bearer",
    body: z.object({ listId: z.string().describe("the contact list's _id"), contacts: z.array(jsonContact) }),
    response: importReportShape,
    handler: async ({ ctx, body }) => reportJson(await saveContacts(ctx, body.listId, body.contacts)),
  }),
  defineRoute({
    method: "POST",
    path: "/contacts/upload/{listId}",
    tag,
    summary: `Uploads a contact file into a list: multipart/form-data, field 'file', a .csv (delimiter , ; or tab; UTF-8, BOM allowed) or .xlsx file (first worksheet), recognised by content, at most ${contactFileMaxBytes / (1024 * 1024)} MB, copied to a temporary file and then read as a stream (checked first, then loaded in batches). An email list needs an email column, an SMS list a phone column; other columns become variables. Invalid rows are skipped and duplicates ignored; the answer is the per-line report. A refused file stores nothing. editTouchpoints in the list's unit`,
    auth: "bearer",
    params: listParams,
    upload: { field: "file", description: "the .csv or .xlsx contact file" },
    errors: { 413: "the file is larger than the limit" },
    response: importReportShape,
    handler: async ({ ctx, params, request }) => {
      // the whole request says it is too large: refused before a byte is read
      const declared = Number(request.headers["content-length"] ?? 0);
      if (declared > contactFileMaxBytes + 64 * 1024) {
        await getContactList(ctx, params.listId); // another organisation's list stays "not found"
        throw tooLarge(contactFileMaxBytes);
      }
      if (!request.isMultipart()) throw badInput(contactFileMessages.notCsvOrXlsx, "file");
      const part = await request.file({ limits: { fileSize: contactFileMaxBytes + 1, files: 1 } });
      if (!part) throw badInput(contactFileMessages.empty, "file");
      return reportJson(
        await importContactFile(ctx, params.listId, {
          source: part.file,
          fileName: part.filename,
          maxBytes: contactFileMaxBytes,
          truncated: () => part.file.truncated,
        }),
      );
    },
  }),
  defineRoute({
    method: "GET",
    path: "/contact-lists/{id}",
    tag,
    summary: "One contact list (viewResults in its unit)",
    auth: "bearer",
    params: idParams,
    response: contactListShape,
    handler: async ({ ctx, params }) => listJson(await getContactList(ctx, params.id)),
  }),
  defineRoute({
    method: "PUT",
    path: "/contact-lists/{id}",
    tag,
    summary: "Renames a contact list (and its channel) and sets its variable columns (editTouchpoints in its unit)",
    auth: "bearer",
    params: idParams,
    body: z.object({ name: z.string().optional(), variableNames: z.array(z.string()).optional() }),
    response: contactListShape.extend({ message: z.literal("channel saved") }),
    handler: async ({ ctx, params, body }) => ({ ...listJson(await updateContactList(ctx, params.id, body)), message: "channel saved" as const }),
  }),
  defineRoute({
    method: "GET",
    path: "/contact-lists/{id}/contacts",
    tag,
    summary: "One page of the list's contacts, newest first; pages start at 1 (load more until page equals totalPages). viewResults in its unit",
    auth: "bearer",
    params: idParams,
    query: z.object({ page: z.coerce.number().int().min(1).optional(), pageSize: z.coerce.number().int().min(1).max(500).optional() }),
    response: z.object({ page: z.number().int(), totalPages: z.number().int(), totalCount: z.number().int(), data: z.array(contactShape) }),
    handler: async ({ ctx, params, query }) => {
      const p = await contactPage(ctx, params.id, { page: query.page, pageSize: query.pageSize });
      return {
        page: p.page,
        totalPages: p.totalPages,
        totalCount: p.totalCount,
        data: p.contacts.map((c) => ({
          _id: c.id,
          email: c.email,
          phone: c.phone,
          variables: (c.variables ?? {}) as Record<string, unknown>,
          createdAt: c.createdAt.toISOString(),
        })),
      };
    },
  }),
  defineRoute({
    method: "POST",
    path: "/contact-lists/{id}/contacts/delete",
    tag,
    summary: "Deletes contacts of the list (ids of other lists are ignored); they count in the channel's deletedContacts. editTouchpoints in its unit",
    auth: "bearer",
    params: idParams,
    body: z.object({ ids: z.array(z.string()) }),
    response: z.object({ deleted: z.number().int(), message: z.literal("deleted") }),
    handler: async ({ ctx, params, body }) => {
      const r = await deleteContacts(ctx, params.id, body.ids);
      return { deleted: r.deleted, message: "deleted" as const };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/contacts/blocklist",
    tag,
    summary: "The organisation's block (unsubscribe) list, newest first: manageContacts in some unit. _id is the blocked address",
    auth: "bearer",
    query: z.object({
      search: z.string().optional(),
      limit: z.coerce.number().int().min(1).max(1000).optional(),
      offset: z.coerce.number().int().min(0).optional(),
    }),
    response: z.object({ total: z.number().int(), data: z.array(z.object({ _id: z.string().describe("the blocked email"), createdAt: z.string() })) }),
    handler: async ({ ctx, query }) => {
      const r = await listBlockedAddresses(ctx, query);
      return { total: r.total, data: r.addresses.map((a) => ({ _id: a.email, createdAt: a.createdAt.toISOString() })) };
    },
  }),
  defineRoute({
    method: "DELETE",
    path: "/contacts/blocklist/email/{email}",
    tag,
    summary: 'Takes an address off the block list ("removed from suppression list"): organisation admins only',
    auth: "bearer",
    params: z.object({ email: z.string() }),
    response: z.object({ _id: z.string(), message: z.literal("removed from suppression list") }),
    handler: async ({ ctx, params }) => {
      const r = await unblockAddress(ctx, params.email);
      return { _id: r.email, message: "removed from suppression list" as const };
    },
  }),
];
