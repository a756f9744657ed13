/**
 * Bulk action 'Aggiungi movimento': the transaction form in multiple-customer mode with the
 * selected customers (seed A: one movement per customer, atomically, on save).
 */
import { useListContext } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { BulkTrigger } from './groups';

export function AddTransactionButton() {
  const { selectedIds } = useListContext();
  const navigate = useNavigate();
  return (
    <BulkTrigger
      disabled={!selectedIds.length}
      // the selection travels in the history state (no address length limit), as react-admin's create reads it
      onClick={() =>
        navigate('/Transaction/create', { state: { record: { __multiple: true, customer_ids: [...selectedIds] } } })
      }
    >
      Aggiungi movimento
    </BulkTrigger>
  );
}
