import { describe, expect, it } from "vitest";
import { rightsOf } from "../access/rights";
import { visibleSettingsLinks } from "./SettingsLayout";

const paths = (viewer: Parameters<typeof rightsOf>[0]) => visibleSettingsLinks(rightsOf(viewer)).map((l) => l.to);
const billing = ["/settings/subscription", "/settings/billing-details", "/settings/billing-history", "/settings/sms-history"];

describe("the settings navigation", () => {
  it("lists time zone and the billing pages for an organisation admin", () => {
    const shown = paths({ rights: ["viewResults", "manageUsers", "manageContacts"], organizationAdmin: true, billingAdmin: false });
    expect(shown).toEqual(expect.arrayContaining(["/settings/time-zone", ...billing]));
  });

  it("lists the billing pages but not time zone for a billing admin who is no organisation admin", () => {
    const shown = paths({ rights: ["viewResults"], organizationAdmin: false, billingAdmin: true });
    expect(shown).toEqual(expect.arrayContaining(billing));
    expect(shown).not.toContain("/settings/time-zone");
    expect(shown).not.toContain("/settings/logo");
  });

  it("lists neither billing nor time zone for a viewer", () => {
    const shown = paths({ rights: ["viewResults"], organizationAdmin: false, billingAdmin: false });
    for (const path of [...billing, "/settings/time-zone"]) expect(shown).not.toContain(path);
    expect(shown).toContain("/pings");
  });
});
