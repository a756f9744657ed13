/**
 * 'Nuova richiesta di documenti' (issue 50 item 2): one request per customer, to the customers given
 * (the customers' bulk bar, a customer's card) or, from 'Richieste di documenti', to the customers
 * picked or to every active customer of a compliance job for a year. An optional checklist
 * ('Elenco di documenti') fills the title, the documents and the message, all editable; the
 * documents are typed one per line. The server checks everything: its messages (422) go under
 * their fields and what was typed stays. Sent, it says to how many customers and how many of
 * them have nobody in the customers' area yet.
 */
import { useEffect, useId, useState } from 'react';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  LinearProgress,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useNotify, type Identifier } from 'react-admin';
import { currentYear } from '../../../model/dates';
import { REQUEST_MESSAGES } from '../../../model/portal';
import { ApiError } from '../../api/client';
import { useAppDataProvider, type CustomerOption } from '../../dataProvider';
import { CHECKLIST_OPTIONS_ENDPOINT, type RequestCreated, type RequestInput } from '../../dataProvider/portalRequests';
import { failureText } from '../../bulk/texts';

/** How long the customers' search waits after the last key, and how many letters it needs. */
const SEARCH_DEBOUNCE_MS = 300;
const MIN_SEARCH = 2;
/** the fields the dialog shows the server's messages under */
const FIELDS = [
  'customer_ids',
  'studio_job_id',
  'year',
  'checklist_id',
  'title',
  'due_date',
  'items',
  'message',
] as const;
type Field = (typeof FIELDS)[number];
type Errors = Partial<Record<string, string>>;
type Target = 'customers' | 'job';

/** 'Richiesta inviata a 3 clienti (1 senza persone nell'area clienti)'. */
export function createdText(r: RequestCreated): string {
  const to = r.created === 1 ? '1 cliente' : `${r.created} clienti`;
  return `Richiesta inviata a ${to}${r.without_people ? ` (${r.without_people} senza persone nell'area clienti)` : ''}`;
}

/** The server's field messages, one text per field. */
const errorsOf = (e: unknown): Errors => {
  const fields = e instanceof ApiError ? e.body.errors : undefined;
  if (!fields || typeof fields !== 'object') return {};
  return Object.fromEntries(
    Object.entries(fields).map(([k, v]) => [k, Array.isArray(v) ? v.join(' ') : String(v)]),
  ) as Errors;
};

/** The customers whose name (or code) holds the text typed, after a pause. */
function useCustomerSearch(text: string) {
  const dp = useAppDataProvider();
  const q = text.trim();
  const [debounced, setDebounced] = useState(q);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(q), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [q]);
  const enabled = debounced.length >= MIN_SEARCH;
  const found = useQuery({
    queryKey: ['portalRequests', 'customers', debounced],
    queryFn: ({ signal }) => dp.searchCustomers(debounced, { signal }),
    enabled,
    retry: false,
  });
  return {
    options: enabled ? (found.data ?? []) : [],
    loading: q.length >= MIN_SEARCH && (debounced !== q || found.isFetching),
    error: found.isError ? failureText(found.error) : null,
    short: q.length < MIN_SEARCH,
  };
}

/** The checklist's record as the generic card reads it. */
interface ChecklistRecord {
  id: number;
  name?: string | null;
  items?: string | null;
  message?: string | null;
  studio_job_id?: number | null;
}

