/**
 * `/riconciliazione` 'Riconciliazione bancaria' (issue 29), Collaboratore and above: the studio's
 * bank statements and the customers' payments in them.
 * 1) 'Importa estratto conto': a CAMT.053 XML or a CBI RH file (one statement per account it
 *    reports) is imported as it is; a home-banking CSV/XLSX first
 *    has its columns matched to the movement's fields (as the customer import does: the studio's
 *    last choices, or the guess from the headers, proposed; the file's first rows shown), then it
 *    is uploaded with a progress bar. The server's refusals are shown as they come (a file that is
 *    no statement, another account's IBAN, a file already imported, the rows it cannot read).
 * 2) 'Estratti conto': the statements imported, the newest open.
 * 3) The statement's movements by status (Abbinati, Proposti, Da abbinare, Registrati, Ignorati):
 *    each with its customer and charges as the matcher found them and why; 'Conferma' posts a
 *    match or a proposal, 'Assegna' posts a movement to a customer found by name (and to the open
 *    charges chosen; none chosen: the oldest first), 'Ignora' leaves it aside, 'Annulla
 *    registrazione' undoes a posting. 'Conferma tutti' posts every sure match at once. An SDD
 *    return ('Storno SDD', with its reason code) reopens what its debit had paid.
 */
import { useEffect, useId, useMemo, useRef, useState, type ChangeEvent } from 'react';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  InputLabel,
  LinearProgress,
  MenuItem,
  Select,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
  type ButtonProps,
} from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { displayDate } from '../../../model/dates';
import { ibanText } from '../../../model/iban';
import { formatEuro } from '../../../model/types';
import { fromCents, toCents } from '../../../model/money';
import type { BANK_LINE_STATUS, BankLineStatus } from '../../../model/api/collections';
import {
  useAppDataProvider,
  type BankColumns,
  type BankLineView,
  type BankMapping,
  type BankStatementDetail,
  type BankStatementSummary,
  type CustomerOption,
  type UploadProgress,
} from '../../dataProvider';
import { CellNote, DateCell, HIDDEN, MadeCell, MoneyCell } from '../../bulk/cells';
import { ApiError } from '../../api/client';
import { ScreenTabs } from '../../layout/ScreenTabs';
import { ConfirmDialog } from '../../layout/ConfirmDialog';
import { HistoryCard } from '../../bulk/HistoryCard';
import { BulkScreenHeader, RegionTable } from '../../bulk/PreviewRun';
import { failureText } from '../../bulk/texts';

/** A line's status as the server names it (model/api/collections.ts). */
const LINE_STATUS: typeof BANK_LINE_STATUS = {
  unmatched: 'Da abbinare',
  proposed: 'Proposto',
  matched: 'Abbinato',
  confirmed: 'Registrato',
  ignored: 'Ignorato',
};
/** The tabs of a statement's movements, in the order of the work. */
const TABS: Array<{ status: BankLineStatus; label: string }> = [
  { status: 'matched', label: 'Abbinati' },
  { status: 'proposed', label: 'Proposti' },
  { status: 'unmatched', label: 'Da abbinare' },
  { status: 'confirmed', label: 'Registrati' },
  { status: 'ignored', label: 'Ignorati' },
];
const NONE = '';
const ACCEPT = '.xml,.csv,.xlsx,.txt,.rh,.cbi';
/** What the server read the file as (it tells by the content, not the name). */
const FORMAT_TEXT: Record<string, string> = {
  camt053: 'CAMT.053',
  cbi_rh: 'CBI RH',
  csv: 'CSV',
  xlsx: 'Excel',
};
const STATEMENTS_KEY = ['bank', 'statements'] as const;
const statementKey = (id: number) => ['bank', 'statement', id] as const;
const openItemsKey = (id: number) => ['customer', id, 'open_items'] as const;
/** at least this many letters before customers are searched */
const MIN_SEARCH = 2;
const SEARCH_DEBOUNCE_MS = 300;

