/**
 * Bulk action 'Tariffa annuale' (C26): a fixed yearly amount or a percentage change for the
 * selected customers; the preview old → new is shown before 'Conferma'.
 */
import { useState } from 'react';
import { Button, FormControlLabel, Radio, RadioGroup, TextField, Typography } from '@mui/material';
import { useListContext, useNotify, useRefresh } from 'react-admin';
import { useAppDataProvider, type YearlyAmountResult } from '../../../dataProvider';
import { ApiError } from '../../../api/client';
import { BulkDialog, BulkErrorDialog, ResultTable, TEXTS, TITLES, useBulkRequest } from '../../../bulk/common';
import { BulkTrigger } from './groups';

type Mode = 'fixed' | 'percentage';
const FIELD = { fixed: 'yearly_accounting_amount', percentage: 'yearly_accounting_amount_change_percentage' } as const;

export function YearlyAmountButton() {
  const { selectedIds } = useListContext();
  const dp = useAppDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [mode, setMode] = useState<Mode>('percentage');
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [preview, setPreview] = useState<YearlyAmountResult | null>(null);
  const { busy, error, setError, run } = useBulkRequest();
  const change = () => ({ [FIELD[mode]]: Number(value.replace(',', '.')) }) as { yearly_accounting_amount: number };
  const close = () => {
    setOpen(false);
    setPreview(null);
    setFieldError(null);
  };
  const call = (write: boolean) => {
    setFieldError(null);
    return run(
      async () => {
        try {
          const res = await dp.updateYearlyAmount(selectedIds, change(), !write);
          if (!write) setPreview(res);
          else {
            close();
            notify(`Tariffa annuale aggiornata per ${res.updated} clienti`, { type: 'success' });
            refresh();
          }
        } catch (e) {
          // the value refused (422): its message under the field
          const fieldMessage =
            e instanceof ApiError && e.status === 422 ? e.body.errors?.[FIELD[mode]]?.[0] : undefined;
          if (!fieldMessage) throw e;
          setFieldError(fieldMessage);
          setPreview(null);
        }
      },
      write ? TEXTS.save : TEXTS.load,
    );
  };
  const empty = value.trim() === '' || !Number.isFinite(Number(value.replace(',', '.')));
  return (
    <>
      <BulkTrigger
        onClick={() => {
          setOpen(true);
          setPreview(null);
        }}
      >
        Tariffa annuale
      </BulkTrigger>
      <BulkDialog
        open={open}
        onClose={close}
        title={TITLES.warning}
        actions={
          <>
            <Button onClick={() => call(false)} disabled={busy || empty}>
              Anteprima
            </Button>
            <Button onClick={() => call(true)} variant="contained" disabled={busy || empty || !preview}>
              Conferma
            </Button>
          </>
        }
      >
        <Typography>Nuova tariffa annuale dei {selectedIds.length} clienti selezionati.</Typography>
        <RadioGroup
          row
          aria-label="Tipo di modifica"
          value={mode}
          onChange={(e) => {
            setMode(e.target.value as Mode);
            setPreview(null);
            setFieldError(null);
          }}
        >
          <FormControlLabel value="percentage" control={<Radio />} label="Variazione percentuale" />
          <FormControlLabel value="fixed" control={<Radio />} label="Valore fisso" />
        </RadioGroup>
        <TextField
          label={mode === 'fixed' ? 'Nuova tariffa annuale (€)' : 'Variazione (%)'}
          value={value}
          size="small"
          onChange={(e) => {
            setValue(e.target.value);
            setPreview(null);
          }}
          error={!!fieldError}
          helperText={fieldError ?? (mode === 'percentage' ? 'es. 5 oppure -10' : ' ')}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          sx={{ mt: 1 }}
        />
        {preview && (
          <ResultTable
            caption="Anteprima della nuova tariffa"
            head={['Ragione Sociale', 'Tariffa attuale', 'Nuova tariffa']}
            rows={preview.customers.map((c) => [c.business_name, c.old_amount, c.new_amount])}
            money={[1, 2]}
          />
        )}
      </BulkDialog>
      <BulkErrorDialog text={error} onClose={() => setError(null)} />
    </>
  );
}
