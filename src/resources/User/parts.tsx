/**
 * Users: with the credit feature on (CREDIT_ENABLED), each row's menu has 'Gestisci credito' — the
 * credit dialog of seed B §5: a credit or a debit, a whole amount above 0 (a debit is sent
 * negative), a description and a note; C80 writes the ledger row and the new balance shows in
 * the list. A failure is 'Errore di aggiornamento credito utente.'.
 */
import { lazy, Suspense, useState } from 'react';
import { MenuItem } from '@mui/material';
import type { ResourceParts, RowActionProps } from '../parts';
import { useClientVar } from '../../layout/settings';

const CreditDialog = lazy(() => import('./CreditDialog'));

function RowActions({ record, close }: RowActionProps) {
  const { data: settings } = useClientVar();
  const [open, setOpen] = useState(false);
  if (!settings?.CREDIT_ENABLED) return null;
  return (
    <>
      <MenuItem onClick={() => setOpen(true)}>Gestisci credito</MenuItem>
      {open ? (
        <Suspense fallback={null}>
          <CreditDialog
            user={record as never}
            onClose={() => {
              setOpen(false);
              close();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}

const parts: ResourceParts = { rowActions: RowActions };
export default parts;