/** An error of the server: its message and the details it lists (e.g. each unreadable row). */
interface Problem {
  message: string;
  details: string[];
}
const problemOf = (e: unknown): Problem => {
  const message = failureText(e);
  const errors = e instanceof ApiError ? (e.body.errors ?? {}) : {};
  const details = [
    ...new Set(Object.values(errors).flatMap((v) => (Array.isArray(v) ? v.map(String) : [String(v)]))),
  ].filter((m) => m !== message);
  return { message, details };
};

/** A progress bar with its text; an upload's percentage, then (all sent) the server's work. */
function ProgressBar({ label, progress }: { label: string; progress?: UploadProgress | null }) {
  const sent = progress && progress.total ? Math.round((progress.loaded / progress.total) * 100) : undefined;
  // once the file is sent the server reads and matches it: no percentage for that
  const value = sent === 100 ? undefined : sent;
  const text =
    sent === 100 ? 'Lettura e abbinamento dei movimenti…' : value === undefined ? `${label}…` : `${label}: ${value}%`;
  return (
    <Box sx={{ my: 2 }} role="status" aria-live="polite">
      <Typography variant="body2" sx={{ mb: 0.5 }}>
        {text}
      </Typography>
      <LinearProgress
        variant={value === undefined ? 'indeterminate' : 'determinate'}
        value={value}
        aria-label={label}
      />
    </Box>
  );
}

export function BankReconciliation() {
  const dp = useAppDataProvider();
  const queryClient = useQueryClient();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [columns, setColumns] = useState<BankColumns | null>(null);
  const [mapping, setMapping] = useState<BankMapping>({});
  const [busy, setBusy] = useState<null | 'read' | 'upload'>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [imported, setImported] = useState<BankStatementSummary[] | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);
  const statements = useQuery({
    queryKey: STATEMENTS_KEY,
    queryFn: ({ signal }) => dp.bankStatements({ signal }),
    retry: false,
  });
  // the statement whose movements are shown: the one chosen, else the newest
  const current = chosen ?? statements.data?.[0]?.id ?? null;

  const reset = () => {
    setFile(null);
    setColumns(null);
    setMapping({});
    setProgress(null);
  };

  const upload = async (f: File, m: BankMapping | null) => {
    setBusy('upload');
    setProgress(null);
    setProblem(null);
    try {
      const s = await dp.bankImport(f, m, setProgress);
      setImported(s);
      reset();
      setChosen(s[0]!.id);
      await queryClient.invalidateQueries({ queryKey: STATEMENTS_KEY });
    } catch (e) {
      setProblem(problemOf(e));
    } finally {
      setBusy(null);
    }
  };

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const f = e.target.files?.[0];
    e.target.value = '';
    if (!f) return;
    reset();
    setProblem(null);
    setImported(null);
    if (!/\.(xml|csv|xlsx|txt|rh|cbi)$/i.test(f.name)) {
      setProblem({
        message:
          "Scegli l'estratto conto in formato CAMT.053 (.xml) o CBI RH (.txt), o l'esportazione dell'home banking (.csv, .xlsx)",
        details: [],
      });
      return;
    }
    setBusy('read');
    let read: BankColumns;
    try {
      read = await dp.bankColumns(f);
    } catch (err) {
      setProblem(problemOf(err));
      setBusy(null);
      return;
    }
    setBusy(null);
    if (read.format === 'camt053' || read.format === 'cbi_rh') {
      // a CAMT.053 or a CBI RH says what each value is: imported at once
      await upload(f, null);
      return;
    }
    setFile(f);
    setColumns(read);
    setMapping(read.mapping);
  };

  return (
    <>
      <BulkScreenHeader title="Riconciliazione bancaria" />
      <Card sx={{ mb: 2 }}>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            Importa estratto conto
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            L&apos;estratto conto dei conti dello studio in formato CAMT.053 (.xml) o CBI RH (il file a record di 120
            caratteri della banca, anche con più conti), oppure l&apos;esportazione dei movimenti dell&apos;home banking
            (.csv o .xlsx, con le intestazioni delle colonne nella prima riga). Gli incassi vengono abbinati ai clienti
            e ai loro addebiti aperti; i movimenti già importati con un altro estratto non vengono ripetuti.
          </Typography>
          <input
            ref={fileInput}
            type="file"
            accept={ACCEPT}
            hidden
            onChange={choose}
            aria-label="Estratto conto da importare"
            data-testid="bank-file"
          />
          <Button
            variant="contained"
            startIcon={<UploadFileIcon />}
            disabled={!!busy}
            onClick={() => fileInput.current?.click()}
          >
            Importa estratto conto
          </Button>
          {busy === 'read' && <ProgressBar label="Lettura del file" />}
        </CardContent>
      </Card>
      {problem && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {problem.message}
          {problem.details.length > 0 && (
            <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
              {problem.details.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </Box>
          )}
        </Alert>
      )}
      {imported && (
        <Alert severity="success" sx={{ mb: 2 }} role="status">
          {imported.map((s) => (
            <div key={s.id}>
              Estratto conto «{s.file_name}» ({FORMAT_TEXT[s.format] ?? s.format}
              {s.iban ? `, conto ${s.iban}` : ''}) importato: {s.lines} {s.lines === 1 ? 'movimento' : 'movimenti'}
              {s.duplicates ? ` (${s.duplicates} già importati con un altro estratto)` : ''}: {s.counts.matched}{' '}
              abbinati, {s.counts.proposed} proposti, {s.counts.unmatched} da abbinare.
            </div>
          ))}
        </Alert>
      )}
      {columns && file && (
        <MappingCard
          fileName={file.name}
          columns={columns}
          mapping={mapping}
          disabled={!!busy}
          onMapping={setMapping}
          onImport={() => upload(file, mapping)}
          onCancel={reset}
        />
      )}
      {busy === 'upload' && <ProgressBar label="Caricamento dell'estratto conto" progress={progress} />}
      <StatementsCard
        statements={statements.data}
        loading={statements.isLoading}
        error={statements.isError ? failureText(statements.error) : null}
        current={current}
        onOpen={setChosen}
      />
      {current !== null && <LinesCard key={current} id={current} />}
    </>
  );
}

