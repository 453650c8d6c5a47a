// Errors the domain layer raises. GraphQL maps them to GraphQLError extensions.code and the REST
// facade to an HTTP status with `{ error }` (spec 000 §8). The message is the user-facing text.

export type DomainErrorCode =
  | "BAD_USER_INPUT"
  | "UNAUTHENTICATED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "CONFLICT"
  | "RATE_LIMITED"
  | "GONE"
  | "PAYLOAD_TOO_LARGE"
  | "ANALYTICS_TIMEOUT"
  | "INSUFFICIENT_FUNDS"
  | "QUOTA_EXCEEDED"
  | "PAYMENT_REQUIRED";

export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = "DomainError";
  }
}

export const badInput = (message: string, field?: string) => new DomainError("BAD_USER_INPUT", message, field);
export const unauthenticated = (message = "Not logged in") => new DomainError("UNAUTHENTICATED", message);
export const forbidden = (message = "You do not have the rights to do this") => new DomainError("FORBIDDEN", message);
export const notFound = (message = "Not found") => new DomainError("NOT_FOUND", message);
export const conflict = (message: string, field?: string) => new DomainError("CONFLICT", message, field);

export const httpStatusOf: Record<DomainErrorCode, number> = {
  BAD_USER_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  // PostgreSQL stopped an analysis at the analytics statement timeout (limits/analytics.ts).
  ANALYTICS_TIMEOUT: 503,
  // spec 000 §8: "Not enough balance to send SMS" and "Email quota exceeded"
  INSUFFICIENT_FUNDS: 402,
  QUOTA_EXCEEDED: 403,
  // a payment was declined or needs the card holder's extra authentication (domain/billing)
  PAYMENT_REQUIRED: 402,
};
