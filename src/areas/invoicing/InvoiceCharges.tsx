/**
 * `/fattura_addebiti` 'Fattura addebiti' (issue 28 item 1), Collaboratore and above: the charges
 * of a period not yet invoiced become one invoice (TD01) per customer, one line per charge.
 * 1) the period and the invoices' date (from the customers' bulk bar: only the selected
 * customers); 2) the preview — the invoices with their numbers and totals, the customers left
 * out and why; 3) 'Emetti' issues them all at once (or none): when the charges changed since the
 * preview the server refuses and the preview is read again.
 */
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
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
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { DateTextField, INVALID_DATE } from '../../form/DateInput';
import { useNotify } from 'react-admin';
import { isoDate, today } from '../../../model/dates';
import { formatEuro } from '../../../model/types';
import { useAppDataProvider, type InvoicingInput, type InvoicingPlan } from '../../dataProvider';
import { ApiError } from '../../api/client';
import { ScreenTitle } from '../../layout/PageTitle';
import { CloseHeader } from '../../layout/CloseHeader';

/** The customers chosen in the customers' bulk bar (router state), if the screen was opened from there. */
export interface InvoiceChargesState {
  customerIds?: Array<string | number>;
}

/** The previous month, first and last day: the usual period to invoice. */
function lastMonth(now = new Date()): { from: string; to: string } {
  const [y, m] = today(now).split('-').map(Number) as [number, number];
  const year = m === 1 ? y - 1 : y;
  const month = m === 1 ? 12 : m - 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const mm = String(month).padStart(2, '0');
  return { from: `${year}-${mm}-01`, to: `${year}-${mm}-${String(last).padStart(2, '0')}` };
}

/** The screen's three dates: the period of the charges, the invoices' date. */
const DATE_FIELDS = [
  ['from', 'Dal'],
  ['to', 'Al'],
  ['date', 'Data delle fatture'],
] as const;

const dmy = (iso: string) => iso.split('-').reverse().join('/');

export function InvoiceCharges() {
  const dp = useAppDataProvider();
  const notify = useNotify();
  const navigate = useNavigate();
  const chosen = ((useLocation().state ?? {}) as InvoiceChargesState).customerIds;
  const [form, setForm] = useState(() => ({ ...lastMonth(), date: today() }));
  const [plan, setPlan] = useState<InvoicingPlan | null>(null);
  const [busy, setBusy] = useState<'preview' | 'run' | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const request = (): InvoicingInput => ({ ...form, ...(chosen?.length ? { customer_ids: chosen } : {}) });

  const fail = (e: unknown) => {
    if (e instanceof ApiError && e.body.errors)
      setErrors(Object.fromEntries(Object.entries(e.body.errors).map(([k, v]) => [k, v[0] ?? e.message])));
    setMessage(e instanceof Error ? e.message : 'Errore di caricamento...');
  };
  const load = async () => {
    setBusy('preview');
    setErrors({});
    setMessage(null);
    try {
      setPlan(await dp.invoicingPreview(request()));
    } catch (e) {
      setPlan(null);
      fail(e);
    } finally {
      setBusy(null);
    }
  };
  const run = async () => {
    if (!plan) return;
    setBusy('run');
    setMessage(null);
    try {
      const done = await dp.invoicingRun({ ...request(), fingerprint: plan.fingerprint });
      const n = done.invoices.length;
      notify(
        `${n === 1 ? 'Emessa 1 fattura' : `Emesse ${n} fatture`}: n. ${done.invoices[0]?.number}${n > 1 ? `–${done.invoices[n - 1]?.number}` : ''}`,
        { type: 'success' },
      );
      navigate('/table/EDocument');
    } catch (e) {
      fail(e);
      // the charges changed (or another run issued them): the preview as it is now
      if (e instanceof ApiError && e.status === 409) {
        try {
          setPlan(await dp.invoicingPreview(request()));
        } catch {
          setPlan(null);
        }
      }
    } finally {
      setBusy(null);
    }
  };
  const changed = (f: () => void) => {
    f();
    setPlan(null);
    setErrors({});
  };

  return (
    <>
      <ScreenTitle title="Fattura addebiti" />
      <CloseHeader
        fallback="/table/EDocument"
        crumbs={[
          { label: 'Home', to: '/Menu' },
          { label: 'Gestione Fatture elettroniche', to: '/table/EDocument' },
          { label: 'Fattura addebiti' },
        ]}
      />
      <Card sx={{ mb: 2 }}>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            1. Periodo degli addebiti
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            Gli addebiti del periodo non ancora fatturati diventano una fattura per cliente, una riga per addebito, con
            l'IVA del regime dello studio e i numeri successivi all'ultima fattura dell'anno.
            {chosen?.length
              ? ` Solo ${chosen.length === 1 ? 'il cliente selezionato' : `i ${chosen.length} clienti selezionati`}.`
              : ' Tutti i clienti con addebiti nel periodo.'}
          </Typography>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
            {DATE_FIELDS.map(([field, label]) => (
              // the app's own date field, GG-MM-AAAA in every browser (issue 45 item 17); a text that is
              // no date goes as typed, and the server's 422 says which field
              <Box key={field} sx={{ width: 200 }}>
                <DateTextField
                  id={`input-${field}`}
                  label={label}
                  value={isoDate(form[field]) ?? (form[field] ? undefined : null)}
                  onChange={(iso) =>
                    changed(() => setForm((f) => ({ ...f, [field]: iso === undefined ? INVALID_DATE : (iso ?? '') })))
                  }
                  error={!!errors[field]}
                  helperText={errors[field]}
                />
              </Box>
            ))}
            <Button variant="contained" onClick={load} disabled={!!busy} sx={{ mt: 1 }}>
              Anteprima
            </Button>
          </Box>
        </CardContent>
      </Card>
      {busy && <LinearProgress aria-label={busy === 'run' ? 'Emissione delle fatture' : 'Anteprima delle fatture'} />}
      {message && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {message}
        </Alert>
      )}
      {plan && <PlanView plan={plan} busy={!!busy} onRun={run} />}
    </>
  );
}