function MappingCard({
  fileName,
  columns,
  mapping,
  disabled,
  onMapping,
  onImport,
  onCancel,
}: {
  fileName: string;
  columns: BankColumns;
  mapping: BankMapping;
  disabled: boolean;
  onMapping: (m: BankMapping) => void;
  onImport: () => void;
  onCancel: () => void;
}) {
  const used = new Set(Object.values(mapping).filter(Boolean));
  const example = (header: string | null | undefined) => {
    if (!header) return '';
    const i = columns.headers.indexOf(header);
    return columns.sample.map((r) => r[i]).find((v) => v) ?? '';
  };
  const unmapped = columns.headers.filter((h) => !used.has(h));
  return (
    <Card sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Associa le colonne di {fileName}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Le colonne con i nomi usuali sono già associate (o come nell&apos;ultima importazione). L&apos;importo può
          stare in una colonna con il segno, oppure in due colonne: entrate e uscite.
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' }, gap: 2 }}>
          {columns.fields.map((f) => {
            const id = `bank-map-${f.key}`;
            const text = `${f.label}${f.required ? ' *' : ''}`;
            return (
              <FormControl key={f.key} size="small" sx={{ minWidth: 0 }}>
                <InputLabel id={`${id}-label`}>{text}</InputLabel>
                <Select
                  labelId={`${id}-label`}
                  id={id}
                  label={text}
                  value={mapping[f.key] ?? NONE}
                  disabled={disabled}
                  onChange={(e) =>
                    onMapping({ ...mapping, [f.key]: e.target.value === NONE ? null : String(e.target.value) })
                  }
                >
                  <MenuItem value={NONE}>
                    <em>— nessuna colonna —</em>
                  </MenuItem>
                  {columns.headers.map((h) => (
                    <MenuItem key={h} value={h} disabled={used.has(h) && mapping[f.key] !== h}>
                      {h}
                    </MenuItem>
                  ))}
                </Select>
                {mapping[f.key] && (
                  <Typography variant="caption" color="text.secondary" noWrap title={example(mapping[f.key])}>
                    es. {example(mapping[f.key]) || '(vuoto)'}
                  </Typography>
                )}
              </FormControl>
            );
          })}
        </Box>
        {unmapped.length > 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            Colonne del file non usate: {unmapped.join(', ')}
          </Typography>
        )}
        {columns.title_rows > 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            Intestazioni trovate alla riga {columns.title_rows + 1}: le {columns.title_rows} righe di titolo sopra (nome
            della banca, conto, periodo) non sono movimenti e non vengono importate.
          </Typography>
        )}
        {columns.sample.length > 0 && (
          <>
            <Typography variant="subtitle1" component="h3" sx={{ mt: 2, mb: 1 }}>
              Prime righe del file
            </Typography>
            <RegionTable
              label="Prime righe del file"
              maxHeight={260}
              outlined
              head={
                <>
                  {columns.headers.map((h) => (
                    <TableCell key={h} sx={{ whiteSpace: 'nowrap' }}>
                      {h}
                    </TableCell>
                  ))}
                </>
              }
              rows={columns.sample}
              row={(row, i) => (
                <TableRow key={i}>
                  {columns.headers.map((h, j) => (
                    <TableCell key={h} sx={{ whiteSpace: 'nowrap' }}>
                      {row[j] ?? ''}
                    </TableCell>
                  ))}
                </TableRow>
              )}
            />
          </>
        )}
        <Box sx={{ display: 'flex', gap: 1, mt: 2 }}>
          <Button variant="contained" disabled={disabled} onClick={onImport}>
            Importa
          </Button>
          <Button disabled={disabled} onClick={onCancel}>
            Annulla
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}

