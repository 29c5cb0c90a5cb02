/** The catalogue load's confirmation (decision 024): its route and texts. Pure. */

export const CATALOGUE_LOAD_ROUTE = "/admin/catalogue-load";
/** 'Export catalogue': the CSV download (decision 026). */
export const CATALOGUE_EXPORT_ROUTE = "/admin/catalogue.csv";

export const CATALOGUE_LOAD_TEXT = {
  title: "Load the full product catalogue?",
  confirmFirstTitle: "Confirm the catalogue load",
  confirmFirst: "Nothing was changed. Check what the load will do, then confirm it.",
  planChangedTitle: "The shop changed",
  planChanged: "Nothing was changed: the products changed since this plan was shown. Check the plan again.",
  keepLabel: "Load catalogue, keep my work",
  replaceLabel: "Replace my work with the catalogue",
} as const;