function PlanView({ plan, busy, onRun }: { plan: InvoicingPlan; busy: boolean; onRun: () => void }) {
  const n = plan.invoices.length;
  return (
    <Card sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          2. Anteprima: addebiti dal {dmy(plan.from)} al {dmy(plan.to)}, fatture del {dmy(plan.date)}
        </Typography>
        {n ? (
          <Alert severity="info" sx={{ mb: 2 }}>
            {n === 1 ? '1 fattura' : `${n} fatture`} (n. {plan.invoices[0]!.number}
            {n > 1 ? `–${plan.invoices[n - 1]!.number}` : ''}) con {plan.totals.lines}{' '}
            {plan.totals.lines === 1 ? 'addebito' : 'addebiti'}: imponibile {formatEuro(plan.totals.taxable)}, totale{' '}
            {formatEuro(plan.totals.total)}, netto a pagare {formatEuro(plan.totals.payable)}.
          </Alert>
        ) : (
          <Alert severity="warning" sx={{ mb: 2 }}>
            Nessuna fattura da emettere: nel periodo non ci sono addebiti da fatturare
            {plan.skipped.length ? ' (tranne quelli dei clienti esclusi qui sotto)' : ''}.
          </Alert>
        )}
        {n > 0 && (
          // a scrolling region reached by keyboard (WCAG 2.1.1), named by its table
          <TableContainer sx={{ maxHeight: 420, mb: 2 }} tabIndex={0} role="region" aria-label="Fatture da emettere">
            <Table size="small" stickyHeader aria-label="Fatture da emettere">
              <TableHead>
                <TableRow>
                  <TableCell>Numero</TableCell>
                  <TableCell>Cliente</TableCell>
                  <TableCell>Addebiti</TableCell>
                  <TableCell align="right">Compenso</TableCell>
                  <TableCell align="right">Cassa 4%</TableCell>
                  <TableCell align="right">IVA</TableCell>
                  <TableCell align="right">Bollo</TableCell>
                  <TableCell align="right">Totale</TableCell>
                  <TableCell align="right">Ritenuta</TableCell>
                  <TableCell align="right">Netto a pagare</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {plan.invoices.map((inv) => (
                  <TableRow key={inv.customer_id}>
                    <TableCell>{inv.number}</TableCell>
                    <TableCell>{inv.business_name}</TableCell>
                    <TableCell>
                      {inv.lines.map((l) => `${l.description} (${formatEuro(l.amount)})`).join('; ')}
                    </TableCell>
                    {[inv.fee, inv.cassa, inv.tax, inv.stamp_duty, inv.total].map((v, i) => (
                      <TableCell key={i} align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {formatEuro(v)}
                      </TableCell>
                    ))}
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {inv.withholding ? `− ${formatEuro(inv.withholding)}` : formatEuro(0)}
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: 700 }}>
                      {formatEuro(inv.payable)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        {plan.skipped.length > 0 && (
          <>
            <Typography variant="subtitle1" component="h3" gutterBottom>
              Clienti esclusi ({plan.skipped.length}): correggi i loro dati e rifai l'anteprima
            </Typography>
            <TableContainer sx={{ maxHeight: 300, mb: 2 }} tabIndex={0} role="region" aria-label="Clienti esclusi">
              <Table size="small" stickyHeader aria-label="Clienti esclusi">
                <TableHead>
                  <TableRow>
                    <TableCell>Cliente</TableCell>
                    <TableCell align="right">Addebiti</TableCell>
                    <TableCell>Motivo</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {plan.skipped.map((s) => (
                    <TableRow key={s.customer_id}>
                      <TableCell>{s.business_name}</TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {s.charges} ({formatEuro(s.amount)})
                      </TableCell>
                      <TableCell>{s.reasons.join('; ')}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </>
        )}
        <Button variant="contained" startIcon={<ReceiptLongIcon />} onClick={onRun} disabled={busy || !n}>
          {n === 1 ? 'Emetti 1 fattura' : `Emetti ${n} fatture`}
        </Button>
      </CardContent>
    </Card>
  );
}