function StatementsCard({
  statements,
  loading,
  error,
  current,
  onOpen,
}: {
  statements: BankStatementSummary[] | undefined;
  loading: boolean;
  error: string | null;
  current: number | null;
  onOpen: (id: number) => void;
}) {
  return (
    <HistoryCard
      title="Estratti conto"
      rows={statements}
      loading={loading}
      loadingLabel="Caricamento degli estratti conto"
      error={error && `Estratti conto non disponibili: ${error}`}
      empty="Nessun estratto conto importato."
      tableLabel="Estratti conto"
      region={{ label: 'Estratti conto importati', maxHeight: 320 }}
      sx={{ mb: 2 }}
      hiddenSx={HIDDEN}
      head={
        <>
          <TableCell>Importato il</TableCell>
          <TableCell>File</TableCell>
          <TableCell>Conto</TableCell>
          <TableCell>Periodo</TableCell>
          <TableCell align="right">Movimenti</TableCell>
          <TableCell align="right">Da lavorare</TableCell>
          <TableCell align="right">Registrati</TableCell>
        </>
      }
      row={(s) => {
        const open = s.counts.matched + s.counts.proposed + s.counts.unmatched;
        const isCurrent = s.id === current;
        return (
          <TableRow key={s.id} selected={isCurrent}>
            <MadeCell at={s.created_at} by={s.imported_by_name} />
            <TableCell>{s.file_name}</TableCell>
            {/* in groups of four, wrapped between two (at 1400 px the action was cut: issue 45 item 18) */}
            <TableCell sx={{ minWidth: '10em' }}>{s.iban ? ibanText(s.iban) : '—'}</TableCell>
            <TableCell>
              {s.from_date ? (
                <>
                  <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                    {displayDate(s.from_date)} –
                  </Box>{' '}
                  <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                    {displayDate(s.to_date)}
                  </Box>
                </>
              ) : (
                '—'
              )}
            </TableCell>
            <TableCell align="right">
              {s.lines}
              {s.duplicates > 0 && <CellNote>{s.duplicates} già importati</CellNote>}
            </TableCell>
            <TableCell align="right">{open}</TableCell>
            <TableCell align="right">{s.counts.confirmed}</TableCell>
            <TableCell>
              <Button
                size="small"
                variant={isCurrent ? 'contained' : 'text'}
                aria-pressed={isCurrent}
                onClick={() => onOpen(s.id)}
                aria-label={`Movimenti di ${s.file_name}`}
              >
                Movimenti
              </Button>
            </TableCell>
          </TableRow>
        );
      }}
    />
  );
}

/** The first tab with something to do: the sure matches, then the proposals, then the rest. */
const firstTab = (counts: Record<BankLineStatus, number>): BankLineStatus =>
  TABS.find((t) => counts[t.status] > 0)?.status ?? 'matched';

