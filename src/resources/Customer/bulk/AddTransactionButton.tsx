/**
 * Bulk action 'Aggiungi movimento': the transaction form in multiple-customer mode with the
 * selected customers (seed A: one movement per customer, atomically, on save).
 */
import { BulkOpenScreen } from './groups';

export function AddTransactionButton() {
  return (
    // as react-admin's create reads it
    <BulkOpenScreen to="/Transaction/create" state={(ids) => ({ record: { __multiple: true, customer_ids: ids } })}>
      Aggiungi movimento
    </BulkOpenScreen>
  );
}
