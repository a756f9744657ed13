/** The credit dialog of the users list (seed B §5; C80), loaded when it is first opened. */
import { useState } from 'react';
import { Button, FormControlLabel, Radio, RadioGroup, Stack, TextField, Typography } from '@mui/material';
import { useNotify, useRefresh } from 'react-admin';
import { AcknowledgeDialog, AppDialog } from '../../layout/ErrorDialog';
import { useAppDataProvider } from '../../dataProvider';
import { formatCredit } from '../../layout/shell/data';

export const CREDIT_ERROR = 'Errore di aggiornamento credito utente.';

/** The dialog's amount: required, a whole number above 0 (the kind gives the sign). */
export function creditAmountError(text: string): string | undefined {
  const t = text.trim();
  if (!t) return 'Campo Obbligatorio';
  if (!/^\d{1,10}$/.test(t)) return 'Inserisci un numero intero';
  if (Number(t) <= 0) return 'Inserisci un numero maggiore di 0';
  return undefined;
}

export function CreditDialog({
  user,
  onClose,
}: {
  user: { id: number | string; name?: string; cognome?: string; credit?: number | string };
  onClose: () => void;
}) {
  const dp = useAppDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const [kind, setKind] = useState<'credit' | 'debit'>('credit');
  const [amount, setAmount] = useState('');
  const [description, setDescription] = useState('');
  const [note, setNote] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const amountError = creditAmountError(amount);
  const save = async () => {
    setTouched(true);
    if (amountError) return;
    setBusy(true);
    try {
      const res = await dp.updateUserCredit(user.id, {
        amount: (kind === 'debit' ? -1 : 1) * Number(amount.trim()),
        description: description.trim() || undefined,
        note: note.trim() || undefined,
      });
      notify(`Credito aggiornato: ${formatCredit(res.credit)}`, { type: 'info' });
      refresh();
      onClose();
    } catch (e) {
      setError(`${CREDIT_ERROR} ${(e as Error).message ?? ''}`.trim());
    } finally {
      setBusy(false);
    }
  };
  const who = [user.name, user.cognome].filter(Boolean).join(' ');
  return (
    <>
      <AppDialog
        open
        onClose={() => !busy && onClose()}
        title={`Credito di ${who}`}
        text={
          <Stack spacing={2} sx={{ mt: 1 }}>
            <Typography>Saldo attuale: {formatCredit(user.credit)}</Typography>
            <RadioGroup
              row
              value={kind}
              onChange={(e) => setKind(e.target.value as 'credit' | 'debit')}
              aria-label="Tipo di movimento"
            >
              <FormControlLabel value="credit" control={<Radio />} label="Accredito" />
              <FormControlLabel value="debit" control={<Radio />} label="Addebito" />
            </RadioGroup>
            <TextField
              label="Importo"
              required
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              onBlur={() => setTouched(true)}
              error={touched && !!amountError}
              helperText={
                touched && amountError
                  ? amountError
                  : kind === 'debit'
                    ? 'Sarà sottratto dal credito'
                    : 'Sarà aggiunto al credito'
              }
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
            <TextField
              label="Descrizione"
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              slotProps={{ htmlInput: { maxLength: 255 } }}
            />
            <TextField label="Note" value={note} onChange={(e) => setNote(e.target.value)} multiline minRows={2} />
          </Stack>
        }
        actions={
          <>
            <Button onClick={onClose} disabled={busy}>
              Annulla
            </Button>
            <Button variant="contained" onClick={() => void save()} disabled={busy}>
              Salva
            </Button>
          </>
        }
      />
      <AcknowledgeDialog open={!!error} onClose={() => setError(null)} title="Errore!!" text={error ?? ''} />
    </>
  );
}

export default CreditDialog;
