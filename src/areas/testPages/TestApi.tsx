/**
 * `/test_api` 'Console API' (SuperAdmin): the OpenAPI reference of the whole API, as the server
 * publishes it at /api/docs/json (from the route schemas), grouped by tag and searchable; each
 * call shows its parameters and request-body schema, and 'Prova' sends it with the SuperAdmin's
 * own token, showing status, time, content type and body (files only by their size).
 */
import { useDeferredValue, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Collapse,
  InputAdornment,
  LinearProgress,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
  type ChipProps,
} from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import SearchIcon from '@mui/icons-material/Search';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { useQuery } from '@tanstack/react-query';
import { MAX_CHARS, type CallResult } from '../../api/client';
import { useAppDataProvider } from '../../dataProvider';
import { BulkScreenHeader } from '../../bulk/PreviewRun';

export const DOCS_ERROR = 'Errore di caricamento della documentazione API';

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  description?: string;
  $ref?: string;
}
interface Param {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: Schema;
}
interface Operation {
  tags?: string[];
  summary?: string;
  description?: string;
  parameters?: Param[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}
interface OpenApiDoc {
  paths?: Record<string, Record<string, unknown> & { parameters?: Param[] }>;
}
/** one call of the API, as the page lists it */
export interface ApiOp {
  key: string;
  method: string;
  path: string;
  tag: string;
  summary: string;
  description?: string;
  params: Param[];
  body?: Schema;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const METHOD_COLOR: Record<string, ChipProps['color']> = {
  GET: 'info',
  POST: 'success',
  PUT: 'warning',
  PATCH: 'warning',
  DELETE: 'error',
};
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const IN_LABEL: Record<string, string> = { path: 'percorso', query: 'query', header: 'header', cookie: 'cookie' };

/** The document's operations in its own order, each with its group (first tag, else 'Altro'). */
export function operationsOf(doc: OpenApiDoc): ApiOp[] {
  const ops: ApiOp[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const m of METHODS) {
      const op = item[m] as Operation | undefined;
      if (!op) continue;
      const body = op.requestBody?.content?.['application/json']?.schema;
      ops.push({
        key: `${m} ${path}`,
        method: m.toUpperCase(),
        path,
        tag: op.tags?.[0] ?? 'Altro',
        summary: op.summary ?? '',
        description: op.description,
        params: [...(item.parameters ?? []), ...(op.parameters ?? [])].filter(
          (p) => p.in === 'path' || p.in === 'query',
        ),
        body: op.requestBody ? (body ?? {}) : undefined,
      });
    }
  }
  return ops;
}

/** the first type a schema allows besides null */
const typeOf = (s: Schema): string | undefined => {
  const alt = s.anyOf ?? s.oneOf;
  if (alt?.length) return typeOf(alt.find((a) => typeOf(a) !== 'null') ?? alt[0]!);
  return Array.isArray(s.type)
    ? (s.type.find((t) => t !== 'null') ?? s.type[0])
    : (s.type ?? (s.properties ? 'object' : undefined));
};
const EMPTY: Record<string, unknown> = { string: '', number: 0, integer: 0, boolean: false, array: [], object: {} };
const leaf = (s: Schema): unknown => (s.enum?.length ? s.enum[0] : (EMPTY[typeOf(s) ?? ''] ?? null));

/**
 * A starting body: each property of the schema with an empty value of its type. For a change
 * (PUT, PATCH) only the required ones: an update writes the fields it is sent, so a full
 * skeleton run as it is would blank the record.
 */
export function skeleton(s: Schema | undefined, method = 'POST'): unknown {
  if (!s) return {};
  const props = { ...s.properties, ...Object.assign({}, ...(s.allOf ?? []).map((a) => a.properties ?? {})) } as Record<
    string,
    Schema
  >;
  const required = new Set([...(s.required ?? []), ...(s.allOf ?? []).flatMap((a) => a.required ?? [])]);
  const partial = method === 'PUT' || method === 'PATCH';
  if (Object.keys(props).length)
    return Object.fromEntries(
      Object.entries(props)
        .filter(([k]) => !partial || required.has(k))
        .map(([k, v]) => [k, leaf(v)]),
    );
  return leaf(s) ?? {};
}

const statusColor = (s: number): ChipProps['color'] =>
  s >= 500 ? 'error' : s >= 400 ? 'warning' : s >= 300 ? 'info' : 'success';
const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 13 };

