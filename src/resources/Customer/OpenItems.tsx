/**
 * 'Situazione contabile' on a customer's card (issue 29): the balance, what is still to collect
 * and how much of it is overdue (and since when), the credit, and each open charge with its due
 * date, its invoice, what is left of it, the days overdue and whether it travels in an SDD batch
 * not yet collected; links to the customer's SDD mandates and account statement. Shown on a
 * saved customer only, inside the form (a link, never a button: nothing here submits it); a
 * failure to read it leaves the form as it is.
 */
import {
  Alert,
  Box,
  Button,
  Chip,
  Divider,
  LinearProgress,
  Stack,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { useQuery } from '@tanstack/react-query';
import { useRecordContext } from 'react-admin';
import { Link } from 'react-router-dom';
import { displayDate } from '../../../model/dates';
import { formatEuro } from '../../../model/types';
import { useAppDataProvider } from '../../dataProvider';
import { DateCell, MoneyCell } from '../../bulk/cells';
import { RegionTable } from '../../bulk/PreviewRun';

export function CustomerOpenItems() {
  const record = useRecordContext();
  const id = record?.id;
  const dp = useAppDataProvider();
  const q = useQuery({
    queryKey: ['customer', Number(id), 'open_items'],
    queryFn: ({ signal }) => dp.customerOpenItems(id!, { signal }),
    enabled: id != null,
    retry: false,
  });
  if (id == null) return null;
  const s = q.data?.summary;
  const items = q.data?.items ?? [];
  const figures = s
    ? [
        ['Saldo', formatEuro(s.balance)],
        ['Da incassare', formatEuro(s.open)],
        ['Di cui scaduto', formatEuro(s.overdue)],
        ['Credito', formatEuro(s.credit)],
        ['Scaduto dal', s.oldest_overdue ? displayDate(s.oldest_overdue) : '—'],
      ]
    : [];
  return (
    <Box sx={{ width: '100%', mt: 2 }} component="section" aria-labelledby="customer-open-items-title">
      <Divider sx={{ mb: 2 }} />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h6" component="h2" id="customer-open-items-title" sx={{ flexGrow: 1 }}>
          Situazione contabile
        </Typography>
        <Button size="small" component={Link} to={`/table/SddMandate/${id}`} startIcon={<AccountBalanceIcon />}>
          Mandati SDD
        </Button>
        <Button size="small" component={Link} to={`/table/Transaction/${id}`} startIcon={<ReceiptLongIcon />}>
          Estratto conto
        </Button>
      </Stack>
      {q.isPending && <LinearProgress aria-label="Caricamento della situazione contabile" />}
      {q.isError && (
        <Alert severity="warning">Situazione contabile non disponibile: {(q.error as Error).message}</Alert>
      )}
      {s && (
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(5, minmax(0, 1fr))' },
            gap: 2,
            m: 0,
            mb: 2,
          }}
        >
          {figures.map(([label, value]) => (
            <Box key={label}>
              <Typography component="dt" variant="caption" color="text.secondary">
                {label}
              </Typography>
              <Typography
                component="dd"
                variant="body1"
                sx={{
                  m: 0,
                  fontWeight: 500,
                  color:
                    (label === 'Di cui scaduto' || label === 'Scaduto dal') && s.overdue > 0 ? 'error.main' : undefined,
                }}
              >
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
      {q.data &&
        (items.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            Nessun addebito aperto.
          </Typography>
        ) : (
          <RegionTable
            label="Addebiti aperti"
            maxHeight={360}
            mb={0}
            head={
              <>
                <TableCell>Scadenza</TableCell>
                <TableCell>Descrizione</TableCell>
                <TableCell>Fattura</TableCell>
                <TableCell align="right">Importo</TableCell>
                <TableCell align="right">Aperto</TableCell>
                <TableCell align="right">Giorni di ritardo</TableCell>
                <TableCell>SDD</TableCell>
              </>
            }
            rows={items}
            row={(i) => (
              <TableRow key={i.id}>
                <DateCell value={i.due} />
                <TableCell>{i.note ?? i.type}</TableCell>
                <TableCell>{i.invoice ?? '—'}</TableCell>
                <MoneyCell value={i.amount} />
                <MoneyCell value={i.open} />
                <TableCell align="right" sx={{ color: i.days_overdue > 0 ? 'error.main' : undefined }}>
                  {i.days_overdue > 0 ? i.days_overdue : '—'}
                </TableCell>
                <TableCell>
                  {i.presented && <Chip size="small" color="info" variant="outlined" label="in distinta SDD" />}
                </TableCell>
              </TableRow>
            )}
          />
        ))}
    </Box>
  );
}
