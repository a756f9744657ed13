/**
 * Bulk action 'Conguaglio annuale' (C34), per customer and year (seed A §2): one year for the
 * selection, and for a selection of up to PER_CUSTOMER_MAX customers a year of its own for any
 * of them; two clicks (the first turns the button into 'Sicuro?' in warning colour), then the
 * result table. The result and a pending 'Sicuro?' reset when the selection or a year changes.
 */
import { useState } from 'react';
import { Box, Button, FormControlLabel, Switch, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useGetMany, useListContext, useRefresh } from 'react-admin';
import { useAppDataProvider, type BalancerRow } from '../dataProvider';
import { AppDialog } from '../layout/ErrorDialog';
import { BulkErrorDialog, ResultTable, TEXTS, TITLES, TwoClickButton, YearField, currentYear, useTwoClicks, validYear } from './common';

/** the largest selection offered a year per customer (one field each) */
export const PER_CUSTOMER_MAX = 200;

export function AnnualBalancerButton() {
  const { selectedIds } = useListContext();
  const dp = useAppDataProvider();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [year, setYear] = useState(String(currentYear()));
  // a customer's own year, when it differs from the selection's
  const [own, setOwn] = useState<Record<string, string>>({});
  const [perCustomer, setPerCustomer] = useState(false);
  const canPerCustomer = selectedIds.length > 1 && selectedIds.length <= PER_CUSTOMER_MAX;
  const byCustomer = perCustomer && canPerCustomer;
  const yearOf = (id: unknown) => (byCustomer ? own[String(id)] ?? year : year);
  const { data: customers } = useGetMany('Customer', { ids: selectedIds }, { enabled: open && byCustomer });
  const nameOf = (id: unknown) => String(customers?.find((c) => String(c.id) === String(id))?.business_name ?? `#${String(id)}`);
  const valid = selectedIds.length > 0 && validYear(year) && selectedIds.every((id) => validYear(yearOf(id)));
  // the pending 'Sicuro?' and the result belong to the selection and the years they were made on
  const key = JSON.stringify(selectedIds.map((id) => [id, yearOf(id)]));
  const clicks = useTwoClicks(key);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<{ key: string; rows: BalancerRow[] } | null>(null);
  const result = done?.key === key ? done.rows : null;
  const [error, setError] = useState<string | null>(null);
  const close = () => { setOpen(false); clicks.disarm(); };
  const run = async () => {
    setBusy(true);
    try {
      setDone({ key, rows: await dp.annualBalancer(selectedIds, (id) => Number(yearOf(id))) });
      refresh();
    } catch { setError(TEXTS.save); } finally { setBusy(false); }
  };
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)}>Conguaglio annuale</Button>
      <AppDialog open={open} onClose={close} title={TITLES.warning}
        text={(
          <Box>
            <Typography>Conguaglio annuale dei {selectedIds.length} clienti selezionati: tariffa annuale meno le rate dell&apos;anno.</Typography>
            <YearField value={year} onChange={setYear} label={byCustomer ? 'Anno (per tutti)' : 'Anno'} />
            {canPerCustomer && (
              <FormControlLabel sx={{ display: 'flex' }} label="Anno diverso per cliente"
                control={<Switch checked={perCustomer} onChange={(e) => setPerCustomer(e.target.checked)} />} />
            )}
            {byCustomer && !result && (
              <Table size="small" aria-label="Anno per cliente">
                <TableHead><TableRow><TableCell>Ragione Sociale</TableCell><TableCell align="right">Anno</TableCell></TableRow></TableHead>
                <TableBody>
                  {selectedIds.map((id) => {
                    const value = yearOf(id);
                    const bad = !validYear(value);
                    return (
                      <TableRow key={String(id)}>
                        <TableCell>{nameOf(id)}</TableCell>
                        <TableCell align="right">
                          <TextField size="small" type="number" value={value} error={bad} helperText={bad ? 'Anno non valido' : undefined}
                            onChange={(e) => setOwn((o) => ({ ...o, [String(id)]: e.target.value }))}
                            slotProps={{ htmlInput: { 'aria-label': `Anno ${nameOf(id)}` } }} sx={{ width: 110 }} />
                        </TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            )}
            {result && <ResultTable caption="Risultato del conguaglio" head={['Id', 'Ragione Sociale', ...(byCustomer ? ['Anno'] : []), 'Importo conguagliato']}
              rows={result.map((r) => [r.id, r.business_name, ...(byCustomer ? [r.year ?? Number(yearOf(r.id))] : []), r.balanced_amount])}
              money={[byCustomer ? 3 : 2]} csv="conguaglio_annuale.csv" />}
          </Box>
        )}
        actions={(
          <>
            <Button onClick={close}>Chiudi</Button>
            <TwoClickButton clicks={clicks} label="Esegui conguaglio" onRun={run} disabled={busy || !valid} />
          </>
        )} />
      <BulkErrorDialog text={error} onClose={() => setError(null)} />
    </>
  );
}
