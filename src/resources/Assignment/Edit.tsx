/**
 * The form of an assignment (seed B §3): the generic edit form, then 'Compensi' — the fee
 * transactions of the assignment (C72) and 'Genera compensi', which reads 'Aggiorna' once fees
 * exist (C73: replaces them). A 404 on the load is no error (no fees shown); another error shows
 * 'Error nella caricamento transazioni...'. Unsaved changes must be saved first: the fees are
 * made from the saved assignment.
 */
import { useQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useFormState } from 'react-hook-form';
import { useNotify, useRecordContext } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Divider,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { modelByName } from '../../../model/registry';
import { formatAmount } from '../../../model/types';
import { displayDate } from '../../../model/dates';
import { ModelEdit } from '../../form/GenericForm';
import { useAppDataProvider, type AssignmentFee } from '../../dataProvider';

const LOAD_ERROR = 'Error nella caricamento transazioni...';

export function AssignmentFees() {
  const record = useRecordContext();
  const id = record?.id;
  const { isDirty } = useFormState();
  const dataProvider = useAppDataProvider();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const key = ['assignmentTransactions', String(id)];
  const fees = useQuery({
    queryKey: key,
    enabled: id != null,
    retry: false,
    // a 404 (no such assignment, or not ours) is not an error: no fees
    queryFn: async ({ signal }): Promise<AssignmentFee[]> => {
      try {
        return await dataProvider.assignmentTransactions(id!, { signal });
      } catch (e) {
        if ((e as { status?: number }).status === 404) return [];
        throw e;
      }
    },
  });
  const make = useMutation({
    mutationFn: () => dataProvider.makeAssignmentTransactions(id!),
    onSuccess: async () => {
      notify('Compensi generati');
      await queryClient.invalidateQueries({ queryKey: key });
    },
    // a 422 names the field's problem (e.g. a zero annual fee): that message rather than the generic one
    onError: (e: Error & { body?: { errors?: Record<string, string[]> } }) =>
      notify(Object.values(e.body?.errors ?? {})[0]?.[0] ?? (e.message || 'Errore nella generazione dei compensi'), {
        type: 'error',
      }),
  });
  if (id == null) return null;
  const rows = fees.data ?? [];
  const label = rows.length ? 'Aggiorna' : 'Genera compensi';
  return (
    <Box sx={{ width: '100%', mt: 2 }} component="section" aria-label="Compensi">
      <Divider sx={{ mb: 2 }} />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h2">
          Compensi
        </Typography>
        <Button
          variant="contained"
          type="button"
          title={rows.length ? 'Aggiorna i compensi (sostituisce quelli generati)' : undefined}
          disabled={isDirty || make.isPending || fees.isPending}
          onClick={() => make.mutate()}
        >
          {label}
        </Button>
        {isDirty && (
          <Typography variant="body2" color="text.secondary">
            Salva le modifiche dell&apos;incarico prima di generare i compensi
          </Typography>
        )}
      </Stack>
      {fees.isError ? (
        <Alert severity="error">{LOAD_ERROR}</Alert>
      ) : fees.isPending ? null : rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Nessun compenso generato
        </Typography>
      ) : (
        <Table size="small" aria-label="Compensi dell'incarico">
          <TableHead>
            <TableRow>
              <TableCell>Data</TableCell>
              <TableCell align="right">Importo (€)</TableCell>
              <TableCell>Descrizione</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.id}>
                <TableCell>{displayDate(r.date)}</TableCell>
                <TableCell align="right">{formatAmount(r.amount)}</TableCell>
                <TableCell>{r.transaction_note ?? ''}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}

export default function AssignmentEdit() {
  return (
    <ModelEdit model={modelByName.get('Assignment')!}>
      <AssignmentFees />
    </ModelEdit>
  );
}
