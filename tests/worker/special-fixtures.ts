import type { SpecialData } from "../../app/features/specials/special";

/** A special that runs at every hour of every day for everyone (no dates, window, code, limit or pause); `fields` say what it is. */
export function alwaysOnSpecial(fields: Partial<SpecialData> & Pick<SpecialData, "name" | "badge" | "kind">): SpecialData {
  return {
    startsOn: null,
    endsOn: null,
    weekdays: [],
    windowStart: null,
    windowEnd: null,
    code: null,
    limitPerOrder: null,
    paused: false,
    selection: { categories: [], products: [], sizes: [] },
    reward: null,
    ...fields,
  } as SpecialData;
}
