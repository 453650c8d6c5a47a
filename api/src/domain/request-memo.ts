// What one request has already read: the caller's access, each object's unit, the scoped database,
// a share link's creator visibility, which surveys the caller sees. Carried in the context
// (`DomainContext.memo`, one per request, made by the server like `shareLinks`), so a context spread
// with another field (`{ ...ctx, prisma: analyticsPrisma }` for the analytics pool) shares it: a
// cache keyed on the context object would miss there and read everything again.
//
// Each module names its own slot (`memoSlot`), so this file knows none of them.
export type MemoSlot<T> = { readonly name: string; readonly make: () => T };
export type RequestMemo = Map<MemoSlot<unknown>, unknown>;

/** A named place in the request memo, made empty on first use. */
export function memoSlot<T>(name: string, make: () => T): MemoSlot<T> {
  return { name, make };
}

export function newRequestMemo(): RequestMemo {
  return new Map();
}

// Contexts made without the server's memo (tests, jobs) keep one here for their lifetime.
const detached = new WeakMap<object, RequestMemo>();

function memoOf(ctx: { memo?: RequestMemo }): RequestMemo {
  if (ctx.memo) return ctx.memo;
  let memo = detached.get(ctx);
  if (!memo) detached.set(ctx, (memo = newRequestMemo()));
  return memo;
}

/** The request's value in this slot. */
export function perRequest<T>(ctx: { memo?: RequestMemo }, slot: MemoSlot<T>): T {
  const memo = memoOf(ctx);
  if (!memo.has(slot as MemoSlot<unknown>)) memo.set(slot as MemoSlot<unknown>, slot.make());
  return memo.get(slot as MemoSlot<unknown>) as T;
}
