import { describe, expect, it } from "vitest";
import { type CoverInfo, coverHtml, footerTemplate, formatDay } from "./pdf-document.js";

const info: CoverInfo = {
  organizationName: "Acme <Stores>",
  countryCode: "FI",
  logoDataUrl: "data:image/png;base64,AAAA",
  fromDay: "2026-04-01",
  toDay: "2026-04-30",
  surveys: ["Store visit", "Online shop"],
  touchpoints: ["Lobby kiosk"],
  team: "Helsinki",
  restrictedAnswers: 2,
  metadata: ["store = 12"],
  groupBy: "week",
  journeyName: null,
  createdAt: new Date("2026-05-02T08:30:00Z"),
};

describe("the PDF report's cover and footer", () => {
  it("names the organisation with its logo, the period and every filter, escaped", () => {
    const html = coverHtml(info, "en");
    expect(html).toContain('<img class="pdf-cover__logo" src="data:image/png;base64,AAAA" alt="Acme &lt;Stores&gt;">');
    expect(html).toContain("Acme &lt;Stores&gt;");
    expect(html).toContain("<span>Period</span> 01.04.2026 – 30.04.2026");
    expect(html).toContain("<dt>Surveys</dt><dd>Store visit, Online shop</dd>");
    expect(html).toContain("<dt>Touchpoints</dt><dd>Lobby kiosk</dd>");
    expect(html).toContain("<dt>Team</dt><dd>Helsinki</dd>");
    expect(html).toContain("<dt>Restricted by answers</dt><dd>2</dd>");
    expect(html).toContain("<dt>Metadata</dt><dd>store = 12</dd>");
    expect(html).toContain("Created 02.05.2026 08:30 UTC");
    expect(html).not.toContain("<Stores>");
  });

  it("says when no filter narrows the report, has no logo without one, and writes US dates in the US", () => {
    const html = coverHtml(
      { ...info, logoDataUrl: null, surveys: [], touchpoints: [], team: null, restrictedAnswers: 0, metadata: [], countryCode: "US" },
      "en",
    );
    expect(html).not.toContain("<img");
    expect(html).toContain("<dt>Filters</dt><dd>All surveys and touchpoints you may see</dd>");
    expect(html).toContain("04/01/2026 – 04/30/2026");
    expect(formatDay("2026-12-31", "CA")).toBe("12/31/2026");
  });

  it("is written in the report's language, Page X of Y included", () => {
    expect(coverHtml(info, "fi")).toContain("<span>Aikaväli</span>");
    expect(coverHtml({ ...info, journeyName: "Polku" }, "es")).toContain("Informe del recorrido del cliente: Polku");
    expect(footerTemplate("en")).toContain('Page <span class="pageNumber"></span> of <span class="totalPages"></span>');
    expect(footerTemplate("fi")).toContain('Sivu <span class="pageNumber"></span> / <span class="totalPages"></span>');
    expect(footerTemplate("es")).toContain("Página");
  });
});
