/**
 * Bulk action 'Assegna collaboratori' (C23, C24, C25): for the accounting or the studio-jobs
 * relation, the collaborator of every selected customer (each customer has one per relation, so
 * the choice is exclusive), or none. The current state of the selection is shown first.
 */
import { useState } from 'react';
import { Button, FormControl, FormControlLabel, FormLabel, Radio, RadioGroup, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useListContext, useNotify, useRefresh } from 'react-admin';
import { useAppDataProvider } from '../../../dataProvider';
import { BulkDialog, BulkErrorDialog, TEXTS, useBulkRequest } from '../../../bulk/common';
import { BulkTrigger } from './groups';

const RELATIONS = {
  collaborator_accounting: { column: 'collaborator_accounting_id', label: 'Contabilità' },
  collaborator_studio_jobs: { column: 'collaborator_studio_jobs_id', label: 'Adempimenti' },
} as const;
type Relation = keyof typeof RELATIONS;

export function AssignCollaboratorButton() {
  const { selectedIds } = useListContext();
  const dp = useAppDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [relation, setRelation] = useState<Relation>('collaborator_accounting');
  const [choice, setChoice] = useState<string>('');
  const { busy, error, setError, run } = useBulkRequest();
  const collaborators = useQuery({
    queryKey: ['options', '/api/collaborators'],
    enabled: open,
    queryFn: ({ signal }) =>
      dp.options('/api/collaborators', { signal }) as Promise<Array<{ id: number; name: string }>>,
  });
  const links = useQuery({
    queryKey: ['collaborator-links', relation, selectedIds.join(',')],
    enabled: open && selectedIds.length > 0,
    queryFn: () => dp.collaboratorLinks(selectedIds, RELATIONS[relation].column),
  });
  // a failed load shows the catalogue's text (until the dialog is closed)
  const shownError = error ?? (open && (collaborators.isError || links.isError) ? TEXTS.load : null);
  // the current state: how many of the selected customers each collaborator has
  const countOf = (id: number) => links.data?.[String(id)]?.length ?? 0;
  const linked = Object.values(links.data ?? {}).reduce((n, l) => n + l.length, 0);
  const save = () =>
    run(async () => {
      const all = collaborators.data ?? [];
      const res = await dp.assignCollaborator(
        selectedIds,
        relation,
        all.map((c) => ({ id: c.id, selected: String(c.id) === choice })),
      );
      notify(`Collaboratore assegnato: ${res.updated} clienti aggiornati`);
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
        Assegna collaboratori
      </BulkTrigger>
      <BulkDialog
        open={open}
        onClose={() => setOpen(false)}
        actions={
          <Button variant="contained" onClick={save} disabled={busy || !choice || !selectedIds.length}>
            Assegna
          </Button>
        }
      >
        <Typography sx={{ mb: 1 }}>
          Collaboratore dei {selectedIds.length} clienti selezionati (uno per cliente).
        </Typography>
        <FormControl sx={{ mb: 1 }}>
          <FormLabel id="assign-relation">Incarico</FormLabel>
          <RadioGroup
            row
            aria-labelledby="assign-relation"
            value={relation}
            onChange={(e) => {
              setRelation(e.target.value as Relation);
              setChoice('');
            }}
          >
            {Object.entries(RELATIONS).map(([k, r]) => (
              <FormControlLabel key={k} value={k} control={<Radio />} label={r.label} />
            ))}
          </RadioGroup>
        </FormControl>
        <FormControl sx={{ display: 'block' }}>
          <FormLabel id="assign-collaborator">Collaboratore</FormLabel>
          <RadioGroup aria-labelledby="assign-collaborator" value={choice} onChange={(e) => setChoice(e.target.value)}>
            {(collaborators.data ?? []).map((c) => (
              <FormControlLabel
                key={c.id}
                value={String(c.id)}
                control={<Radio />}
                label={`${c.name}${countOf(c.id) ? ` (già assegnato a ${countOf(c.id)} di ${selectedIds.length})` : ''}`}
              />
            ))}
            <FormControlLabel
              value="none"
              control={<Radio />}
              label={`Nessuno${linked ? ` (toglie il collaboratore a ${linked} clienti)` : ''}`}
            />
          </RadioGroup>
        </FormControl>
      </BulkDialog>
      <BulkErrorDialog
        text={shownError}
        onClose={() => {
          setError(null);
          if (!error) setOpen(false);
        }}
      />
    </>
  );
}
