import { describe, expect, it } from "vitest";
import { NO_LAB_REPORT_COLUMNS } from "../../app/features/lab-reports/lab-report";
import { defaultSettings } from "../../app/features/settings/settings";
import { deliveryPromises, labPromise, productPromises } from "../../app/features/product-page/product-promises";

const NO_LAB = { ...NO_LAB_REPORT_COLUMNS, isLabTested: false };

const delivery = () => defaultSettings({ TELEGRAM_USERNAME: "greenleafsupply" }).delivery;

describe("the product page's cards say only what the settings and the product's data say", () => {
  it("a new shop: shipping with its estimate, then the lab card, then the pickup", () => {
    expect(productPromises(delivery(), { ...NO_LAB, isLabTested: true })).toEqual([
      { icon: "delivery", title: "Discreet nationwide delivery", text: "1-3 business days" },
      { icon: "lab", title: "Lab tested", text: "Lab report on request" },
      { icon: "pickup", title: "In-town appointment", text: "Message us on Telegram to book a time and place." },
    ]);
  });

  it("local delivery names its zones (the first three, then how many more), and a zone-less local delivery shows nothing", () => {
    const settings = delivery();
    settings.shipping.enabled = false;
    settings.pickup.enabled = false;
    settings.local = { enabled: true, name: "City courier", zones: [] };
    expect(deliveryPromises(settings)).toEqual([]);
    settings.local.zones = ["North", "South", "East", "West", "Old Town"].map((name) => ({
      name,
      feeCents: 500,
      minimumCents: null,
      estimate: "",
    }));
    expect(deliveryPromises(settings)).toEqual([{ icon: "delivery", title: "City courier", text: "North, South, East and 2 more" }]);
  });

  it("the lab card reads the product's own report, hides a built-in sample and says nothing without lab data", () => {
    expect(labPromise({ ...NO_LAB, labReportKey: "coa.pdf", labName: "SC Labs", labTestDate: "2026-03-14" })).toEqual({
      icon: "lab",
      title: "Lab tested",
      text: "By SC Labs, 14 March 2026",
    });
    expect(labPromise({ ...NO_LAB, labThcPercent: 21.5 })).toEqual({ icon: "lab", title: "Lab tested", text: "Its results are below" });
    expect(labPromise({ ...NO_LAB, labReportKey: "s.pdf", labName: "Example Analytical Labs (sample)", isLabTested: true })).toBeNull();
    expect(labPromise(NO_LAB)).toBeNull();
  });
});
