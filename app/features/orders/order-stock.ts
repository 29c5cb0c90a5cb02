import { z } from "zod";

/** The stock form on the order page, posted to the back office (works without JavaScript). */
export const ORDER_STOCK_ACTION = "/admin/orders/stock";

const STOCK_INTENTS = ["take", "put-back"] as const;

export const orderStockSchema = z.object({
  intent: z.enum(STOCK_INTENTS, { message: "Choose to take the order from stock or put it back." }),
  token: z.string({ required_error: "The order link is missing." }).min(1).max(4000, "This order link is not valid."),
});

export const ORDER_LINK_INVALID = "This order link is not valid";
export const ORDER_LINK_EXPIRED = "This order link has expired";
