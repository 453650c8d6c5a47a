/**
 * What the signed-in person may do, as the server checks it (Viewer.rights: the rights of
 * api/src/permissions/rights.ts held in at least one team; organisation admins hold every one). The
 * interface offers an action only when these allow it, so nobody is offered what is then refused.
 */
import { graphql, useLazyLoadQuery } from "react-relay";
import type { Right } from "@feedback/shared/rights";
import type { rightsQuery } from "../__generated__/rightsQuery.graphql";

export type { Right };

export interface Rights {
  has(right: Right): boolean;
  organizationAdmin: boolean;
  billingAdmin: boolean;
}

export function rightsOf(viewer: { rights: readonly string[]; organizationAdmin: boolean; billingAdmin: boolean } | null | undefined): Rights {
  const held = new Set(viewer?.rights ?? []);
  return { has: (right) => held.has(right), organizationAdmin: viewer?.organizationAdmin ?? false, billingAdmin: viewer?.billingAdmin ?? false };
}

/** As createSurvey and copySurvey check: organisation admin or the may-create-surveys flag, and editSurveys in a team. */
export function mayCreateSurveys(viewer: { mayCreateSurveys: boolean; organizationAdmin: boolean; rights: readonly string[] }): boolean {
  return (viewer.organizationAdmin || viewer.mayCreateSurveys) && viewer.rights.includes("editSurveys");
}

const query = graphql`
  query rightsQuery {
    viewer {
      rights
      organizationAdmin
      billingAdmin
    }
  }
`;

/** The signed-in person's rights (read once, then from the store); none for a share link's visitor. */
export function useRights(): Rights {
  const data = useLazyLoadQuery<rightsQuery>(query, {}, { fetchPolicy: "store-or-network" });
  return rightsOf(data.viewer);
}