function LinesCard({ id }: { id: number }) {
  const dp = useAppDataProvider();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const tabsId = useId();
  const q = useQuery({ queryKey: statementKey(id), queryFn: ({ signal }) => dp.bankStatement(id, { signal }) });
  const [tab, setTab] = useState<BankLineStatus | null>(null);
  const [busyLine, setBusyLine] = useState<number | null>(null);
  const [assignOf, setAssignOf] = useState<BankLineView | null>(null);
  const [askAll, setAskAll] = useState(false);
  const [busyAll, setBusyAll] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const lines = useMemo(() => q.data?.lines ?? [], [q.data]);
  const counts = useMemo(() => {
    const c: Record<BankLineStatus, number> = { unmatched: 0, proposed: 0, matched: 0, confirmed: 0, ignored: 0 };
    for (const l of lines) c[l.status] += 1;
    return c;
  }, [lines]);
  const shown = tab ?? firstTab(counts);
  const rows = lines.filter((l) => l.status === shown);

  /** The line as the server answered it, in place; the statements' counts read again. */
  const updated = (line: BankLineView) => {
    queryClient.setQueryData<BankStatementDetail>(statementKey(id), (d) =>
      d ? { ...d, lines: d.lines.map((l) => (l.id === line.id ? line : l)) } : d,
    );
    void queryClient.invalidateQueries({ queryKey: STATEMENTS_KEY });
  };
  /** 'Movimento 3: registrato' (a line reopened may come back matched or proposed by the server) */
  const said = (line: BankLineView) => `Movimento ${line.line_no}: ${LINE_STATUS[line.status].toLowerCase()}`;
  const act = async (line: BankLineView, call: () => Promise<BankLineView>) => {
    setBusyLine(line.id);
    setProblem(null);
    try {
      const answer = await call();
      updated(answer);
      notify(said(answer), { type: 'success' });
    } catch (e) {
      setProblem(failureText(e));
    } finally {
      setBusyLine(null);
    }
  };
  const confirmAll = async () => {
    setBusyAll(true);
    setProblem(null);
    try {
      const { confirmed } = await dp.bankConfirmAll(id);
      notify(confirmed === 1 ? 'Registrato 1 movimento' : `Registrati ${confirmed} movimenti`, { type: 'success' });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: statementKey(id) }),
        queryClient.invalidateQueries({ queryKey: STATEMENTS_KEY }),
      ]);
    } catch (e) {
      setProblem(failureText(e));
    } finally {
      setBusyAll(false);
      setAskAll(false);
    }
  };

  const statement = q.data?.statement;
  return (
    <Card sx={{ mb: 2 }} component="section" aria-labelledby={`${tabsId}-title`}>
      <CardContent>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
          <Typography variant="h6" component="h2" id={`${tabsId}-title`} sx={{ flexGrow: 1 }}>
            Movimenti{statement ? ` di ${statement.file_name}` : ''}
          </Typography>
          <Button
            variant="contained"
            startIcon={<DoneAllIcon />}
            disabled={!counts.matched || busyAll || busyLine !== null}
            onClick={() => setAskAll(true)}
          >
            Conferma tutti
          </Button>
        </Box>
        {statement && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {statement.iban ? `Conto ${statement.iban}` : 'Conto non indicato nel file'}
            {statement.from_date
              ? `, dal ${displayDate(statement.from_date)} al ${displayDate(statement.to_date)}`
              : ''}
            . Gli abbinati sono sicuri: il cliente è riconosciuto (riferimento della disposizione SDD, numero di fattura
            con l&apos;importo esatto, codice fiscale, nome esatto o IBAN noto) e l&apos;importo non supera le sue
            partite aperte (un acconto salda le più vecchie); &laquo;Conferma tutti&raquo; registra solo questi. I
            proposti (importo superiore al dovuto, più clienti possibili, nome incerto) vanno controllati uno per uno.
          </Typography>
        )}
        {q.isLoading && <LinearProgress aria-label="Caricamento dei movimenti" />}
        {q.isError && <Alert severity="error">Movimenti non disponibili: {failureText(q.error)}</Alert>}
        {problem && (
          <Alert severity="error" sx={{ mb: 1 }} role="alert">
            {problem}
          </Alert>
        )}
        {q.data && (
          <>
            <ScreenTabs
              value={shown}
              onChange={setTab}
              tabs={TABS.map((t) => ({ value: t.status, label: `${t.label} (${counts[t.status]})` }))}
              label="Movimenti per stato"
              gap={1}
            >
              {rows.length === 0 ? (
                <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
                  Nessun movimento.
                </Typography>
              ) : (
                <RegionTable
                  label="Movimenti"
                  tableLabel={`Movimenti: ${TABS.find((t) => t.status === shown)!.label}`}
                  maxHeight={560}
                  mb={0}
                >
                  <TableHead>
                    <TableRow>
                      <TableCell>Riga</TableCell>
                      <TableCell>Data</TableCell>
                      <TableCell align="right">Importo</TableCell>
                      <TableCell>Ordinante</TableCell>
                      <TableCell>Causale</TableCell>
                      <TableCell>Abbinamento</TableCell>
                      <TableCell>
                        <Box component="span" sx={HIDDEN}>
                          Azioni
                        </Box>
                      </TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {rows.map((l) => (
                      <LineRow
                        key={l.id}
                        line={l}
                        busy={busyLine !== null || busyAll}
                        onConfirm={() => act(l, () => dp.bankConfirmLine(l.id))}
                        onAssign={() => setAssignOf(l)}
                        onIgnore={() => act(l, () => dp.bankIgnoreLine(l.id))}
                        onReopen={() => act(l, () => dp.bankReopenLine(l.id))}
                      />
                    ))}
                  </TableBody>
                </RegionTable>
              )}
            </ScreenTabs>
          </>
        )}
      </CardContent>
      {assignOf && (
        <AssignDialog
          line={assignOf}
          onClose={() => setAssignOf(null)}
          onDone={(line) => {
            setAssignOf(null);
            updated(line);
            notify(said(line), { type: 'success' });
          }}
        />
      )}
      <ConfirmDialog
        open={askAll}
        busy={busyAll}
        titleId={`${tabsId}-all`}
        title="Conferma tutti"
        text={
          <>
            Registrare {counts.matched === 1 ? 'il movimento abbinato' : `i ${counts.matched} movimenti abbinati`}? Ogni
            incasso salda gli addebiti del suo cliente e ogni storno li riapre.
          </>
        }
        yes={counts.matched === 1 ? 'Sì, registra 1 movimento' : `Sì, registra ${counts.matched} movimenti`}
        color="primary"
        onClose={() => setAskAll(false)}
        onConfirm={confirmAll}
      />
    </Card>
  );
}

