/** Bulk action 'Bollettini': the payment notice generator with the selected customers. */
import { BulkOpenScreen } from './groups';

export function BollettiniButton() {
  return (
    <BulkOpenScreen to="/NewSchedaBollettino" state={(ids) => ({ customers_ids: ids })}>
      Bollettini
    </BulkOpenScreen>
  );
}
