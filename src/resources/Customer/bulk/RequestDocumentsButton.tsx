/**
 * Bulk action 'Richiedi documenti' (issue 50 item 2): a request of documents in the customers' area
 * to each selected customer (NewRequestDialog: a checklist or the documents typed, the title, the
 * deadline, the message); how many were sent, and how many customers have nobody in the area yet,
 * is notified.
 */
import { useState } from 'react';
import { useListContext } from 'react-admin';
import { NewRequestDialog } from '../../../areas/portal/NewRequestDialog';
import { BulkTrigger } from './groups';

export function RequestDocumentsButton() {
  const { selectedIds } = useListContext();
  const [open, setOpen] = useState(false);
  return (
    <>
      <BulkTrigger disabled={!selectedIds.length} onClick={() => setOpen(true)}>
        Richiedi documenti
      </BulkTrigger>
      {open && <NewRequestDialog customerIds={[...selectedIds]} onClose={() => setOpen(false)} />}
    </>
  );
}