function LineRow({
  line: l,
  busy,
  onConfirm,
  onAssign,
  onIgnore,
  onReopen,
}: {
  line: BankLineView;
  busy: boolean;
  onConfirm: () => void;
  onAssign: () => void;
  onIgnore: () => void;
  onReopen: () => void;
}) {
  const credit = l.amount > 0 && !l.is_return;
  // a customer's payment or an SDD return can be given to a customer; a bank's fee cannot
  const assignable = l.amount > 0 || l.is_return;
  const open = l.status === 'unmatched' || l.status === 'proposed' || l.status === 'matched';
  /** an action's button, named for screen readers with the movement's number */
  const action = (name: string, text: string, onClick: () => void, props: ButtonProps = {}) => (
    <Button size="small" {...props} disabled={busy} onClick={onClick} aria-label={`${name} ${l.line_no}`}>
      {text}
    </Button>
  );
  return (
    <TableRow data-line={l.line_no}>
      <TableCell>{l.line_no}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {displayDate(l.booking_date)}
        {l.value_date && l.value_date !== l.booking_date && <CellNote>valuta {displayDate(l.value_date)}</CellNote>}
      </TableCell>
      <TableCell
        align="right"
        sx={{ whiteSpace: 'nowrap', fontWeight: 500, color: credit ? 'success.main' : 'error.main' }}
      >
        {l.amount > 0 ? '+' : ''}
        {formatEuro(l.amount)}
      </TableCell>
      <TableCell sx={{ minWidth: 140 }}>
        {l.counterparty ?? '—'}
        {l.counterparty_iban && <CellNote>{l.counterparty_iban}</CellNote>}
      </TableCell>
      <TableCell sx={{ minWidth: 180 }}>
        {l.is_return && (
          <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center', mb: 0.5, flexWrap: 'wrap' }}>
            <Chip size="small" color="error" label="Storno SDD" />
            {l.return_reason && (
              <Typography variant="caption" component="span">
                motivo {l.return_reason}
              </Typography>
            )}
          </Box>
        )}
        {l.remittance ?? ''}
        {l.end_to_end_id && <CellNote>rif. {l.end_to_end_id}</CellNote>}
        {l.cbi_code && (
          <CellNote>
            causale CBI {l.cbi_code}
            {l.cbi_code_text ? ` — ${l.cbi_code_text}` : ''}
          </CellNote>
        )}
      </TableCell>
      <TableCell sx={{ minWidth: 200 }}>
        {l.business_name ? (
          <>
            <Typography variant="body2" component="span" sx={{ display: 'block', fontWeight: 500 }}>
              {l.business_name}
            </Typography>
            {l.charges.map((c) => (
              <Typography key={c.charge_id} variant="caption" display="block">
                {c.due ? `scad. ${displayDate(c.due)} · ` : ''}
                {c.note ? `${c.note} · ` : ''}
                {formatEuro(c.amount)}
              </Typography>
            ))}
          </>
        ) : (
          '—'
        )}
        {l.reason_text && <CellNote sx={{ fontStyle: 'italic' }}>Perché: {l.reason_text}</CellNote>}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {(l.status === 'matched' || l.status === 'proposed') &&
          action('Conferma il movimento', 'Conferma', onConfirm, { variant: 'contained' })}
        {(l.status === 'unmatched' || l.status === 'proposed') &&
          assignable &&
          action('Assegna il movimento', 'Assegna', onAssign)}
        {open && action('Ignora il movimento', 'Ignora', onIgnore, { color: 'inherit' })}
        {l.status === 'confirmed' &&
          action('Annulla registrazione del movimento', 'Annulla registrazione', onReopen, { color: 'warning' })}
        {l.status === 'ignored' && action('Ripristina il movimento', 'Ripristina', onReopen)}
      </TableCell>
    </TableRow>
  );
}

