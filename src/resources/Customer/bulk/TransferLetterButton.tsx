/**
 * Bulk action 'Lettera bonifico' (seed A §2, C33): exactly one customer (else 'Attenzione scegli
 * solo un cliente'), an amount, then LetteraBonifico.pdf; 'Errore in fase di download' on failure.
 */
import { useState } from 'react';
import { Button, InputAdornment, TextField, Typography } from '@mui/material';
import { useListContext } from 'react-admin';
import { useAppDataProvider } from '../../../dataProvider';
import { BulkDialog, BulkErrorDialog, saveFile, useBulkRequest } from '../../../bulk/common';
import { MESSAGES } from '../../../../model/types';
import { parseMoney } from '../../../form/MoneyInput';
import { BulkTrigger } from './groups';

export const DOWNLOAD_ERROR = 'Errore in fase di download';

/** an amount as typed in Italian ('1.234,50'), > 0, else undefined (the money input's parser) */
export const amountOf = (text: string) => {
  const n = parseMoney(text);
  return typeof n === 'number' && n > 0 ? n : undefined;
};

export function TransferLetterButton() {
  const { selectedIds } = useListContext();
  const dp = useAppDataProvider();
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const { busy, error, setError, run } = useBulkRequest();
  const one = selectedIds.length === 1;
  const value = amountOf(amount);
  const download = () =>
    run(async () => {
      await saveFile(dp.downloadTransferLetter(Number(selectedIds[0]), value!));
      setOpen(false);
    }, DOWNLOAD_ERROR);
  return (
    <>
      <BulkTrigger
        onClick={() => (one ? setOpen(true) : setError(MESSAGES.oneCustomer))}
        disabled={!selectedIds.length}
      >
        Lettera bonifico
      </BulkTrigger>
      <BulkDialog
        open={open}
        onClose={() => setOpen(false)}
        busy={busy}
        actions={
          <Button onClick={download} variant="contained" disabled={busy || value === undefined}>
            Scarica PDF
          </Button>
        }
      >
        <Typography>La lettera con cui il cliente ordina alla sua banca il bonifico allo studio.</Typography>
        <TextField
          label="Importo"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          size="small"
          sx={{ mt: 2 }}
          autoFocus
          error={amount !== '' && value === undefined}
          helperText={
            amount !== '' && value === undefined ? 'Importo non valido: maggiore di 0, massimo 2 decimali' : ' '
          }
          slotProps={{
            input: { startAdornment: <InputAdornment position="start">€</InputAdornment> },
            htmlInput: { inputMode: 'decimal' },
          }}
        />
      </BulkDialog>
      <BulkErrorDialog text={error} onClose={() => setError(null)} />
    </>
  );
}
