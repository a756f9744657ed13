/**
 * `/cedolini_saved/{customer_id}` (CedoliniSavedView, seed B): the customer's name, a year
 * (current ± 50), the twelve months with their quantity (C49) and the charge it posts
 * (quantity × cedolino rate), each month editable; 'Salva' sends the changed months (C48).
 */
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useGetOne, useNotify } from 'react-admin';
import { useAppDataProvider } from '../../dataProvider';
import { ScreenTitle } from '../../layout/PageTitle';
import { CloseHeader } from '../../layout/CloseHeader';
import { BulkErrorDialog, TEXTS, currentYear, euro } from '../../bulk/common';
import { YearSelect } from '../../bulk/YearSelect';
import { MONTHS, QUANTITY_ERROR, payslipYears, quantityOf } from '../../resources/CustomersForCedolini/cedolini';

export function CedoliniSaved() {
  const { customer_id: customerId = '' } = useParams();
  const dp = useAppDataProvider();
  const notify = useNotify();
  const [year, setYear] = useState(currentYear());
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { data: customer } = useGetOne('Customer', { id: customerId }, { enabled: !!customerId });
  const q = useQuery({
    queryKey: ['cedolini', customerId, year],
    queryFn: ({ signal }) => dp.cedoliniOfYear(customerId, year, { signal }),
    enabled: !!customerId,
  });
  const name = String(customer?.business_name ?? `#${customerId}`);
  const rate = Number(customer?.cedolino_rate ?? 0);
  const saved = (m: number) => Number(q.data?.[String(m)] ?? 0);
  const key = (m: number) => `${year}-${m}`;
  const text = (m: number) => edits[key(m)] ?? String(saved(m));
  const changed = MONTHS.map((_, i) => i + 1).filter(
    (m) => edits[key(m)] !== undefined && quantityOf(text(m)) !== saved(m),
  );
  const valid = MONTHS.every((_, i) => quantityOf(text(i + 1)) !== undefined);
  const save = async () => {
    setBusy(true);
    try {
      await dp.saveCedolini(
        changed.map((m) => ({
          customerId: Number(customerId),
          business_name: name,
          cedoliniQuantity: quantityOf(text(m))!,
          month: m,
          year,
        })),
      );
      notify('Cedolini salvati', { type: 'info' });
      await q.refetch();
      setEdits({});
    } catch {
      setError(TEXTS.save);
    } finally {
      setBusy(false);
    }
  };
  const title = `Cedolini di ${name}`;
  return (
    <>
      <Box sx={{ maxWidth: 720 }}>
        <ScreenTitle title={title} />
        <CloseHeader
          fallback="/table/CustomersForCedolini"
          crumbs={[
            { label: 'Home', to: '/Menu' },
            { label: 'Cedolini', to: '/table/CustomersForCedolini' },
            { label: name },
          ]}
        />
        <Card>
          <CardContent>
            <Typography component="h1" variant="h6">
              {title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Costo cedolino: {euro(rate)}
            </Typography>
            <YearSelect value={year} onChange={setYear} years={payslipYears()} sx={{ mt: 2, width: 160 }} />
            {q.isLoading && <LinearProgress aria-label="Caricamento" sx={{ mt: 1 }} />}
            {q.isError && (
              <Alert severity="error" sx={{ mt: 1 }}>
                Errore di caricamento...
              </Alert>
            )}
            <form
              onSubmit={(e) => {
                e.preventDefault();
                if (valid && changed.length && !busy) void save();
              }}
            >
              <Table size="small" aria-label={`Cedolini ${year}`} sx={{ mt: 1 }}>
                <TableHead>
                  <TableRow>
                    <TableCell>Mese</TableCell>
                    <TableCell align="right">Quantità</TableCell>
                    <TableCell align="right">Addebito</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {MONTHS.map((label, i) => {
                    const m = i + 1;
                    const n = quantityOf(text(m));
                    return (
                      <TableRow key={label} data-testid={`cedolini-month-${m}`}>
                        <TableCell component="th" scope="row">
                          {label}
                        </TableCell>
                        <TableCell align="right">
                          <TextField
                            size="small"
                            type="number"
                            value={text(m)}
                            error={n === undefined}
                            helperText={n === undefined ? QUANTITY_ERROR : undefined}
                            onChange={(e) => setEdits((x) => ({ ...x, [key(m)]: e.target.value }))}
                            disabled={!q.data}
                            slotProps={{ htmlInput: { min: 0, step: 1, 'aria-label': `Quantità ${label} ${year}` } }}
                            sx={{ width: 120 }}
                          />
                        </TableCell>
                        <TableCell align="right">{n ? euro((n * Math.round(rate * 100)) / 100) : ''}</TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
              <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
                <Button type="submit" variant="contained" disabled={busy || !valid || !changed.length}>
                  Salva
                </Button>
              </Box>
            </form>
          </CardContent>
        </Card>
      </Box>
      <BulkErrorDialog text={error} onClose={() => setError(null)} />
    </>
  );
}