export function MethodChip({ method }: { method: string }) {
  return (
    <Chip
      component="span"
      size="small"
      label={method}
      color={METHOD_COLOR[method] ?? 'default'}
      sx={{ fontWeight: 700, minWidth: 68, ...mono }}
    />
  );
}

/** A text shown as it is (a body, a schema), in a box that scrolls, by keyboard too. */
function CodeBlock({
  id,
  label,
  maxHeight,
  wrapAnywhere = false,
  children,
}: {
  id?: string;
  label: string;
  maxHeight: number;
  /** long words (a token, a URL) broken anywhere */
  wrapAnywhere?: boolean;
  children: ReactNode;
}) {
  return (
    <Paper
      component="pre"
      id={id}
      variant="outlined"
      tabIndex={0}
      aria-label={label}
      sx={{
        ...mono,
        m: 0,
        p: 1.5,
        maxHeight,
        overflow: 'auto',
        whiteSpace: 'pre-wrap',
        ...(wrapAnywhere && { overflowWrap: 'anywhere' }),
        bgcolor: 'action.hover',
      }}
    >
      {children}
    </Paper>
  );
}

function WritesNote({ method }: { method: string }) {
  if (!WRITES.has(method)) return null;
  return (
    <Typography
      component="span"
      variant="caption"
      color="warning.main"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, whiteSpace: 'nowrap' }}
    >
      <WarningAmberIcon sx={{ fontSize: 16 }} aria-hidden="true" />
      modifica i dati
    </Typography>
  );
}

/** The answer of a call: status (coloured), time, content type and body. */
function ResultView({ result }: { result: CallResult }) {
  return (
    <Box>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Chip
          label={`Stato ${result.status}`}
          color={statusColor(result.status)}
          size="small"
          sx={{ fontWeight: 700 }}
        />
        <Typography variant="body2">{result.ms} ms</Typography>
        <Typography variant="body2" color="text.secondary" sx={mono}>
          {result.contentType || 'nessun tipo di contenuto'}
        </Typography>
      </Stack>
      <CodeBlock label="Corpo della risposta" maxHeight={420} wrapAnywhere>
        {result.body || '(nessun contenuto)'}
      </CodeBlock>
      {result.truncated && (
        <Typography variant="caption" color="text.secondary">
          Mostrati i primi {MAX_CHARS.toLocaleString('it-IT')} caratteri.
        </Typography>
      )}
    </Box>
  );
}

