/** Bulk action 'Genera rate' (C38): the yearly installments of the selected customers for a year. */
import { useState } from 'react';
import { Box, Button, Typography } from '@mui/material';
import { useListContext, useRefresh } from 'react-admin';
import { useAppDataProvider, type InstallmentsResult } from '../../../dataProvider';
import { AppDialog } from '../../../layout/ErrorDialog';
import {
  BulkErrorDialog,
  ResultTable,
  TEXTS,
  TITLES,
  YearField,
  currentYear,
  useBulkRequest,
  validYear,
} from '../../../bulk/common';
import { displayDate } from '../../../../model/dates';
import { fromCents, toCents } from '../../../../model/money';
import { BulkTrigger } from './groups';

/** The created installments summed per customer (count, total in exact cents, first date), in the answer's order (by name). */
function perCustomer(result: InstallmentsResult) {
  const by = new Map<number, { business_name: string; count: number; cents: number; first: string }>();
  for (const c of result.created) {
    const row = by.get(c.customer.id);
    const cents = toCents(c.amount);
    if (!row) by.set(c.customer.id, { business_name: c.customer.business_name, count: 1, cents, first: c.date });
    else {
      row.count += 1;
      row.cents += cents;
      if (c.date < row.first) row.first = c.date;
    }
  }
  return [...by.values()].map((r) => ({ ...r, total: fromCents(r.cents) }));
}

export function GenerateInstallmentsButton() {
  const { selectedIds } = useListContext();
  const dp = useAppDataProvider();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [year, setYear] = useState(String(currentYear()));
  const { busy, error, setError, run } = useBulkRequest();
  const [result, setResult] = useState<InstallmentsResult | null>(null);
  const close = () => {
    setOpen(false);
    setResult(null);
  };
  const generate = () =>
    run(async () => {
      setResult(await dp.generateInstallments(selectedIds, Number(year)));
      refresh();
    }, TEXTS.generate);
  return (
    <>
      <BulkTrigger
        onClick={() => {
          setOpen(true);
          setResult(null);
        }}
      >
        Genera rate
      </BulkTrigger>
      <AppDialog
        open={open}
        onClose={close}
        title={TITLES.info}
        text={
          result ? (
            <Box>
              <Typography variant="subtitle2" sx={{ mt: 1 }}>
                Rate create: {result.created.length} per {perCustomer(result).length} clienti
              </Typography>
              {result.created.length > 0 && (
                <ResultTable
                  caption="Rate create per cliente"
                  head={['Ragione Sociale', 'Rate', 'Totale', 'Prima rata']}
                  rows={perCustomer(result).map((c) => [c.business_name, c.count, c.total, displayDate(c.first)])}
                  money={[2]}
                  csv="rate_create.csv"
                />
              )}
              <Typography variant="subtitle2" sx={{ mt: 2 }}>
                Clienti esclusi: {result.skipped.length}
              </Typography>
              {result.skipped.length > 0 && (
                <ResultTable
                  caption="Clienti esclusi"
                  head={['Ragione Sociale', 'Motivo']}
                  rows={result.skipped.map((s) => [s.business_name, s.reason])}
                  csv="clienti_esclusi.csv"
                />
              )}
            </Box>
          ) : (
            <Box>
              <Typography>Genera le rate annuali dei {selectedIds.length} clienti selezionati.</Typography>
              <YearField value={year} onChange={setYear} />
            </Box>
          )
        }
        actions={
          result ? (
            <Button onClick={close} variant="contained" autoFocus>
              Chiudi
            </Button>
          ) : (
            <>
              <Button onClick={close}>Annulla</Button>
              <Button onClick={generate} variant="contained" disabled={busy || !validYear(year)}>
                Genera
              </Button>
            </>
          )
        }
      />
      <BulkErrorDialog text={error} onClose={() => setError(null)} />
    </>
  );
}
