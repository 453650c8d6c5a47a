// The embedded provider's interaction pages: sign-in with email and password (and "remember me"),
// and automatic consent for our own client.
import formbody from "@fastify/formbody";
import { publicUrlFor } from "../http/public-address.js";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Interaction, InteractionResults, Provider } from "oidc-provider";
import type { Config } from "../config.js";
import type { PrismaClient } from "../generated/prisma/client.js";
import { verifyCredentials } from "./accounts.js";
import { chooseLocale, MESSAGES, type PageLocale } from "./i18n.js";
import type { LoginThrottle } from "./throttle.js";
import { renderErrorPage, renderExpiredPage, renderSignInPage } from "./views.js";

type Options = {
  provider: Provider;
  prisma: PrismaClient;
  throttle: LoginThrottle;
  config: Config;
  basePath: string;
};

type UidParams = { uid: string };
type LoginBody = { email?: unknown; password?: unknown; remember?: unknown; locale?: unknown };

const str = (value: unknown): string => (typeof value === "string" ? value : "");

function sendHtml(reply: FastifyReply, status: number, html: string) {
  return reply
    .code(status)
    .header("content-type", "text/html; charset=utf-8")
    .header("cache-control", "no-store")
    .header("x-frame-options", "DENY")
    .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'")
    .send(html);
}

export async function registerInteractionRoutes(app: FastifyInstance, o: Options): Promise<void> {
  const { provider, prisma, throttle, config, basePath } = o;
  // Development: the address the request came to (http/public-address.ts); otherwise PUBLIC_URL.
  const appUrl = (request: FastifyRequest) => publicUrlFor(config, request);

  function pageLocale(request: FastifyRequest, interaction?: Interaction, explicit?: unknown): PageLocale {
    const query = request.query as Record<string, unknown> | undefined;
    return chooseLocale({
      locale: explicit ?? query?.locale ?? interaction?.params.locale,
      uiLocales: interaction?.params.ui_locales,
      acceptLanguage: request.headers["accept-language"],
    });
  }

  /** The interaction this browser is in, or undefined when it expired or the uid does not match. */
  async function currentInteraction(request: FastifyRequest<{ Params: UidParams }>, reply: FastifyReply) {
    try {
      const interaction = await provider.interactionDetails(request.raw, reply.raw);
      return interaction.uid === request.params.uid ? interaction : undefined;
    } catch {
      return undefined;
    }
  }

  /** Our client is first-party: grant what the request asks for, without a consent screen. */
  async function autoConsent(interaction: Interaction): Promise<InteractionResults> {
    if (interaction.params.client_id !== config.oidc.clientId || !interaction.session?.accountId) {
      return { error: "access_denied", error_description: "consent is required" };
    }
    const details = interaction.prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    const existing = interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined;
    const grant = existing ?? new provider.Grant({ accountId: interaction.session.accountId, clientId: config.oidc.clientId });
    if (details.missingOIDCScope?.length) grant.addOIDCScope(details.missingOIDCScope.join(" "));
    if (details.missingOIDCClaims?.length) grant.addOIDCClaims(details.missingOIDCClaims);
    for (const [indicator, scopes] of Object.entries(details.missingResourceScopes ?? {})) {
      grant.addResourceScope(indicator, scopes.join(" "));
    }
    const grantId = await grant.save();
    return { consent: existing ? {} : { grantId } };
  }

  async function finish(request: FastifyRequest, reply: FastifyReply, result: InteractionResults) {
    const returnTo = await provider.interactionResult(request.raw, reply.raw, result, { mergeWithLastSubmission: false });
    return reply.header("cache-control", "no-store").redirect(returnTo, 303);
  }

  await app.register(async (scope) => {
    // This scope parses urlencoded forms itself, whatever the rest of the app registered.
    scope.removeAllContentTypeParsers();
    await scope.register(formbody, { bodyLimit: 16 * 1024 });

    scope.get<{ Params: UidParams }>(`${basePath}/interaction/:uid`, async (request, reply) => {
      const interaction = await currentInteraction(request, reply);
      if (!interaction) return sendHtml(reply, 400, renderExpiredPage(pageLocale(request), appUrl(request)));
      const locale = pageLocale(request, interaction);
      switch (interaction.prompt.name) {
        case "login": {
          const hint = interaction.prompt.details.login_hint ?? interaction.params.login_hint;
          return sendHtml(
            reply,
            200,
            renderSignInPage({
              locale,
              action: `${basePath}/interaction/${interaction.uid}/login`,
              selfPath: `${basePath}/interaction/${interaction.uid}`,
              email: typeof hint === "string" ? hint : undefined,
              forgotPasswordUrl: `${appUrl(request)}/forgot-password`,
            }),
          );
        }
        case "consent":
          return finish(request, reply, await autoConsent(interaction));
        default:
          return sendHtml(reply, 400, renderErrorPage(locale, appUrl(request), { error: "unsupported_prompt" }));
      }
    });

    scope.post<{ Params: UidParams; Body: LoginBody }>(`${basePath}/interaction/:uid/login`, async (request, reply) => {
      const interaction = await currentInteraction(request, reply);
      const body = (request.body ?? {}) as LoginBody;
      if (!interaction) return sendHtml(reply, 400, renderExpiredPage(pageLocale(request, undefined, body.locale), appUrl(request)));
      const locale = pageLocale(request, interaction, body.locale);
      const t = MESSAGES[locale];
      if (interaction.prompt.name !== "login") {
        return sendHtml(reply, 400, renderErrorPage(locale, appUrl(request), { error: "unexpected_prompt" }));
      }
      const email = str(body.email).trim();
      const password = str(body.password);
      const rememberMe = ["yes", "on", "true", "1"].includes(str(body.remember));
      const page = (status: number, error: string) =>
        sendHtml(
          reply,
          status,
          renderSignInPage({
            locale,
            action: `${basePath}/interaction/${interaction.uid}/login`,
            selfPath: `${basePath}/interaction/${interaction.uid}`,
            email,
            rememberMe,
            error,
            forgotPasswordUrl: `${appUrl(request)}/forgot-password`,
          }),
        );

      if (!email || !password) return page(400, t.missingFields);

      const address = request.ip;
      const waitMs = await throttle.retryAfterMs(email, address);
      if (waitMs > 0) {
        reply.header("retry-after", String(Math.ceil(waitMs / 1000)));
        return page(429, t.tooManyAttempts(Math.max(1, Math.ceil(waitMs / 60_000))));
      }

      const accountId = await verifyCredentials(prisma, email, password);
      if (!accountId) {
        await throttle.recordFailure(email, address);
        return page(401, t.invalidCredentials);
      }
      await throttle.recordSuccess(email, address);
      return finish(request, reply, { login: { accountId, remember: rememberMe, amr: ["pwd"] } });
    });
  });
}
