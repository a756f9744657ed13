/**
 * Bulk action 'Conguaglio annuale' (C34), per customer and year (seed A §2): one year for the
 * selection, and for a selection of up to PER_CUSTOMER_MAX customers a year of its own for any
 * of them; two clicks (the first turns the button into 'Sicuro?' in warning colour), then the
 * result table. The result and a pending 'Sicuro?' reset when the selection or a year changes.
 */
import { useState } from 'react';
import { FormControlLabel, Switch, Typography } from '@mui/material';
import { useListContext, useRefresh } from 'react-admin';
import { useAppDataProvider, type BalancerRow } from '../../../dataProvider';
import {
  BulkDialog,
  BulkErrorDialog,
  PerCustomerTable,
  ResultTable,
  TEXTS,
  TITLES,
  TwoClickButton,
  YearField,
  currentYear,
  useCustomerNames,
  useBulkRequest,
  useTwoClicks,
  validYear,
} from '../../../bulk/common';
import { BulkTrigger } from './groups';

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
  const yearOf = (id: unknown) => (byCustomer ? (own[String(id)] ?? year) : year);
  const nameOf = useCustomerNames(selectedIds, open && byCustomer);
  const valid = selectedIds.length > 0 && validYear(year) && selectedIds.every((id) => validYear(yearOf(id)));
  // the pending 'Sicuro?' and the result belong to the selection and the years they were made on
  const key = JSON.stringify(selectedIds.map((id) => [id, yearOf(id)]));
  const clicks = useTwoClicks(key);
  const { busy, error, setError, run } = useBulkRequest();
  const [done, setDone] = useState<{ key: string; rows: BalancerRow[] } | null>(null);
  const result = done?.key === key ? done.rows : null;
  const close = () => {
    setOpen(false);
    clicks.disarm();
  };
  const balance = () =>
    run(async () => {
      setDone({ key, rows: await dp.annualBalancer(selectedIds, (id) => Number(yearOf(id))) });
      refresh();
    }, TEXTS.save);
  return (
    <>
      <BulkTrigger onClick={() => setOpen(true)}>Conguaglio annuale</BulkTrigger>
      <BulkDialog
        open={open}
        onClose={close}
        title={TITLES.warning}
        cancel="Chiudi"
        actions={<TwoClickButton clicks={clicks} label="Esegui conguaglio" onRun={balance} disabled={busy || !valid} />}
      >
        <Typography>
          Conguaglio annuale dei {selectedIds.length} clienti selezionati: tariffa annuale meno le rate dell&apos;anno.
        </Typography>
        <YearField value={year} onChange={setYear} label={byCustomer ? 'Anno (per tutti)' : 'Anno'} />
        {canPerCustomer && (
          <FormControlLabel
            sx={{ display: 'flex' }}
            label="Anno diverso per cliente"
            control={<Switch checked={perCustomer} onChange={(e) => setPerCustomer(e.target.checked)} />}
          />
        )}
        {byCustomer && !result && (
          <PerCustomerTable
            ids={selectedIds}
            nameOf={nameOf}
            label="Anno"
            value={yearOf}
            width={110}
            error={(id) => (validYear(yearOf(id)) ? undefined : 'Anno non valido')}
            onChange={(id, text) => setOwn((o) => ({ ...o, [String(id)]: text }))}
          />
        )}
        {result && (
          <ResultTable
            caption="Risultato del conguaglio"
            head={['Id', 'Ragione Sociale', ...(byCustomer ? ['Anno'] : []), 'Importo conguagliato']}
            rows={result.map((r) => [
              r.id,
              r.business_name,
              ...(byCustomer ? [r.year ?? Number(yearOf(r.id))] : []),
              r.balanced_amount,
            ])}
            money={[byCustomer ? 3 : 2]}
            csv="conguaglio_annuale.csv"
          />
        )}
      </BulkDialog>
      <BulkErrorDialog text={error} onClose={() => setError(null)} />
    </>
  );
}