/** An operation opened: its parameters, its body schema and the 'Prova' form. */
function OperationDetails({ op }: { op: ApiOp }) {
  const pathParams = op.params.filter((p) => p.in === 'path');
  const queryParams = op.params.filter((p) => p.in === 'query');
  const [values, setValues] = useState<Record<string, string>>({});
  const [missing, setMissing] = useState<string[]>([]);
  const [body, setBody] = useState(() => (op.body ? JSON.stringify(skeleton(op.body, op.method), null, 2) : ''));
  const [bodyError, setBodyError] = useState<string | null>(null);
  const [showSchema, setShowSchema] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<CallResult | null>(null);
  const dp = useAppDataProvider();
  const [failure, setFailure] = useState<string | null>(null);
  const id = op.key.replace(/[^A-Za-z0-9]+/g, '-');
  const set = (name: string, v: string) => setValues((x) => ({ ...x, [name]: v }));

  const run = async (e: FormEvent) => {
    e.preventDefault();
    const absent = pathParams.filter((p) => !values[p.name]?.trim()).map((p) => p.name);
    setMissing(absent);
    let payload: string | undefined;
    setBodyError(null);
    if (op.body && body.trim()) {
      try {
        payload = JSON.stringify(JSON.parse(body));
      } catch (err) {
        setBodyError(`JSON non valido: ${(err as Error).message}`);
        return;
      }
    }
    if (absent.length) return;
    const url = op.path.replace(/\{([^}]+)\}/g, (_m, n: string) => encodeURIComponent((values[n] ?? '').trim()));
    const query = new URLSearchParams(
      queryParams.filter((p) => values[p.name]).map((p) => [p.name, values[p.name]!]),
    ).toString();
    setBusy(true);
    setFailure(null);
    try {
      setResult(await dp.tryApiCall(op.method, query ? `${url}?${query}` : url, payload));
    } catch (err) {
      setResult(null);
      setFailure(`Chiamata non riuscita: ${(err as Error).message}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={2}>
      {op.description && <Typography variant="body2">{op.description}</Typography>}
      <Box>
        <Typography component="h4" variant="subtitle2" gutterBottom>
          Parametri
        </Typography>
        {op.params.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            Nessun parametro
          </Typography>
        ) : (
          <Table size="small" aria-label={`Parametri di ${op.method} ${op.path}`}>
            <TableHead>
              <TableRow sx={{ '& th': { fontWeight: 600 } }}>
                <TableCell>Nome</TableCell>
                <TableCell>In</TableCell>
                <TableCell>Obbligatorio</TableCell>
                <TableCell>Descrizione</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {op.params.map((p) => (
                <TableRow key={`${p.in}-${p.name}`}>
                  <TableCell sx={mono}>{p.name}</TableCell>
                  <TableCell>{IN_LABEL[p.in] ?? p.in}</TableCell>
                  <TableCell>{p.required || p.in === 'path' ? 'Sì' : 'No'}</TableCell>
                  <TableCell>{p.description ?? ''}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Box>
      {op.body && (
        <Box>
          <Typography component="h4" variant="subtitle2">
            Corpo della richiesta (JSON)
          </Typography>
          <Button
            size="small"
            onClick={() => setShowSchema((v) => !v)}
            aria-expanded={showSchema}
            aria-controls={`${id}-schema`}
          >
            {showSchema ? 'Nascondi lo schema' : 'Mostra lo schema'}
          </Button>
          <Collapse in={showSchema} unmountOnExit>
            <CodeBlock id={`${id}-schema`} label="Schema JSON del corpo" maxHeight={360}>
              {JSON.stringify(op.body, null, 2)}
            </CodeBlock>
          </Collapse>
        </Box>
      )}
      <Box
        component="form"
        noValidate
        onSubmit={(e: FormEvent) => void run(e)}
        aria-label={`Prova ${op.method} ${op.path}`}
      >
        <Typography component="h4" variant="subtitle2" gutterBottom>
          Prova
        </Typography>
        <Stack spacing={1.5}>
          {[...pathParams, ...queryParams].map((p) => {
            const absent = p.in === 'path' && missing.includes(p.name);
            return (
              <TextField
                key={`${p.in}-${p.name}`}
                size="small"
                label={`${p.name} (${IN_LABEL[p.in]})`}
                required={p.in === 'path'}
                value={values[p.name] ?? ''}
                onChange={(e) => set(p.name, e.target.value)}
                error={absent}
                sx={{ maxWidth: 480 }}
                helperText={absent ? 'Parametro obbligatorio' : p.description}
              />
            );
          })}
          {op.body && (
            <TextField
              label="Corpo JSON"
              multiline
              minRows={4}
              maxRows={20}
              value={body}
              onChange={(e) => {
                setBody(e.target.value);
                setBodyError(null);
              }}
              error={!!bodyError}
              helperText={bodyError ?? 'Oggetto JSON inviato come corpo della richiesta'}
              slotProps={{ htmlInput: { spellCheck: false, style: mono } }}
            />
          )}
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Button
              type="submit"
              variant="contained"
              color={WRITES.has(op.method) ? 'warning' : 'primary'}
              startIcon={<PlayArrowIcon />}
              disabled={busy}
            >
              Esegui
            </Button>
            <WritesNote method={op.method} />
          </Stack>
        </Stack>
      </Box>
      <Box aria-live="polite" aria-busy={busy} role="region" aria-label="Risposta">
        {busy && <LinearProgress aria-label="Chiamata in corso" />}
        {failure && <Alert severity="error">{failure}</Alert>}
        {result && !busy && <ResultView result={result} />}
      </Box>
    </Stack>
  );
}

/** One operation: a row (method, path, summary) that opens its details. */
function OperationRow({ op }: { op: ApiOp }) {
  return (
    <Accordion
      disableGutters
      variant="outlined"
      slotProps={{ heading: { component: 'h3' }, transition: { unmountOnExit: true } }}
      sx={{ '&:before': { display: 'none' }, '& + &': { borderTop: 0 } }}
    >
      <AccordionSummary
        expandIcon={<ExpandMoreIcon />}
        sx={{ '& .MuiAccordionSummary-content': { alignItems: 'center', gap: 1.5, flexWrap: 'wrap', minWidth: 0 } }}
      >
        <MethodChip method={op.method} />{' '}
        <Typography component="span" sx={{ ...mono, fontWeight: 600, overflowWrap: 'anywhere' }}>
          {op.path}
        </Typography>{' '}
        <Typography component="span" variant="body2" color="text.secondary" sx={{ flex: 1, minWidth: 160 }}>
          {op.summary}
        </Typography>{' '}
        <WritesNote method={op.method} />
      </AccordionSummary>
      <AccordionDetails>
        <OperationDetails op={op} />
      </AccordionDetails>
    </Accordion>
  );
}

export default function TestApi() {
  const dp = useAppDataProvider();
  const docs = useQuery({
    queryKey: ['apiDocs'],
    queryFn: ({ signal }) => dp.apiDocument<OpenApiDoc>({ signal }),
    staleTime: Infinity,
    retry: false,
  });
  const [search, setSearch] = useState('');
  // groups opened or closed by hand; while searching every group with a match is open unless closed
  const [toggled, setToggled] = useState<Set<string>>(new Set());
  const ops = useMemo(() => (docs.data ? operationsOf(docs.data) : []), [docs.data]);
  // the list follows the box without slowing the typing (over 200 calls)
  const query = useDeferredValue(search);
  const searching = query.trim() !== '';
  const groups = useMemo(() => {
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    const map = new Map<string, ApiOp[]>();
    for (const op of ops) {
      const text = `${op.method} ${op.path} ${op.summary} ${op.tag}`.toLowerCase();
      if (!words.every((w) => text.includes(w))) continue;
      map.set(op.tag, [...(map.get(op.tag) ?? []), op]);
    }
    return [...map.entries()];
  }, [ops, query]);
  const toggle = (tag: string) =>
    setToggled((s) => {
      const n = new Set(s);
      if (!n.delete(tag)) n.add(tag);
      return n;
    });

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <BulkScreenHeader title="Console API" />
      <Card variant="outlined">
        <CardContent>
          <Typography component="h1" variant="h5" gutterBottom>
            Console API
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            Tutte le chiamate dell&apos;API con i loro parametri e schemi, dalla documentazione OpenAPI del server.
          </Typography>
          <Alert severity="warning" role="note" sx={{ mb: 2 }}>
            Le chiamate partono con la tua sessione (SuperAdmin) e agiscono davvero: POST, PUT e DELETE modificano i
            dati.
          </Alert>
          <TextField
            label="Cerca chiamata"
            type="search"
            size="small"
            fullWidth
            value={search}
            sx={{ mb: 2, maxWidth: 560 }}
            onChange={(e) => {
              setSearch(e.target.value);
              setToggled(new Set());
            }}
            helperText="Percorso, descrizione, gruppo o metodo"
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon aria-hidden="true" />
                  </InputAdornment>
                ),
              },
            }}
          />
          {docs.isPending && <LinearProgress aria-label="Caricamento" />}
          {docs.isError && (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void docs.refetch()}>
                  Riprova
                </Button>
              }
            >
              {DOCS_ERROR}: {(docs.error as Error).message}
            </Alert>
          )}
          {docs.data && groups.length === 0 && (
            <Typography color="text.secondary">Nessuna chiamata trovata.</Typography>
          )}
          {groups.map(([tag, list]) => (
            <Accordion
              key={tag}
              expanded={searching !== toggled.has(tag)}
              onChange={() => toggle(tag)}
              disableGutters
              slotProps={{ heading: { component: 'h2' }, transition: { unmountOnExit: true } }}
            >
              <AccordionSummary expandIcon={<ExpandMoreIcon />}>
                <Typography component="span" sx={{ fontWeight: 600, mr: 1 }}>
                  {tag}
                </Typography>{' '}
                <Typography component="span" color="text.secondary">
                  {list.length === 1 ? '1 chiamata' : `${list.length} chiamate`}
                </Typography>
              </AccordionSummary>
              <AccordionDetails sx={{ pt: 0 }}>
                {list.map((op) => (
                  <OperationRow key={op.key} op={op} />
                ))}
              </AccordionDetails>
            </Accordion>
          ))}
        </CardContent>
      </Card>
    </Box>
  );
}
