import { configure, fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderApp } from "../../test/renderApp";
import { viewerResponse } from "../../test/relay";

vi.setConfig({ testTimeout: 40_000 });
// The first render compiles the lazy screen; with the suite running in parallel on two cores that takes seconds.
configure({ asyncUtilTimeout: 15_000 });

const counts = (c: Partial<Record<string, number>>) =>
  ["PENDING", "DELIVERED", "OPENED", "CLICKED", "RESPONDED", "ERROR", "UNKNOWN"].map((status) => ({ status, count: c[status] ?? 0 }));

describe("/touchpoints/sms", () => {
  it("shows each campaign's statuses as counts and loads its messages page by page until the last", async () => {
    const pages: unknown[] = [];
    renderApp("/touchpoints/sms", {
      AppShellQuery: () => viewerResponse(),
      CampaignMessagesScreenQuery: (vars) => {
        expect(vars).toEqual({ channel: "sms" });
        return {
          data: {
            campaignTouchpoints: [
              {
                id: "VG91Y2hwb2ludDox",
                name: "Spring survey SMS",
                statusCounts: counts({ DELIVERED: 3, RESPONDED: 1, ERROR: 2 }),
                launches: [
                  { launchId: "aaaaaaaaaaaaaaaaaaaaaa01", createdAt: "2026-05-01T09:00:00.000Z", status: "sent", statusCounts: counts({ DELIVERED: 3 }) },
                ],
              },
            ],
          },
        };
      },
      MessageRecordListPageQuery: (vars) => {
        pages.push(vars.page);
        const page = vars.page as number;
        return {
          data: {
            messageRecords: {
              page,
              totalPages: 2,
              total: 3,
              records:
                page === 1
                  ? [
                      { legacyId: "r1", recipient: "+358401111111", deliveryStatus: "DELIVERED", error: null, segments: 2, sentAt: "2026-05-01T09:00:05.000Z" },
                      { legacyId: "r2", recipient: "+358402222229", deliveryStatus: "ERROR", error: "UNDELIV (error 001)", segments: 1, sentAt: null },
                    ]
                  : [{ legacyId: "r3", recipient: "+358403333333", deliveryStatus: "RESPONDED", error: null, segments: 1, sentAt: "2026-05-01T09:00:06.000Z" }],
            },
          },
        };
      },
    });
    const article = await screen.findByRole("article", { name: "Spring survey SMS" });
    const chart = within(article).getByRole("figure", { name: "Delivery statuses of Spring survey SMS" });
    expect(within(chart).getByText("Delivered: 3")).toBeTruthy();
    expect(within(chart).getByText("Error: 2")).toBeTruthy();
    expect(within(chart).getByText("Responded: 1")).toBeTruthy();
    expect(within(article).getByRole("figure", { name: /^Delivery statuses of the launch of / })).toBeTruthy();

    fireEvent.click(within(article).getByRole("button", { name: "Show messages" }));
    expect(await screen.findByText("+358401111111")).toBeTruthy();
    // The delivery status pill, and the reason beside it.
    expect(screen.getAllByText("Not delivered").length).toBeGreaterThan(0);
    expect(screen.getByText("UNDELIV (error 001)")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Load more messages (page 1 of 2)" }));
    expect(await screen.findByText("+358403333333")).toBeTruthy();
    // The last page: no more "Load more".
    expect(screen.queryByRole("button", { name: /Load more/ })).toBeNull();
    expect(pages).toEqual([1, 2]);
  });
});
