/**
 * Bulk action 'Modalità di pagamento' (issue 47 item 5): how the selected customers pay — by
 * transfer, by SDD, by RiBa, or 'Automatica' (SDD when a mandate is active) — set for all of them in
 * one request (the records' bulk update, PUT /api/customers {ids, data}). It decides which
 * collection picks up their charges and what their invoices say (model/collectionMethod.ts).
 */
import { useState } from 'react';
import { Button, FormControl, FormControlLabel, FormLabel, Radio, RadioGroup, Typography } from '@mui/material';
import { useListContext, useNotify, useRefresh } from 'react-admin';
import { useAppDataProvider } from '../../../dataProvider';
import { BulkDialog, BulkErrorDialog, TEXTS, useBulkRequest } from '../../../bulk/common';
import { COLLECTION_METHODS } from '../../../../model/collectionMethod';
import { BulkTrigger } from './groups';

export function CollectionMethodButton() {
  const { selectedIds, data } = useListContext();
  const dp = useAppDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState('');
  const { busy, error, setError, run } = useBulkRequest();
  const save = () =>
    run(async () => {
      await dp.updateMany('Customer', {
        ids: selectedIds,
        data: { collection_method: choice },
        // the rows on the page as they were read: one changed since is refused, not overwritten
        meta: { records: (data ?? []).filter((r) => selectedIds.includes(r.id)) },
      });
      const text = COLLECTION_METHODS.find((m) => m.value === choice)?.text ?? choice;
      notify(`Modalità di pagamento «${text}»: ${selectedIds.length} clienti aggiornati`);
      setOpen(false);
      refresh();
    }, TEXTS.save);
  return (
    <>
      <BulkTrigger
        onClick={() => {
          setChoice('');
          setOpen(true);
        }}
      >
        Modalità di pagamento
      </BulkTrigger>
      <BulkDialog
        open={open}
        onClose={() => setOpen(false)}
        actions={
          <Button variant="contained" onClick={save} disabled={busy || !choice || !selectedIds.length}>
            Applica
          </Button>
        }
      >
        <Typography sx={{ mb: 1 }}>
          Come pagano i {selectedIds.length} clienti selezionati: decide quale incasso prende i loro addebiti (SDD o
          RiBa) e cosa dicono le loro fatture.
        </Typography>
        <FormControl>
          <FormLabel id="collection-method">Modalità di pagamento</FormLabel>
          <RadioGroup aria-labelledby="collection-method" value={choice} onChange={(e) => setChoice(e.target.value)}>
            {COLLECTION_METHODS.map((m) => (
              <FormControlLabel key={m.value} value={m.value} control={<Radio />} label={m.text} />
            ))}
          </RadioGroup>
        </FormControl>
      </BulkDialog>
      <BulkErrorDialog
        text={error}
        onClose={() => {
          setError(null);
        }}
      />
    </>
  );
}
