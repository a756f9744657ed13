/** Bulk action 'Bollettini': the payment notice generator with the selected customers. */
import { useListContext } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { BulkTrigger } from './groups';

export function BollettiniButton() {
  const { selectedIds } = useListContext();
  const navigate = useNavigate();
  return (
    <BulkTrigger
      disabled={!selectedIds.length}
      onClick={() => navigate('/NewSchedaBollettino', { state: { customers_ids: [...selectedIds] } })}
    >
      Bollettini
    </BulkTrigger>
  );
}
