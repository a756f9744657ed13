/**
 * 'Addebiti degli incarichi' (`/addebiti_incarichi`, issue 49 item 3): the billing plan of the signed
 * engagements — 'Addebiti del periodo', the charges and yearly updates due up to a day (today, or a
 * day ahead to see what is coming) and what holds some back (an ISTAT index, a count, the
 * payslips) —, 'Esegui ora' for the Admin (the daily run makes the same by itself: each period
 * once), the counts of the month of the per-unit services typed by hand, and the log of the runs.
 */
import { useId, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  Paper,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { LinkBase, useNotify, usePermissions } from 'react-admin';
import { atLeast } from '../../../model/define';
import { billingRuleText } from '../../../model/engagements';
import { displayDate, displayDateTime, today } from '../../../model/dates';
import { formatAmount } from '../../../model/types';
import type { BillingPlan, UnitRow } from '../../../model/api/engagements';
import { useAppDataProvider } from '../../dataProvider';
import { BulkScreenHeader } from '../../bulk/PreviewRun';
import { ConfirmDialog } from '../../layout/ConfirmDialog';
import { failureText } from '../../bulk/texts';

const TITLE = 'Addebiti degli incarichi';
const euro = (n: number) => `${formatAmount(n)} €`;
type View = 'piano' | 'quantita' | 'registro';

export function EngagementBilling() {
  const [view, setView] = useState<View>('piano');
  return (
    <>
      <BulkScreenHeader title={TITLE} />
      <Typography component="h1" variant="h5" sx={{ mb: 1 }}>
        {TITLE}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Ogni giorno gli incarichi firmati fanno da soli gli addebiti del loro giorno di addebito, una volta sola per
        periodo; qui si vede cosa arriva e cosa manca.
      </Typography>
      <Tabs
        value={view}
        onChange={(_e, v: View) => setView(v)}
        sx={{ mb: 2 }}
        variant="scrollable"
        allowScrollButtonsMobile
      >
        <Tab value="piano" label="Addebiti del periodo" />
        <Tab value="quantita" label="Quantità del mese" />
        <Tab value="registro" label="Registro esecuzioni" />
      </Tabs>
      {view === 'piano' && <Plan />}
      {view === 'quantita' && <Units />}
      {view === 'registro' && <Runs />}
    </>
  );
}

function Plan() {
  const dp = useAppDataProvider();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { permissions } = usePermissions<{ role?: string }>();
  const admin = atLeast(permissions?.role, 'Admin');
  const [day, setDay] = useState(today());
  const [confirm, setConfirm] = useState(false);
  const [running, setRunning] = useState(false);
  const confirmId = useId();
  const plan = useQuery({
    queryKey: ['engagementBilling', day],
    queryFn: ({ signal }) => dp.billingPreview(day, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const run = async () => {
    setRunning(true);
    try {
      const out = await dp.runEngagementBilling();
      notify(
        out.charges
          ? `Fatti ${out.charges} addebiti per ${euro(out.amount)}${out.updates ? ` e ${out.updates} aggiornamenti dei compensi` : ''}`
          : 'Nessun addebito da fare oggi',
        { type: 'success' },
      );
      await queryClient.invalidateQueries({ queryKey: ['engagementBilling'] });
      await queryClient.invalidateQueries({ queryKey: ['engagementRuns'] });
    } catch (e) {
      notify(failureText(e), { type: 'error' });
    } finally {
      setRunning(false);
      setConfirm(false);
    }
  };
  const p: BillingPlan | undefined = plan.data;
  const future = day > today();
  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <TextField
          type="date"
          label="Addebiti dovuti fino al"
          value={day}
          onChange={(e) => e.target.value && setDay(e.target.value)}
          size="small"
          slotProps={{ inputLabel: { shrink: true } }}
        />
        {admin && (
          <Button
            variant="contained"
            onClick={() => setConfirm(true)}
            disabled={running || !p || (!p.charges.length && !p.updates.length) || future}
          >
            Esegui ora
          </Button>
        )}
      </Stack>
      {plan.isError && <Alert severity="error">{failureText(plan.error)}</Alert>}
      {p && (
        <>
          {future && (
            <Alert severity="info" sx={{ mb: 2 }}>
              Anteprima: questi addebiti si faranno da soli nei loro giorni; &laquo;Esegui ora&raquo; fa solo quelli
              fino a oggi.
            </Alert>
          )}
          {p.problems.length > 0 && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              <Typography variant="subtitle2" component="h2">
                In attesa ({p.problems.length})
              </Typography>
              <Box component="ul" sx={{ m: 0, pl: 2 }}>
                {p.problems.map((x, i) => (
                  <li key={i}>
                    <LinkBase to={`/Engagement/${x.engagement_id}`}>{x.business_name}</LinkBase> — {x.title}:{' '}
                    {x.message}
                  </li>
                ))}
              </Box>
            </Alert>
          )}
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {p.charges.length
              ? `${p.charges.length} addebiti per ${euro(p.total)}`
              : 'Nessun addebito dovuto fino a questa data'}
          </Typography>
          {p.charges.length > 0 && (
            <TableContainer
              component={Paper}
              tabIndex={0}
              role="region"
              aria-label="Addebiti del periodo"
              sx={{ mb: 2 }}
            >
              <Table size="small" sx={{ minWidth: 760 }}>
                <TableHead>
                  <TableRow>
                    <TableCell>Data</TableCell>
                    <TableCell>Cliente</TableCell>
                    <TableCell>Servizio</TableCell>
                    <TableCell>Periodo</TableCell>
                    <TableCell align="right">Quantità</TableCell>
                    <TableCell align="right">Compenso</TableCell>
                    <TableCell align="right">Importo</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {p.charges.slice(0, 500).map((c) => (
                    <TableRow key={`${c.engagement_service_id}-${c.period_start}`}>
                      <TableCell>{displayDate(c.billing_date)}</TableCell>
                      <TableCell>
                        <LinkBase to={`/Engagement/${c.engagement_id}`}>{c.business_name}</LinkBase>
                      </TableCell>
                      <TableCell>
                        {c.description}
                        <Typography variant="caption" component="div" color="text.secondary">
                          {billingRuleText(c.rule)}
                        </Typography>
                      </TableCell>
                      <TableCell>{c.label}</TableCell>
                      <TableCell align="right">{c.quantity == null ? '' : formatAmount(c.quantity)}</TableCell>
                      <TableCell align="right">{euro(c.fee)}</TableCell>
                      <TableCell align="right">{euro(c.amount)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
          {p.charges.length > 500 && (
            <Typography variant="body2">… e altri {p.charges.length - 500} addebiti (inclusi nel totale).</Typography>
          )}
          {p.updates.length > 0 && (
            <>
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mt: 2 }}>
                Aggiornamenti annui dei compensi ({p.updates.length})
              </Typography>
              <TableContainer component={Paper} tabIndex={0} role="region" aria-label="Aggiornamenti annui">
                <Table size="small" sx={{ minWidth: 640 }}>
                  <TableHead>
                    <TableRow>
                      <TableCell>Dal</TableCell>
                      <TableCell>Cliente</TableCell>
                      <TableCell>Servizio</TableCell>
                      <TableCell align="right">Aumento</TableCell>
                      <TableCell align="right">Compenso prima</TableCell>
                      <TableCell align="right">Compenso dopo</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {p.updates.map((u) => (
                      <TableRow key={`${u.engagement_service_id}-${u.effective_date}`}>
                        <TableCell>{displayDate(u.effective_date)}</TableCell>
                        <TableCell>{u.business_name}</TableCell>
                        <TableCell>{u.description}</TableCell>
                        <TableCell align="right">
                          {u.kind === 'istat' ? 'ISTAT ' : ''}+{String(u.percent).replace('.', ',')} %
                        </TableCell>
                        <TableCell align="right">{euro(u.old_fee)}</TableCell>
                        <TableCell align="right">{euro(u.new_fee)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            </>
          )}
        </>
      )}
      <ConfirmDialog
        open={confirm}
        busy={running}
        titleId={confirmId}
        title="Esegui ora gli addebiti"
        text={
          p
            ? `Si fanno ${p.charges.filter((c) => c.billing_date <= today()).length} addebiti dovuti fino a oggi. Ogni periodo si addebita una volta sola.`
            : ''
        }
        yes="Esegui"
        color="primary"
        onConfirm={() => void run()}
        onClose={() => setConfirm(false)}
      />
    </Box>
  );
}

const thisMonth = () => today().slice(0, 7);
const lastMonth = () => {
  const [y, m] = today().split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
};

function Units() {
  const dp = useAppDataProvider();
  const notify = useNotify();
  const [month, setMonth] = useState(lastMonth());
  const [typed, setTyped] = useState<Record<number, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const queryClient = useQueryClient();
  const titleId = useId();
  const rows = useQuery({
    queryKey: ['engagementUnits', month],
    queryFn: ({ signal }) => dp.engagementUnits(month, { signal }),
    retry: false,
  });
  const value = (r: UnitRow) => typed[r.engagement_service_id] ?? (r.units == null ? '' : formatAmount(r.units));
  const save = async () => {
    setSaving(true);
    try {
      const list = rows.data ?? [];
      const out = await dp.saveEngagementUnits({
        month,
        units: list
          .filter((r) => !r.billed)
          .map((r) => ({
            engagement_service_id: r.engagement_service_id,
            units: value(r).replace(/\./g, '').replace(',', '.'),
          })),
      });
      queryClient.setQueryData(['engagementUnits', month], out);
      setTyped({});
      setErrors({});
      notify('Quantità salvate', { type: 'success' });
    } catch (e) {
      const err = e as { body?: { errors?: Record<string, string[]> } };
      const list = (rows.data ?? []).filter((r) => !r.billed);
      setErrors(
        Object.fromEntries(
          Object.entries(err.body?.errors ?? {}).map(([k, v]) => {
            const i = Number(k.split('.')[1]);
            return [String(list[i]?.engagement_service_id ?? k), v[0] ?? ''];
          }),
        ),
      );
      notify(failureText(e), { type: 'error' });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        Servizi a quantità con il numero inserito a mano
      </Typography>
      <Stack direction="row" spacing={2} sx={{ my: 2, alignItems: 'center' }}>
        <TextField
          type="month"
          label="Mese"
          size="small"
          value={month}
          onChange={(e) => e.target.value && setMonth(e.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: thisMonth() } }}
        />
        <Button variant="contained" onClick={() => void save()} disabled={saving || !rows.data?.some((r) => !r.billed)}>
          Salva quantità
        </Button>
      </Stack>
      {rows.isError && <Alert severity="error">{failureText(rows.error)}</Alert>}
      {rows.data && !rows.data.length && (
        <Typography variant="body2">Nessun servizio a quantità da contare a mano in questo mese.</Typography>
      )}
      {rows.data && rows.data.length > 0 && (
        <TableContainer component={Paper} tabIndex={0} role="region" aria-label="Quantità del mese">
          <Table size="small" sx={{ minWidth: 560 }}>
            <TableHead>
              <TableRow>
                <TableCell>Cliente</TableCell>
                <TableCell>Servizio</TableCell>
                <TableCell align="right">Prezzo unitario</TableCell>
                <TableCell>Quantità</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.data.map((r) => (
                <TableRow key={r.engagement_service_id}>
                  <TableCell>{r.business_name}</TableCell>
                  <TableCell>{r.description}</TableCell>
                  <TableCell align="right">{euro(r.fee)}</TableCell>
                  <TableCell sx={{ minWidth: 150 }}>
                    {r.billed ? (
                      <>
                        {r.units == null ? '—' : formatAmount(r.units)} <Chip size="small" label="addebitato" />
                      </>
                    ) : (
                      <TextField
                        size="small"
                        label={`Quantità di ${r.business_name}`}
                        value={value(r)}
                        onChange={(e) => setTyped((t) => ({ ...t, [r.engagement_service_id]: e.target.value }))}
                        error={!!errors[String(r.engagement_service_id)]}
                        helperText={errors[String(r.engagement_service_id)]}
                        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                      />
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}

function Runs() {
  const dp = useAppDataProvider();
  const [page, setPage] = useState(1);
  const runs = useQuery({
    queryKey: ['engagementRuns', page],
    queryFn: ({ signal }) => dp.billingRuns(page, 20, { signal }),
    placeholderData: keepPreviousData,
  });
  const total = runs.data?.total ?? 0;
  return (
    <Box>
      {runs.isError && <Alert severity="error">{failureText(runs.error)}</Alert>}
      {runs.data && !runs.data.data.length && <Typography variant="body2">Nessuna esecuzione finora.</Typography>}
      {runs.data && runs.data.data.length > 0 && (
        <TableContainer component={Paper} tabIndex={0} role="region" aria-label="Registro esecuzioni">
          <Table size="small" sx={{ minWidth: 640 }}>
            <TableHead>
              <TableRow>
                <TableCell>Giorno</TableCell>
                <TableCell>Tipo</TableCell>
                <TableCell>Iniziata</TableCell>
                <TableCell>Finita</TableCell>
                <TableCell align="right">Addebiti</TableCell>
                <TableCell align="right">Importo</TableCell>
                <TableCell align="right">Aggiornamenti</TableCell>
                <TableCell>In attesa</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {runs.data.data.map((r) => (
                <TableRow key={r.id}>
                  <TableCell>{displayDate(r.day)}</TableCell>
                  <TableCell>{r.kind === 'scheduled' ? 'giornaliera' : `Esegui ora (${r.user_name ?? '—'})`}</TableCell>
                  <TableCell>{displayDateTime(r.started_at)}</TableCell>
                  <TableCell>{r.finished_at ? displayDateTime(r.finished_at) : 'in corso o interrotta'}</TableCell>
                  <TableCell align="right">{r.charges}</TableCell>
                  <TableCell align="right">{euro(r.amount)}</TableCell>
                  <TableCell align="right">{r.updates}</TableCell>
                  <TableCell>{r.problems.length ? `${r.problems.length}: ${r.problems[0]!.message}` : '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {total > 20 && (
        <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
          <Button disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            Precedenti
          </Button>
          <Button disabled={page * 20 >= total} onClick={() => setPage((p) => p + 1)}>
            Successivi
          </Button>
        </Stack>
      )}
    </Box>
  );
}
