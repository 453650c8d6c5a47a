// Minimal ambient types for oidc-provider 9 (the package ships none and @types/oidc-provider is not
// installed). Only what this project touches is declared; everything else stays `unknown`.
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  export type AdapterPayload = {
    [key: string]: unknown;
    grantId?: string;
    userCode?: string;
    uid?: string;
    consumed?: unknown;
    jti?: string;
    kind?: string;
  };

  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn: number | undefined): Promise<void>;
    find(id: string): Promise<AdapterPayload | undefined>;
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
    findByUid(uid: string): Promise<AdapterPayload | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  }

  export type AdapterFactory = (name: string) => Adapter;

  export interface ClaimsObject {
    sub: string;
    [claim: string]: unknown;
  }

  export interface Account {
    accountId: string;
    claims(use: string, scope: string, claims: unknown, rejected: string[]): Promise<ClaimsObject> | ClaimsObject;
  }

  export interface ClientMetadata {
    client_id: string;
    [key: string]: unknown;
  }

  export interface Client {
    clientId: string;
    clientName?: string;
    [key: string]: unknown;
  }

  export interface Session {
    accountId?: string;
    transient?: boolean;
    exp?: number;
    grantIdFor(clientId: string): string | undefined;
  }

  export interface Grant {
    jti: string;
    accountId: string;
    clientId: string;
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    addResourceScope(resource: string, scope: string): void;
    getOIDCScopeFiltered(scopes: Set<string>): string;
    save(ttl?: number): Promise<string>;
  }

  export interface GrantConstructor {
    new (properties: { accountId: string; clientId: string }): Grant;
    find(id: string): Promise<Grant | undefined>;
  }

  export interface BaseToken {
    kind: string;
    accountId?: string;
    clientId?: string;
    remainingTTL: number;
    [key: string]: unknown;
  }

  export interface ResourceServerInfo {
    scope: string;
    audience?: string;
    accessTokenTTL?: number;
    accessTokenFormat?: "opaque" | "jwt";
    jwt?: { sign?: { alg?: string; kid?: string } };
  }

  export interface OIDCContext {
    params: Record<string, unknown>;
    client?: Client;
    session: Session;
    account?: Account;
    result?: InteractionResults;
    provider: Provider;
    /** The matched route's name, e.g. "discovery", "userinfo", "end_session". */
    route: string;
    entities: Record<string, BaseToken | undefined>;
    resourceServers: Record<string, { scope: string } | undefined>;
    requestParamOIDCScopes: Set<string>;
    requestParamScopes: Set<string>;
  }

  /** The Koa context oidc-provider passes to configuration helpers. */
  export interface KoaContextWithOIDC {
    oidc: OIDCContext;
    type: string;
    body: unknown;
    status: number;
    host: string;
    ip: string;
    get(header: string): string;
    set(header: string, value: string): void;
    headers: Record<string, string | string[] | undefined>;
    req: IncomingMessage;
  }

  export interface InteractionResults {
    login?: { accountId: string; remember?: boolean; amr?: string[]; acr?: string; ts?: number };
    consent?: { grantId?: string };
    error?: string;
    error_description?: string;
    [key: string]: unknown;
  }

  export interface PromptDetail {
    name: "login" | "consent" | string;
    reasons: string[];
    details: Record<string, unknown>;
  }

  export interface Interaction {
    uid: string;
    kind: string;
    prompt: PromptDetail;
    params: Record<string, unknown>;
    session?: { accountId?: string; uid?: string };
    grantId?: string;
    lastSubmission?: InteractionResults;
    returnTo: string;
    exp: number;
  }

  export type Configuration = Record<string, unknown>;

  export class Provider {
    constructor(issuer: string, configuration?: Configuration);
    readonly issuer: string;
    proxy: boolean;
    readonly Grant: GrantConstructor;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionResult(req: IncomingMessage, res: ServerResponse, result: InteractionResults, options?: { mergeWithLastSubmission?: boolean }): Promise<string>;
    interactionFinished(req: IncomingMessage, res: ServerResponse, result: InteractionResults, options?: { mergeWithLastSubmission?: boolean }): Promise<void>;
    on(event: string, listener: (...args: unknown[]) => void): this;
    /** Koa middleware run before the provider's own (it sees ctx.oidc after `await next()`). */
    use(middleware: (ctx: KoaContextWithOIDC, next: () => Promise<void>) => Promise<void>): this;
    cookieName(type: "session" | "interaction" | "resume"): string;
  }

  export namespace errors {
    class OIDCProviderError extends Error {
      error: string;
      error_description?: string;
      status: number;
    }
    class InvalidTarget extends OIDCProviderError {
      constructor(description?: string);
    }
    class SessionNotFound extends OIDCProviderError {}
  }

  export default Provider;
}
