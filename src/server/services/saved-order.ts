import type { OrderObject } from '../../contract/order';
import type { Accrual } from './earn-points';

/** What saving an order did, whichever path wrote it: the order as now stored, and the points it earned or holds (when it became PAID). */
export interface SavedOrder {
  order: OrderObject;
  accruals: Accrual[];
}
