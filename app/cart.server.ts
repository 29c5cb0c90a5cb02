import type { Db } from "./load-context";

/**
 * The shopper's cart as the root loader gives it to every page.
 * Placeholder until the cart issue lands: always empty.
 */
export interface CartSummary {
  totalItems: number;
}

export async function loadCartSummary(_request: Request, _db: Db): Promise<CartSummary> {
  return { totalItems: 0 };
}
