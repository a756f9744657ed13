/**
 * E-invoices: 'Fattura addebiti' on the table's toolbar opens the invoicing of a period's charges;
 * on the selection, 'Scarica XML (zip)' downloads its FatturaPA XMLs as archivio_edoc.zip (C57)
 * and 'Invia a SdI' sends it to SdI (issue 28, ./SendToSdiButton); each row's menu downloads its
 * XML (C56) or its PDF copy. A failure shows the seed's text ('Errore!!').
 */
import { lazy, useEffect, useState } from 'react';
import { Button, MenuItem } from '@mui/material';
import { useListContext } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { saveAs } from 'file-saver';
import FolderZipIcon from '@mui/icons-material/FolderZip';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import type { ResourceParts, RowActionProps } from '../parts';
import { EDOCUMENT_MESSAGES as M } from '../../../model/eDocumentMessages';
import { AcknowledgeDialog } from '../../layout/ErrorDialog';
import { TITLES } from '../../bulk/texts';
import { useAppDataProvider } from '../../dataProvider';
import { customerListTitle } from '../customerTitle';
import { SDI_PENDING, SDI_POLL_MS } from '../../../model/models/EDocument';

function useDownload() {
  const [error, setError] = useState<string | null>(null);
  const run = async (get: () => Promise<{ blob: Blob; filename: string }>) => {
    try {
      const { blob, filename } = await get();
      saveAs(blob, filename);
    } catch (e) {
      setError(`${M.downloadFailed}: ${(e as Error).message}`);
    }
  };
  const dialog = (
    <AcknowledgeDialog open={!!error} onClose={() => setError(null)} title={TITLES.error} text={error ?? ''} />
  );
  return { run, dialog };
}

function ZipButton() {
  const { selectedIds } = useListContext();
  const dp = useAppDataProvider();
  const { run, dialog } = useDownload();
  const [busy, setBusy] = useState(false);
  return (
    <>
      <Button
        size="small"
        startIcon={<FolderZipIcon />}
        disabled={busy || !selectedIds.length}
        onClick={async () => {
          setBusy(true);
          await run(() => dp.downloadEDocumentXmls(selectedIds));
          setBusy(false);
        }}
      >
        Scarica XML (zip)
      </Button>
      {dialog}
    </>
  );
}

// 'Invia a SdI' and its dialogs load with the first selection, not with the app
const SendToSdiBulkButton = lazy(() => import('./SendToSdiButton'));

/** The selection's actions: its XMLs, and its sending to SdI. */
function BulkActions() {
  return (
    <>
      <ZipButton />
      <SendToSdiBulkButton />
    </>
  );
}

function RowActions({ record, close }: RowActionProps) {
  const dp = useAppDataProvider();
  const { run, dialog } = useDownload();
  return (
    <>
      <MenuItem
        onClick={() => {
          void run(() => dp.downloadEDocumentXml(record.id)).then(close);
        }}
      >
        Scarica XML
      </MenuItem>
      <MenuItem
        onClick={() => {
          void run(() => dp.downloadEDocumentPdf(record.id)).then(close);
        }}
      >
        Copia PDF
      </MenuItem>
      {dialog}
    </>
  );
}

/** One customer's documents (`/table/EDocument/{customer_id}`, 'Fatture' on a customer's row): the customer in the title. */
const CustomerTitle = customerListTitle('Fatture elettroniche');

/**
 * The list follows 'Stato SdI' while an invoice on the page is on its way (In invio, Inviata: its
 * outcome comes within seconds), as the invoice's own screen does (issue 45 item 14): it is read
 * again every SDI_POLL_MS, and no more once every row has its outcome.
 */
export function SdiFollower() {
  const { data, refetch } = useListContext();
  const pending = (data ?? []).some((r) => SDI_PENDING.includes(String(r.sdi_status ?? '')));
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => void refetch(), SDI_POLL_MS);
    return () => clearInterval(timer);
  }, [pending, refetch]);
  return null;
}

/** 'Fattura addebiti' in the table's toolbar: the invoices of a period's charges (issue 28). */
function InvoiceChargesButton() {
  const navigate = useNavigate();
  return (
    <Button variant="outlined" startIcon={<ReceiptLongIcon />} onClick={() => navigate('/fattura_addebiti')}>
      Fattura addebiti
    </Button>
  );
}

const parts: ResourceParts = {
  listActions: InvoiceChargesButton,
  bulkActions: BulkActions,
  rowActions: RowActions,
  icon: ReceiptLongIcon,
  listTitle: CustomerTitle,
  listHeader: SdiFollower,
};
export default parts;
