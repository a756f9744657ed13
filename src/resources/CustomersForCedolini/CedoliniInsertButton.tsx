/**
 * Bulk action 'Inserisci cedolini' of /table/CustomersForCedolini (seed B): year (current ± 50),
 * month and a quantity per selected customer (default 1), two clicks (the first turns the
 * button into 'Sicuro?' in warning colour), then C48; 'Cedolini inseriti' on success, the
 * catalogue's 'Errore!!' dialog on failure.
 */
import { useState } from 'react';
import { Box, Button, MenuItem, TextField, Typography } from '@mui/material';
import { YearSelect } from '../../bulk/YearSelect';
import { useListContext, useNotify, useRefresh, useUnselectAll } from 'react-admin';
import { useAppDataProvider } from '../../dataProvider';
import {
  BulkDialog,
  BulkErrorDialog,
  PerCustomerTable,
  TEXTS,
  TwoClickButton,
  currentYear,
  useBulkRequest,
  useCustomerNames,
  useTwoClicks,
} from '../../bulk/common';
import { MONTHS, QUANTITY_ERROR, currentMonth, payslipYears, quantityOf } from './cedolini';

export function CedoliniInsertButton() {
  const { selectedIds } = useListContext();
  const dp = useAppDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const unselect = useUnselectAll('Customer', 'list.CustomersForCedolini');
  const [open, setOpen] = useState(false);
  const [year, setYear] = useState(currentYear());
  const [month, setMonth] = useState(currentMonth());
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const { busy, error, setError, run } = useBulkRequest();
  const nameOf = useCustomerNames(selectedIds, open);
  const qty = (id: unknown) => quantities[String(id)] ?? '1';
  const valid = selectedIds.length > 0 && selectedIds.every((id) => quantityOf(qty(id)) !== undefined);
  // armed for these customers, month and quantities: any change asks again
  const clicks = useTwoClicks(JSON.stringify([selectedIds, year, month, selectedIds.map(qty)]));
  const close = () => {
    setOpen(false);
    clicks.disarm();
  };
  const insert = () =>
    run(async () => {
      await dp.saveCedolini(
        selectedIds.map((id) => ({
          customerId: Number(id),
          business_name: nameOf(id),
          cedoliniQuantity: quantityOf(qty(id))!,
          month,
          year,
        })),
      );
      notify('Cedolini inseriti', { type: 'info' });
      setOpen(false);
      setQuantities({});
      unselect();
      refresh();
    }, TEXTS.save);
  return (
    <>
      <Button
        size="small"
        onClick={() => {
          setOpen(true);
          clicks.disarm();
        }}
      >
        Inserisci cedolini
      </Button>
      <BulkDialog
        open={open}
        onClose={close}
        title="Inserisci cedolini"
        actions={<TwoClickButton clicks={clicks} label="Inserisci" onRun={insert} disabled={busy || !valid} />}
      >
        <Typography>
          Cedolini del mese per i {selectedIds.length} clienti selezionati (quantità 0: elimina quelli del mese).
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, mt: 2 }}>
          <YearSelect value={year} onChange={setYear} years={payslipYears()} sx={{ minWidth: 110 }} />
          <TextField
            select
            label="Mese"
            size="small"
            value={month}
            onChange={(e) => setMonth(Number(e.target.value))}
            sx={{ minWidth: 150 }}
          >
            {MONTHS.map((m, i) => (
              <MenuItem key={m} value={i + 1}>
                {m}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        <PerCustomerTable
          ids={selectedIds}
          nameOf={nameOf}
          label="Quantità"
          value={qty}
          min={0}
          error={(id) => (quantityOf(qty(id)) === undefined ? QUANTITY_ERROR : undefined)}
          onChange={(id, text) => setQuantities((q) => ({ ...q, [String(id)]: text }))}
        />
      </BulkDialog>
      <BulkErrorDialog text={error} onClose={() => setError(null)} />
    </>
  );
}
