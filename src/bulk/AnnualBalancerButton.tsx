/**
 * Bulk action 'Conguaglio annuale' (C34): one year for every selected customer, two clicks (the
 * first turns the button into 'Sicuro?' in warning colour), then the result table; the result
 * resets when the selection changes.
 */
import { useState } from 'react';
import { Box, Button, Typography } from '@mui/material';
import { useListContext, useRefresh } from 'react-admin';
import { useAppDataProvider, type BalancerRow } from '../dataProvider';
import { AppDialog } from '../layout/ErrorDialog';
import { BulkErrorDialog, ResultTable, TEXTS, TITLES, TwoClickButton, YearField, currentYear, useTwoClicks, validYear } from './common';

export function AnnualBalancerButton() {
  const { selectedIds } = useListContext();
  const dp = useAppDataProvider();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [year, setYear] = useState(String(currentYear()));
  // the pending 'Sicuro?' and the result belong to the selection (and year) they were made on
  const selection = selectedIds.join(',');
  const clicks = useTwoClicks(`${selection}|${year}`);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<{ selection: string; rows: BalancerRow[] } | null>(null);
  // another selection: the result of the previous one is not shown
  const result = done?.selection === selection ? done.rows : null;
  const [error, setError] = useState<string | null>(null);
  const close = () => { setOpen(false); clicks.disarm(); };
  const run = async () => {
    setBusy(true);
    try {
      setDone({ selection, rows: await dp.annualBalancer(selectedIds, Number(year)) });
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
            <YearField value={year} onChange={setYear} />
            {result && <ResultTable caption="Risultato del conguaglio" head={['Id', 'Ragione Sociale', 'Importo conguagliato']}
              rows={result.map((r) => [r.id, r.business_name, r.balanced_amount])} money={[2]} csv="conguaglio_annuale.csv" />}
          </Box>
        )}
        actions={(
          <>
            <Button onClick={close}>Chiudi</Button>
            <TwoClickButton clicks={clicks} label="Esegui conguaglio" onRun={run} disabled={busy || !validYear(year) || !selectedIds.length} />
          </>
        )} />
      <BulkErrorDialog text={error} onClose={() => setError(null)} />
    </>
  );
}
