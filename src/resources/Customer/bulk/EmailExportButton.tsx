/**
 * Bulk action 'Esporta email': the e-mail addresses of the selected customers, to copy (separated
 * by '; ', as mail programs take them) or to download as CSV (Ragione Sociale; Email).
 */
import { useState } from 'react';
import { Button, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useListContext, useNotify } from 'react-admin';
import { useAppDataProvider } from '../../../dataProvider';
import { BulkDialog, BulkErrorDialog, TEXTS, downloadCsv } from '../../../bulk/common';
import { BulkTrigger } from './groups';

export function EmailExportButton() {
  const { selectedIds } = useListContext();
  const dp = useAppDataProvider();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const rows = useQuery({
    queryKey: ['customer-emails', selectedIds.join(',')],
    enabled: open && selectedIds.length > 0,
    queryFn: async ({ signal }) =>
      (await dp.getMany('Customer', { ids: selectedIds, signal })).data as Array<{
        id: number;
        business_name: string;
        email?: string | null;
      }>,
  });
  const withEmail = (rows.data ?? []).filter((r) => r.email);
  const text = [...new Set(withEmail.map((r) => String(r.email)))].join('; ');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      notify('Indirizzi copiati negli appunti');
    } catch {
      notify('Copia non riuscita: seleziona il testo e copialo', { type: 'warning' });
    }
  };
  const download = () =>
    downloadCsv(
      'email_clienti.csv',
      ['Ragione Sociale', 'Email'],
      withEmail.map((r) => [r.business_name, String(r.email)]),
    );
  return (
    <>
      <BulkTrigger onClick={() => setOpen(true)} disabled={!selectedIds.length}>
        Esporta email
      </BulkTrigger>
      <BulkDialog
        open={open}
        onClose={() => setOpen(false)}
        cancel="Chiudi"
        actions={
          <>
            <Button onClick={download} disabled={!withEmail.length}>
              Scarica CSV
            </Button>
            <Button variant="contained" onClick={copy} disabled={!withEmail.length}>
              Copia negli appunti
            </Button>
          </>
        }
      >
        <Typography sx={{ mb: 1 }}>
          {rows.isPending
            ? 'Caricamento…'
            : `${withEmail.length} indirizzi email dei ${selectedIds.length} clienti selezionati.`}
        </Typography>
        <TextField
          label="Indirizzi email"
          value={text}
          multiline
          minRows={3}
          maxRows={10}
          fullWidth
          slotProps={{ htmlInput: { readOnly: true } }}
        />
      </BulkDialog>
      <BulkErrorDialog text={rows.isError ? TEXTS.load : null} onClose={() => setOpen(false)} />
    </>
  );
}