/** The customers whose name holds the text typed (after a pause), for the assignment's combobox. */
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
    queryKey: ['bank', 'customers', debounced],
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

function AssignDialog({
  line,
  onClose,
  onDone,
}: {
  line: BankLineView;
  onClose: () => void;
  onDone: (line: BankLineView) => void;
}) {
  const dp = useAppDataProvider();
  const titleId = useId();
  const [text, setText] = useState('');
  const [customer, setCustomer] = useState<CustomerOption | null>(null);
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const search = useCustomerSearch(text);
  const credit = line.amount > 0 && !line.is_return;
  const items = useQuery({
    queryKey: openItemsKey(customer?.id ?? 0),
    queryFn: ({ signal }) => dp.customerOpenItems(customer!.id, { signal }),
    enabled: !!customer && credit,
    retry: false,
  });
  const open = useMemo(() => (items.data?.items ?? []).filter((i) => i.open > 0), [items.data]);

  // the movement's amount over the charges chosen, the oldest first; what is left stays as credit
  const share = useMemo(() => {
    // in integer cents: exact, whatever the floats
    const out = new Map<number, number>();
    let left = Math.abs(toCents(line.amount));
    for (const i of [...open].filter((i) => picked.has(i.id)).sort((a, b) => a.due.localeCompare(b.due))) {
      const amount = Math.min(toCents(i.open), left);
      if (amount > 0) out.set(i.id, fromCents(amount));
      left -= amount;
    }
    return { out, left: fromCents(left) };
  }, [open, picked, line.amount]);

  const toggle = (id: number) =>
    setPicked((p) => {
      const next = new Set(p);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const submit = async () => {
    if (!customer) return;
    setBusy(true);
    setProblem(null);
    try {
      const charges = [...share.out].map(([charge_id, amount]) => ({ charge_id, amount }));
      onDone(await dp.bankConfirmLine(line.id, { customer_id: customer.id, ...(charges.length ? { charges } : {}) }));
    } catch (e) {
      setProblem(failureText(e));
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={() => !busy && onClose()} maxWidth="md" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Assegna il movimento {line.line_no}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {displayDate(line.booking_date)}: {line.amount > 0 ? '+' : ''}
          {formatEuro(line.amount)}
          {line.counterparty ? ` da ${line.counterparty}` : ''}
          {line.remittance ? ` – ${line.remittance}` : ''}
        </DialogContentText>
        <Autocomplete<CustomerOption, false, false, false>
          options={search.options}
          value={customer}
          inputValue={text}
          onInputChange={(_e, v) => setText(v)}
          onChange={(_e, c) => {
            setCustomer(c);
            setPicked(new Set());
          }}
          filterOptions={(x) => x}
          getOptionLabel={(o) => o.label}
          getOptionKey={(o) => o.id}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          loading={search.loading}
          loadingText="Ricerca in corso…"
          noOptionsText={
            search.error ?? (search.short ? `Scrivi almeno ${MIN_SEARCH} lettere del nome` : 'Nessun cliente trovato')
          }
          clearText="Cancella"
          closeText="Chiudi"
          openText="Apri"
          disabled={busy}
          renderInput={(params) => (
            <TextField {...params} label="Cliente" autoFocus helperText="Cerca per ragione sociale o codice" />
          )}
        />
        {customer && credit && (
          <Box sx={{ mt: 2 }}>
            {items.isLoading && <LinearProgress aria-label="Caricamento degli addebiti aperti" />}
            {items.isError && (
              <Alert severity="error">Addebiti aperti non disponibili: {failureText(items.error)}</Alert>
            )}
            {items.data && !open.length && (
              <Typography variant="body2" color="text.secondary">
                Il cliente non ha addebiti aperti: l&apos;incasso resterà a suo credito.
              </Typography>
            )}
            {open.length > 0 && (
              <>
                <Typography variant="body2" sx={{ mb: 1 }}>
                  Scegli gli addebiti che il movimento paga. Se non ne scegli nessuno, salda gli addebiti aperti più
                  vecchi.
                </Typography>
                <RegionTable
                  label="Addebiti aperti"
                  tableLabel="Addebiti aperti del cliente"
                  maxHeight={300}
                  mb={0}
                  head={
                    <>
                      <TableCell padding="checkbox">
                        <Box component="span" sx={HIDDEN}>
                          Scegli
                        </Box>
                      </TableCell>
                      <TableCell>Scadenza</TableCell>
                      <TableCell>Descrizione</TableCell>
                      <TableCell>Fattura</TableCell>
                      <TableCell align="right">Aperto</TableCell>
                      <TableCell align="right">Pagato dal movimento</TableCell>
                    </>
                  }
                  rows={open}
                  row={(i) => (
                    <TableRow key={i.id} hover onClick={() => toggle(i.id)} sx={{ cursor: 'pointer' }}>
                      <TableCell padding="checkbox">
                        <Checkbox
                          checked={picked.has(i.id)}
                          onClick={(e) => e.stopPropagation()}
                          onChange={() => toggle(i.id)}
                          slotProps={{
                            input: {
                              'aria-label': `Addebito del ${displayDate(i.due)}: ${i.note ?? i.type} (${formatEuro(i.open)})`,
                            },
                          }}
                        />
                      </TableCell>
                      <DateCell value={i.due} />
                      <TableCell>{i.note ?? i.type}</TableCell>
                      <TableCell>{i.invoice ?? '—'}</TableCell>
                      <MoneyCell value={i.open} />
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {share.out.has(i.id) ? formatEuro(share.out.get(i.id)!) : '—'}
                      </TableCell>
                    </TableRow>
                  )}
                />
                {picked.size > 0 && share.left > 0 && (
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                    Restano {formatEuro(share.left)}: a credito del cliente.
                  </Typography>
                )}
              </>
            )}
          </Box>
        )}
        {problem && (
          <Alert severity="error" sx={{ mt: 2 }} role="alert">
            {problem}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Annulla
        </Button>
        <Button variant="contained" onClick={submit} disabled={busy || !customer}>
          Registra
        </Button>
      </DialogActions>
    </Dialog>
  );
}
