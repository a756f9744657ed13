/**
 * The payslip customers (`/table/CustomersForCedolini`, a view of the customers' list declared
 * in model/models/Customer.ts): the bulk action that inserts a month of payslips (C48), loaded
 * with the first selection (not with the app).
 */
import { lazy } from 'react';
import type { ResourceParts } from '../parts';

const CedoliniInsertButton = lazy(() => import('./CedoliniInsertButton').then((m) => ({ default: m.CedoliniInsertButton })));

const parts: ResourceParts = { bulkActions: CedoliniInsertButton };
export default parts;
