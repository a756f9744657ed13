/**
 * The payslip customers (`/table/CustomersForCedolini`, a view of the customers' list declared
 * in model/models/Customer.ts): the bulk action that inserts a month of payslips (C48).
 */
import type { ResourceParts } from '../parts';
import { CedoliniInsertButton } from './CedoliniInsertButton';

const parts: ResourceParts = { bulkActions: CedoliniInsertButton };
export default parts;
