/**
 * 'Incarichi professionali' on a customer's card (issue 49): the customer's engagements with their
 * dates and state, each opening its card, and 'Nuovo incarico' (the customer filled in). Shown on a
 * saved customer only, inside the form: every button is a link (nothing submits the form).
 */
import { useId } from 'react';
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
import AddIcon from '@mui/icons-material/Add';
import { LinkBase, useGetList, useRecordContext } from 'react-admin';
import { Link } from 'react-router-dom';
import { displayDate } from '../../../model/dates';
import { ENGAGEMENT_STATUSES } from '../../../model/engagements';
import { StatusChip, type StatusColors } from '../../bulk/StatusChip';

type Status = (typeof ENGAGEMENT_STATUSES)[number]['value'];
const LABELS = Object.fromEntries(ENGAGEMENT_STATUSES.map((s) => [s.value, s.text])) as Record<Status, string>;
const COLORS: StatusColors<Status> = { draft: 'default', sent: 'info', signed: 'success', ended: 'warning' };

export function CustomerEngagements() {
  const record = useRecordContext();
  const id = record?.id;
  const titleId = useId();
  const { data, isPending, error } = useGetList(
    'Engagement',
    {
      filter: { customer_id: id },
      sort: { field: 'start_date', order: 'DESC' },
      pagination: { page: 1, perPage: 50 },
    },
    { enabled: id != null },
  );
  if (id == null) return null;
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ width: '100%', mt: 2 }}>
      <Divider sx={{ mb: 2 }} />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h6" component="h2" id={titleId}>
          Incarichi professionali
        </Typography>
        <Button
          component={Link}
          to={`/Engagement/create?source=${encodeURIComponent(JSON.stringify({ customer_id: id }))}`}
          startIcon={<AddIcon />}
          size="small"
        >
          Nuovo incarico
        </Button>
      </Stack>
      {error && <Alert severity="error">Incarichi non disponibili: riprova più tardi.</Alert>}
      {!isPending && !error && !data?.length && (
        <Typography variant="body2" color="text.secondary">
          Nessun incarico professionale: la lettera d’incarico è obbligatoria (art. 9 D.L. 1/2012).
        </Typography>
      )}
      {!!data?.length && (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-labelledby={titleId}>
            <TableHead>
              <TableRow>
                <TableCell>Oggetto</TableCell>
                <TableCell>Dal</TableCell>
                <TableCell>Al</TableCell>
                <TableCell>Stato</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((e) => (
                <TableRow key={e.id}>
                  <TableCell>
                    <LinkBase to={`/Engagement/${e.id}`}>{String(e.title)}</LinkBase>
                  </TableCell>
                  <TableCell>{displayDate(e.start_date)}</TableCell>
                  <TableCell>{e.end_date ? displayDate(e.end_date) : 'a tempo indeterminato'}</TableCell>
                  <TableCell>
                    <StatusChip status={e.status as Status} labels={LABELS} colors={COLORS} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Box>
  );
}
