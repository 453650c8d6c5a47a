// Persistent storage for oidc-provider's models (sessions, interactions, codes, tokens, grants...)
// in PostgreSQL through Prisma, table OidcPayload keyed by (type, id). This replaces the provider's
// in-memory development adapter, so sign-ins and refresh tokens survive a restart and are shared by
// several api processes.
import type { Adapter, AdapterFactory, AdapterPayload } from "oidc-provider";
import type { Prisma, PrismaClient } from "../generated/prisma/client.js";

const epochSeconds = () => Math.floor(Date.now() / 1000);

/** Rows whose expiresAt passed are invisible to find*; `pruneExpiredOidcPayloads` deletes them. */
function notExpired() {
  return { OR: [{ expiresAt: null }, { expiresAt: { gt: new Date() } }] };
}

type Row = { payload: unknown; consumedAt: Date | null };

function toPayload(row: Row | null): AdapterPayload | undefined {
  if (!row) return undefined;
  const payload = { ...(row.payload as AdapterPayload) };
  if (row.consumedAt) payload.consumed = Math.floor(row.consumedAt.getTime() / 1000);
  return payload;
}

export class PrismaOidcAdapter implements Adapter {
  constructor(
    private readonly prisma: PrismaClient,
    /** The oidc-provider model name: Session, AccessToken, RefreshToken, Grant, Interaction... */
    readonly type: string,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn: number | undefined): Promise<void> {
    const expiresAt = typeof expiresIn === "number" ? new Date(Date.now() + expiresIn * 1000) : null;
    const data = {
      payload: payload as Prisma.InputJsonValue,
      grantId: typeof payload.grantId === "string" ? payload.grantId : null,
      userCode: typeof payload.userCode === "string" ? payload.userCode : null,
      uid: typeof payload.uid === "string" ? payload.uid : null,
      expiresAt,
    };
    await this.prisma.oidcPayload.upsert({
      where: { type_id: { type: this.type, id } },
      create: { type: this.type, id, ...data },
      // A re-saved model (for example a session extended by a new sign-in) is not consumed.
      update: { ...data, consumedAt: null },
    });
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    const row = await this.prisma.oidcPayload.findFirst({
      where: { type: this.type, id, ...notExpired() },
      select: { payload: true, consumedAt: true },
    });
    return toPayload(row);
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    const row = await this.prisma.oidcPayload.findFirst({
      where: { type: this.type, uid, ...notExpired() },
      select: { payload: true, consumedAt: true },
    });
    return toPayload(row);
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    const row = await this.prisma.oidcPayload.findFirst({
      where: { type: this.type, userCode, ...notExpired() },
      select: { payload: true, consumedAt: true },
    });
    return toPayload(row);
  }

  async consume(id: string): Promise<void> {
    await this.prisma.oidcPayload.updateMany({
      where: { type: this.type, id, consumedAt: null },
      data: { consumedAt: new Date(epochSeconds() * 1000) },
    });
  }

  async destroy(id: string): Promise<void> {
    await this.prisma.oidcPayload.deleteMany({ where: { type: this.type, id } });
  }

  /** Revokes every artefact (codes, access and refresh tokens...) issued under a grant. */
  async revokeByGrantId(grantId: string): Promise<void> {
    await this.prisma.oidcPayload.deleteMany({ where: { grantId } });
  }
}

export function createPrismaAdapterFactory(prisma: PrismaClient): AdapterFactory {
  return (name: string) => new PrismaOidcAdapter(prisma, name);
}

/** Deletes expired rows. Run periodically; expired rows are already ignored by every lookup. */
export async function pruneExpiredOidcPayloads(prisma: PrismaClient): Promise<number> {
  const { count } = await prisma.oidcPayload.deleteMany({ where: { expiresAt: { lte: new Date() } } });
  return count;
}
