// Answers for the small queries many screens share (the date format's country, the viewer's rights),
// used when a test gives no handler of its own: a Finnish organisation admin.
import { rights } from "@feedback/shared/rights";
import type { Handler } from "./relay";

export const sharedHandlers: Record<string, Handler> = {
  useDatesQuery: () => ({ data: { viewer: { countryCode: "FI" } } }),
  rightsQuery: () => ({
    data: {
      viewer: {
        rights: [...rights],
        organizationAdmin: true,
        billingAdmin: false,
      },
    },
  }),
};