export function NewRequestDialog({
  customerIds,
  onClose,
  onCreated,
}: {
  /** the customers the request goes to (the bulk bar's selection, a customer's card): then no picker */
  customerIds?: readonly Identifier[];
  onClose: () => void;
  onCreated?: (created: RequestCreated) => void;
}) {
  const dp = useAppDataProvider();
  const notify = useNotify();
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('sm'));
  const uid = useId();
  const fixed = customerIds !== undefined;
  const [target, setTarget] = useState<Target>('customers');
  const [customers, setCustomers] = useState<CustomerOption[]>([]);
  const [search, setSearch] = useState('');
  const [jobId, setJobId] = useState('');
  const [year, setYear] = useState(String(currentYear()));
  const [checklistId, setChecklistId] = useState('');
  const [title, setTitle] = useState('');
  const [dueDate, setDueDate] = useState('');
  const [items, setItems] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [filling, setFilling] = useState(false);
  const found = useCustomerSearch(search);

  const checklists = useQuery({
    queryKey: ['options', CHECKLIST_OPTIONS_ENDPOINT],
    queryFn: ({ signal }) =>
      dp.options(CHECKLIST_OPTIONS_ENDPOINT, { signal }) as Promise<
        Array<{ id: number; label?: string | null; trashed?: boolean }>
      >,
    staleTime: 60_000,
    retry: false,
  });
  const jobs = useQuery({
    queryKey: ['portalRequests', 'jobs'],
    queryFn: ({ signal }) => dp.studioJobs({ signal }),
    enabled: !fixed && target === 'job',
    staleTime: 60_000,
    retry: false,
  });

  const clear = (...keys: Field[]) =>
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !keys.includes(k as Field))));

  /** A checklist chosen: its name, documents and message fill the fields (and its job, for a job's customers). */
  const chooseChecklist = async (value: string) => {
    setChecklistId(value);
    clear('checklist_id');
    if (!value) return;
    setFilling(true);
    try {
      const { data } = await dp.getOne<ChecklistRecord>('DocumentChecklist', { id: Number(value) });
      setTitle(data.name ?? '');
      setItems(data.items ?? '');
      setMessage(data.message ?? '');
      if (data.studio_job_id && !jobId) setJobId(String(data.studio_job_id));
      clear('title', 'items', 'message');
    } catch (e) {
      setErrors((x) => ({ ...x, checklist_id: `Elenco di documenti non disponibile: ${failureText(e)}` }));
    } finally {
      setFilling(false);
    }
  };

  const send = async () => {
    setProblem(null);
    // with no customer given the server would fall back on the checklist's job: never by omission
    if (fixed && !customerIds.length) return setProblem(REQUEST_MESSAGES.noCustomers);
    if (!fixed && target === 'customers' && !customers.length)
      return setErrors({ customer_ids: REQUEST_MESSAGES.noCustomers });
    if (!fixed && target === 'job' && !jobId) return setErrors({ studio_job_id: "Scegli l'adempimento" });
    const y = Number(year);
    const body: RequestInput = {
      ...(fixed
        ? { customer_ids: customerIds.map(Number) }
        : target === 'customers'
          ? { customer_ids: customers.map((c) => c.id) }
          : { studio_job_id: Number(jobId), year: year.trim() && Number.isInteger(y) ? y : null }),
      checklist_id: checklistId ? Number(checklistId) : null,
      title: title.trim() || null,
      due_date: dueDate || null,
      items: items.trim() ? items : null,
      message: message.trim() || null,
    };
    setErrors({});
    setBusy(true);
    try {
      const created = await dp.createPortalRequests(body);
      notify(createdText(created), { type: 'success' });
      onCreated?.(created);
      onClose();
    } catch (e) {
      const fields = errorsOf(e);
      setErrors(fields);
      const shown = (k: string) =>
        (FIELDS as readonly string[]).includes(k) && !(fixed && ['customer_ids', 'studio_job_id', 'year'].includes(k));
      const others = Object.entries(fields).filter(([k]) => !shown(k));
      if (!Object.keys(fields).length) setProblem(failureText(e));
      else if (others.length) setProblem(others.map(([, m]) => m).join(' '));
    } finally {
      setBusy(false);
    }
  };

  const err = (k: Field) => errors[k];
  const locked = busy || filling;
  const fid = (k: string) => `${uid}-${k}`;

  return (
    <Dialog
      open
      onClose={() => !busy && onClose()}
      aria-labelledby={fid('title')}
      fullWidth
      maxWidth="md"
      fullScreen={small}
      // opened from a menu (the customers' bulk bar), the dialog is inside the menu's list in React's
      // tree: the keys typed here would reach its type-ahead, which takes the letters of its items
      // away from the fields (Escape is the dialog's own, handled before this)
      onKeyDown={(e) => e.stopPropagation()}
    >
      <DialogTitle id={fid('title')}>Nuova richiesta di documenti</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          {fixed ? (
            <Typography variant="body2">
              {customerIds.length === 1
                ? 'La richiesta va al cliente selezionato.'
                : `La richiesta va a ciascuno dei ${customerIds.length} clienti selezionati.`}{' '}
              Le persone del cliente nell&apos;area clienti ricevono un&apos;e-mail con il titolo e la scadenza.
            </Typography>
          ) : (
            <>
              <FormControl>
                <FormLabel id={fid('target')}>Destinatari</FormLabel>
                <RadioGroup
                  row
                  aria-labelledby={fid('target')}
                  value={target}
                  onChange={(e) => {
                    setTarget(e.target.value as Target);
                    clear('customer_ids', 'studio_job_id', 'year');
                  }}
                >
                  <FormControlLabel value="customers" control={<Radio />} label="Clienti scelti" disabled={locked} />
                  <FormControlLabel
                    value="job"
                    control={<Radio />}
                    label="Tutti i clienti di un adempimento"
                    disabled={locked}
                  />
                </RadioGroup>
              </FormControl>
              {target === 'customers' ? (
                <Autocomplete<CustomerOption, true, false, false>
                  multiple
                  id={fid('customers')}
                  options={found.options}
                  value={customers}
                  inputValue={search}
                  onInputChange={(_e, v, reason) => reason !== 'reset' && setSearch(v)}
                  onChange={(_e, v) => {
                    setCustomers(v);
                    setSearch('');
                    clear('customer_ids');
                  }}
                  filterOptions={(x) => x}
                  filterSelectedOptions
                  getOptionLabel={(o) => o.label}
                  getOptionKey={(o) => o.id}
                  isOptionEqualToValue={(a, b) => a.id === b.id}
                  loading={found.loading}
                  loadingText="Ricerca in corso…"
                  noOptionsText={
                    found.error ??
                    (found.short ? `Scrivi almeno ${MIN_SEARCH} lettere del nome` : 'Nessun cliente trovato')
                  }
                  clearText="Cancella"
                  closeText="Chiudi"
                  openText="Apri"
                  disabled={locked}
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      label="Clienti"
                      error={!!err('customer_ids')}
                      helperText={err('customer_ids') ?? 'Cerca per ragione sociale o codice; uno o più clienti'}
                    />
                  )}
                />
              ) : (
                <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
                  <TextField
                    select
                    id={fid('job')}
                    label="Adempimento"
                    value={jobId}
                    onChange={(e) => {
                      setJobId(e.target.value);
                      clear('studio_job_id');
                    }}
                    disabled={locked}
                    error={!!err('studio_job_id')}
                    helperText={
                      err('studio_job_id') ??
                      (jobs.isError
                        ? `Adempimenti non disponibili: ${failureText(jobs.error)}`
                        : "Ogni cliente attivo con una forma giuridica a cui l'adempimento si applica")
                    }
                  >
                    {(jobs.data ?? []).map((j) => (
                      <MenuItem key={j.id} value={String(j.id)}>
                        {[j.cod, j.name].filter(Boolean).join(' – ')}
                      </MenuItem>
                    ))}
                  </TextField>
                  <TextField
                    id={fid('year')}
                    label="Anno"
                    type="number"
                    value={year}
                    onChange={(e) => {
                      setYear(e.target.value);
                      clear('year');
                    }}
                    disabled={locked}
                    error={!!err('year')}
                    helperText={err('year') ?? "L'anno dell'adempimento"}
                    slotProps={{ htmlInput: { min: 2000, max: 2100, step: 1 } }}
                  />
                </Box>
              )}
            </>
          )}
          <TextField
            select
            id={fid('checklist')}
            label="Elenco di documenti"
            value={checklistId}
            onChange={(e) => void chooseChecklist(e.target.value)}
            disabled={locked}
            error={!!err('checklist_id')}
            helperText={
              err('checklist_id') ??
              (checklists.isError
                ? `Elenchi di documenti non disponibili: ${failureText(checklists.error)}`
                : 'Facoltativo: ne copia il titolo, i documenti e il messaggio, che puoi cambiare')
            }
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">Nessuno</MenuItem>
            {(checklists.data ?? [])
              .filter((c) => !c.trashed || String(c.id) === checklistId)
              .map((c) => (
                <MenuItem key={c.id} value={String(c.id)}>
                  {c.label || `Elenco n. ${c.id}`}
                </MenuItem>
              ))}
          </TextField>
          {filling && <LinearProgress aria-label="Lettura dell'elenco di documenti" />}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
            <TextField
              id={fid('title-field')}
              label="Titolo"
              value={title}
              onChange={(e) => {
                setTitle(e.target.value);
                clear('title');
              }}
              required
              disabled={locked}
              error={!!err('title')}
              helperText={err('title') ?? 'Il cliente lo legge nell\u2019e-mail e nell\u2019area clienti'}
              slotProps={{ htmlInput: { maxLength: 160 } }}
            />
            <TextField
              id={fid('due')}
              label="Scadenza"
              type="date"
              value={dueDate}
              onChange={(e) => {
                setDueDate(e.target.value);
                clear('due_date');
              }}
              required
              disabled={locked}
              error={!!err('due_date')}
              helperText={err('due_date') ?? 'Entro quando inviarli'}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Box>
          <TextField
            id={fid('items')}
            label="Documenti"
            value={items}
            onChange={(e) => {
              setItems(e.target.value);
              clear('items');
            }}
            multiline
            minRows={4}
            required
            disabled={locked}
            error={!!err('items')}
            helperText={err('items') ?? 'Uno per riga'}
          />
          <TextField
            id={fid('message')}
            label="Messaggio al cliente"
            value={message}
            onChange={(e) => {
              setMessage(e.target.value);
              clear('message');
            }}
            multiline
            minRows={3}
            disabled={locked}
            error={!!err('message')}
            helperText={err('message') ?? 'Facoltativo'}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
        </Stack>
        {problem && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {problem}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button type="button" onClick={onClose} disabled={busy}>
          Annulla
        </Button>
        <Button type="button" variant="contained" onClick={() => void send()} disabled={locked}>
          Invia richiesta
        </Button>
      </DialogActions>
      {busy && <LinearProgress aria-label="Invio della richiesta" />}
    </Dialog>
  );
}
