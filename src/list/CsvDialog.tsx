/** CSV export: choose the fields, then the server streams every matching row. */
import { useState } from 'react';
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
} from '@mui/material';
import { useListContext, useNotify } from 'react-admin';
import { saveAs } from 'file-saver';
import type { ModelDef } from '../../model/define';
import { exportColumns } from '../../model/export';
import { useAppDataProvider } from '../dataProvider';
import { useQueryFilter } from './queryFilter';
import { useFeatures, type Feature } from '../layout/features';

/** [name, label] of the fields the user may export (those of a feature that is off left out). */
export const exportFields = (
  model: ModelDef,
  on: (f: Feature | undefined) => boolean = () => true,
): Array<[string, string]> =>
  exportColumns(model)
    .filter(([, fd]) => on(fd.feature))
    .map(([n, fd]) => [n, fd.label]);

/** `columns`: the ones chosen at first (a view's), default the model's list columns. */
export function CsvDialog({
  model,
  columns,
  open,
  onClose,
}: {
  model: ModelDef;
  columns?: string[];
  open: boolean;
  onClose: () => void;
}) {
  const { on } = useFeatures();
  const all = exportFields(model, on);
  const [chosen, setChosen] = useState<string[]>(() => [
    'id',
    ...(columns ?? model.list.columns).filter((c) => all.some(([n]) => n === c)),
  ]);
  const { sort } = useListContext();
  const filterValues = useQueryFilter();
  const dp = useAppDataProvider();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const ordered = all.map(([n]) => n).filter((n) => chosen.includes(n));
      const { blob, filename } = await dp.exportCsv(model.name, { filter: filterValues, sort, fields: ordered });
      saveAs(blob, filename);
      onClose();
    } catch {
      notify("Errore nell'esportazione del CSV", { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth={false}
      PaperProps={{ sx: { width: 500 } }}
      aria-labelledby="csv-title"
    >
      <DialogTitle id="csv-title">Esporta CSV: scegli i campi</DialogTitle>
      <DialogContent dividers>
        <Button size="small" onClick={() => setChosen(all.map(([n]) => n))}>
          Seleziona tutti
        </Button>
        <Button size="small" onClick={() => setChosen([])}>
          Deseleziona tutti
        </Button>
        <FormGroup>
          {all.map(([n, label]) => (
            <FormControlLabel
              key={n}
              label={label}
              control={
                <Checkbox
                  checked={chosen.includes(n)}
                  onChange={(e) => setChosen((c) => (e.target.checked ? [...c, n] : c.filter((x) => x !== n)))}
                />
              }
            />
          ))}
        </FormGroup>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Annulla</Button>
        <Button variant="contained" disabled={!chosen.length || busy} onClick={run}>
          Esporta
        </Button>
      </DialogActions>
    </Dialog>
  );
}
