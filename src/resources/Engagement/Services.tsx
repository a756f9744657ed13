/**
 * 'Servizi e compensi' on an engagement's card (issue 49): the services, each with its billing rule
 * and fee (per period, per unit or per hour) — edited while the engagement is a draft and saved as a
 * whole list (the server checks again and answers each problem under its row and column) —, what
 * the invoice of each period will take (VAT, cassa, withholding: the studio's and the customer's),
 * the next charges, the yearly updates made (old and new fee) and the charges made. Inside the
 * form: every button is type="button".
 */
import { useId, useMemo, useState, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Divider,
  IconButton,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import AddIcon from '@mui/icons-material/Add';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify, useRecordContext } from 'react-admin';
import { Link } from 'react-router-dom';
import { BILLING_RULES, billingRuleText, engagementProblems, UNIT_SOURCES } from '../../../model/engagements';
import { displayDate } from '../../../model/dates';
import { formatAmount } from '../../../model/types';
import { useAppDataProvider } from '../../dataProvider';
import type { EngagementDetail, EngagementServiceInput } from '../../../model/api/engagements';

const SERVICES_ENDPOINT = '/api/list/StudioService/StudioServiceResource4SelectCollection?items_per_page=-1';
const euro = (n: number) => `${formatAmount(n)} €`;
const feeLabel = (rule: string) =>
  rule === 'per_unit' ? 'Prezzo unitario' : rule === 'by_time' ? 'Tariffa oraria' : 'Compenso del periodo';

interface Row {
  key: number;
  studio_service_id: string;
  description: string;
  rule: string;
  fee: string;
  unit_source: string;
}
let nextKey = 1;
const blank = (): Row => ({
  key: nextKey++,
  studio_service_id: '',
  description: '',
  rule: 'quarterly',
  fee: '',
  unit_source: '',
});
const rowsOf = (d: EngagementDetail): Row[] =>
  d.services.map((s) => ({
    key: nextKey++,
    studio_service_id: s.studio_service_id == null ? '' : String(s.studio_service_id),
    description: s.description,
    rule: s.rule,
    fee: formatAmount(s.fee),
    unit_source: s.unit_source ?? '',
  }));
const inputOf = (r: Row): EngagementServiceInput => ({
  studio_service_id: r.studio_service_id ? Number(r.studio_service_id) : null,
  description: r.description.trim() || null,
  rule: r.rule,
  fee: r.fee.trim().replace(/\./g, '').replace(',', '.'),
  unit_source: r.rule === 'per_unit' ? r.unit_source || null : null,
});

