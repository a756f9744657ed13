/** Customers: the bulk actions of seed A §2 in the table's toolbar (src/bulk/). */
import type { ResourceParts } from '../parts';
import { CustomerBulkActions } from '../../bulk';

const parts: ResourceParts = { bulkActions: CustomerBulkActions };
export default parts;
