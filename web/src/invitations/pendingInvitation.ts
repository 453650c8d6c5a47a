/** The invitation token kept across the sign-in round trip (sessionStorage: this tab only). */
export const PENDING_INVITATION_KEY = "pendingInvitationToken";
