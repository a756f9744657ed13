/**
 * The payslip customers (`/table/CustomersForCedolini`, a view of the customers' list declared
 * in model/models/Customer.ts): how the page is used, above the table, and the bulk action that
 * inserts a month of payslips (C48), loaded with the first selection (not with the app).
 */
import { lazy } from 'react';
import { Alert } from '@mui/material';
import type { ResourceParts } from '../parts';

const CedoliniInsertButton = lazy(() =>
  import('./CedoliniInsertButton').then((m) => ({ default: m.CedoliniInsertButton })),
);

/** The page's guidance: select customers, then 'Inserisci cedolini' (issue 25 item 18). */
function Guidance() {
  return (
    <Alert severity="info" role="note" aria-label="Come si inseriscono i cedolini" sx={{ mb: 1 }}>
      Seleziona i clienti nella tabella con le caselle a sinistra (o tutti con «Seleziona tutti»), poi premi «Inserisci
      cedolini» nella barra che compare sopra la tabella: scegli anno, mese e quantità di ciascun cliente. Apri un
      cliente per vedere i cedolini già salvati, mese per mese.
    </Alert>
  );
}

const parts: ResourceParts = { bulkActions: CedoliniInsertButton, listHeader: Guidance };
export default parts;
