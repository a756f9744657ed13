/** Bulk action 'Bollettini': the payment notice generator with the selected customers. */
import { Button } from '@mui/material';
import { useListContext } from 'react-admin';
import { useNavigate } from 'react-router-dom';

export function BollettiniButton() {
  const { selectedIds } = useListContext();
  const navigate = useNavigate();
  return (
    <Button size="small" disabled={!selectedIds.length}
      onClick={() => navigate('/NewSchedaBollettino', { state: { customers_ids: [...selectedIds] } })}>
      Bollettini
    </Button>
  );
}