export function EngagementServices() {
  const record = useRecordContext();
  const id = record?.id;
  const draft = record?.status === 'draft';
  const dp = useAppDataProvider();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const titleId = useId();
  const key = ['engagementDetail', String(id)];
  const detail = useQuery({
    queryKey: key,
    enabled: id != null,
    queryFn: ({ signal }) => dp.engagementDetail(id!, { signal }),
  });
  const options = useQuery({
    queryKey: ['options', SERVICES_ENDPOINT],
    queryFn: ({ signal }) =>
      dp.options(SERVICES_ENDPOINT, { signal }) as Promise<Array<{ id: number; label?: string; trashed?: boolean }>>,
    staleTime: 60_000,
    enabled: draft,
  });
  // the rows as saved, until the user edits them
  const saved = useMemo(() => (detail.data ? rowsOf(detail.data) : null), [detail.data]);
  const [edited, setRows] = useState<Row[] | null>(null);
  const rows = edited ?? saved;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  if (id == null) return null;
  const d = detail.data;
  const set = (i: number, patch: Partial<Row>) =>
    setRows((rs) => (rs ?? saved ?? []).map((r, k) => (k === i ? { ...r, ...patch } : r)));
  const save = async () => {
    const list = (rows ?? []).map(inputOf);
    const found = engagementProblems({ services: list });
    if (Object.keys(found).length) {
      setErrors(found);
      return;
    }
    setSaving(true);
    try {
      const out = await dp.saveEngagementServices(id, list);
      queryClient.setQueryData(key, out);
      setRows(null);
      setErrors({});
      notify('Servizi dell’incarico salvati', { type: 'success' });
    } catch (e) {
      const err = e as Error & { body?: { errors?: Record<string, string[]>; message?: string } };
      const byField = Object.fromEntries(Object.entries(err.body?.errors ?? {}).map(([k, v]) => [k, v[0] ?? '']));
      setErrors(byField);
      notify(err.body?.message ?? err.message ?? 'Servizi non salvati', { type: 'error' });
    } finally {
      setSaving(false);
    }
  };
  const err = (i: number, f: string) => errors[`services.${i}.${f}`];
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ width: '100%', mt: 2 }}>
      <Divider sx={{ mb: 2 }} />
      <Typography variant="h6" component="h2" id={titleId} sx={{ mb: 1 }}>
        Servizi e compensi
      </Typography>
      {detail.isError && <Alert severity="error">Servizi dell’incarico non disponibili: riprova più tardi.</Alert>}
      {d && (
        <Alert severity="info" sx={{ mb: 2 }}>
          La fattura di ogni addebito: {d.treatment.text}. Gli addebiti si fanno in automatico dal giorno di addebito
          quando l’incarico è firmato.
        </Alert>
      )}
      {errors.services && <Alert severity="error">{errors.services}</Alert>}
      {rows && (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Servizi dell'incarico">
            <TableHead>
              <TableRow>
                <TableCell>Servizio</TableCell>
                <TableCell>Come si addebita</TableCell>
                <TableCell>Compenso</TableCell>
                {draft && <TableCell>Conteggio</TableCell>}
                {!draft && <TableCell>In vigore oggi</TableCell>}
                {draft && <TableCell aria-label="Azioni" />}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r, i) =>
                draft ? (
                  <TableRow key={r.key}>
                    <TableCell sx={{ minWidth: 220 }}>
                      <TextField
                        select
                        size="small"
                        fullWidth
                        label="Servizio"
                        value={r.studio_service_id}
                        onChange={(ev) => set(i, { studio_service_id: ev.target.value })}
                        error={!!err(i, 'studio_service_id')}
                        helperText={err(i, 'studio_service_id')}
                      >
                        {(options.data ?? [])
                          .filter((o) => !o.trashed || String(o.id) === r.studio_service_id)
                          .map((o) => (
                            <MenuItem key={o.id} value={String(o.id)}>
                              {o.label ?? `#${o.id}`}
                            </MenuItem>
                          ))}
                      </TextField>
                      <TextField
                        size="small"
                        fullWidth
                        sx={{ mt: 1 }}
                        label="Descrizione nella lettera (facoltativa)"
                        value={r.description}
                        onChange={(ev) => set(i, { description: ev.target.value })}
                        error={!!err(i, 'description')}
                        helperText={err(i, 'description')}
                      />
                    </TableCell>
                    <TableCell sx={{ minWidth: 190 }}>
                      <TextField
                        select
                        size="small"
                        fullWidth
                        label="Regola"
                        value={r.rule}
                        onChange={(ev) => set(i, { rule: ev.target.value })}
                        error={!!err(i, 'rule')}
                        helperText={err(i, 'rule')}
                      >
                        {BILLING_RULES.map((b) => (
                          <MenuItem key={b.value} value={b.value}>
                            {b.text}
                          </MenuItem>
                        ))}
                      </TextField>
                    </TableCell>
                    <TableCell sx={{ minWidth: 140 }}>
                      <TextField
                        size="small"
                        fullWidth
                        label={feeLabel(r.rule)}
                        value={r.fee}
                        inputProps={{ inputMode: 'decimal' }}
                        onChange={(ev) => set(i, { fee: ev.target.value })}
                        error={!!err(i, 'fee')}
                        helperText={err(i, 'fee') ?? '€'}
                      />
                    </TableCell>
                    <TableCell sx={{ minWidth: 200 }}>
                      {r.rule === 'per_unit' ? (
                        <TextField
                          select
                          size="small"
                          fullWidth
                          label="Numero da"
                          value={r.unit_source}
                          onChange={(ev) => set(i, { unit_source: ev.target.value })}
                          error={!!err(i, 'unit_source')}
                          helperText={err(i, 'unit_source')}
                        >
                          {UNIT_SOURCES.map((u) => (
                            <MenuItem key={u.value} value={u.value}>
                              {u.text}
                            </MenuItem>
                          ))}
                        </TextField>
                      ) : r.rule === 'by_time' ? (
                        <Typography variant="body2">Ore registrate sul cliente e servizio nel mese</Typography>
                      ) : (
                        <Typography variant="body2">—</Typography>
                      )}
                    </TableCell>
                    <TableCell>
                      <Tooltip title="Togli il servizio">
                        <IconButton
                          type="button"
                          aria-label={`Togli il servizio ${i + 1}`}
                          onClick={() => setRows((rs) => (rs ?? saved ?? []).filter((_x, k) => k !== i))}
                        >
                          <DeleteIcon />
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  </TableRow>
                ) : (
                  <TableRow key={r.key}>
                    <TableCell>{r.description}</TableCell>
                    <TableCell>
                      {billingRuleText(r.rule)}
                      {r.rule === 'per_unit' && ` — ${UNIT_SOURCES.find((u) => u.value === r.unit_source)?.text ?? ''}`}
                    </TableCell>
                    <TableCell>
                      {r.fee} €{r.rule === 'by_time' ? '/h' : r.rule === 'per_unit' ? ' cad.' : ''}
                    </TableCell>
                    <TableCell>{d ? euro(d.services[i]?.current_fee ?? 0) : ''}</TableCell>
                  </TableRow>
                ),
              )}
            </TableBody>
          </Table>
        </Box>
      )}
      {draft && rows && (
        <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', gap: 1 }}>
          <Button
            type="button"
            startIcon={<AddIcon />}
            onClick={() => setRows((rs) => [...(rs ?? saved ?? []), blank()])}
          >
            Aggiungi servizio
          </Button>
          <Button type="button" variant="contained" disabled={saving} onClick={() => void save()}>
            Salva servizi
          </Button>
        </Stack>
      )}
      {!draft && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          La lettera è stata inviata o firmata: i servizi non cambiano più (riporta in bozza un incarico inviato, o
          fanne uno nuovo).
        </Typography>
      )}
      {d && d.upcoming.length > 0 && (
        <DetailTable
          title="Prossimi addebiti"
          head={['Data', 'Servizio', 'Periodo', 'Compenso']}
          rows={d.upcoming
            .slice(0, 12)
            .map((u) => [
              displayDate(u.billing_date),
              u.description,
              u.label,
              `${euro(u.fee)}${u.rule === 'by_time' ? '/h' : u.rule === 'per_unit' ? ' cad.' : ''}`,
            ])}
        />
      )}
      {d && d.fee_changes.length > 0 && (
        <DetailTable
          title="Aggiornamenti dei compensi"
          head={['Dal', 'Servizio', 'Aggiornamento', 'Compenso prima', 'Compenso dopo']}
          rows={d.fee_changes.map((f) => [
            displayDate(f.effective_date),
            f.description,
            f.kind === 'istat'
              ? `ISTAT FOI ${f.index_month ?? ''}: ${formatAmount(f.index_base ?? 0)} → ${formatAmount(f.index_current ?? 0)}, +${String(f.percent).replace('.', ',')} %`
              : `+${String(f.percent).replace('.', ',')} % fisso`,
            euro(f.old_fee),
            euro(f.new_fee),
          ])}
        />
      )}
      {d && d.charges.length > 0 && (
        <DetailTable
          title="Addebiti fatti"
          head={['Data', 'Servizio', 'Periodo', 'Quantità', 'Importo']}
          rows={d.charges.map((c) => [
            displayDate(c.billing_date),
            c.description,
            c.label,
            c.quantity == null ? '' : String(c.quantity).replace('.', ','),
            c.charge_id ? euro(c.amount) : 'nessun addebito (zero)',
          ])}
          footer={
            record?.customer_id ? (
              <Link to={`/table/Transaction/${record.customer_id}`}>Apri l’estratto conto del cliente</Link>
            ) : null
          }
        />
      )}
    </Box>
  );
}

function DetailTable({
  title,
  head,
  rows,
  footer,
}: {
  title: string;
  head: string[];
  rows: string[][];
  footer?: ReactNode;
}) {
  const id = useId();
  return (
    <Box sx={{ mt: 3 }}>
      <Typography variant="subtitle1" component="h3" id={id} sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-labelledby={id}>
          <TableHead>
            <TableRow>
              {head.map((h) => (
                <TableCell key={h}>{h}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r, i) => (
              <TableRow key={i}>
                {r.map((c, k) => (
                  <TableCell key={k}>{c}</TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {footer && <Box sx={{ mt: 1 }}>{footer}</Box>}
    </Box>
  );
}
