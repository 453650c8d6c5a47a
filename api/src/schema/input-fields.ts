// Two readings every typed input and stored value of the schema shares: an input object without its
// unset fields (GraphQL's null and absent both mean "not set"), and a stored JSON object read field by
// field through the domain's zod schema (a field that no longer reads is dropped, not fatal).

type Obj = Record<string, unknown>;

/** The object without its null and undefined fields. */
export function defined<T extends object>(o: T): Obj {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined));
}

type FieldSchema = { safeParse: (v: unknown) => { success: boolean; data?: unknown } };

/**
 * A stored object read through a zod object schema's shape one field at a time: each field that
 * parses is kept (over `base`'s value), a field that does not is left as `base` has it; a field that
 * parses to null too, unless `keepNull` (null is then a value: "cleared"). Stored values were
 * validated when saved; this keeps one stale field from failing the whole answer.
 */
export function readFieldByField(shape: Record<string, unknown>, raw: unknown, base: Obj = {}, { keepNull = false } = {}): Obj {
  const out: Obj = { ...base };
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return out;
  for (const [key, value] of Object.entries(raw as Obj)) {
    const parsed = (shape[key] as FieldSchema | undefined)?.safeParse(value);
    if (parsed?.success && parsed.data !== undefined && (keepNull || parsed.data !== null)) out[key] = parsed.data;
  }
  return out;
}
