/**
 * The preview → confirm → run flow of the bulk screens (issue 46 item 4): 'Fattura addebiti',
 * 'Incassa con SDD' and 'Importa clienti'. `usePreviewRun` holds its state — the plan, which step
 * is busy and how far it is, the field errors of a 422, the error message, the result — and its
 * two calls; `<PreviewRun>` shows the progress bar, the error, the result and the plan. A screen
 * keeps its input, its plan's tables, its texts and what it does with the result.
 *
 * - A change of the input makes the preview stale: `changed()` drops it (and the field errors).
 * - A 422's `errors` go to their fields (`errors[field]`); `listErrors` names those with no field
 *   on the screen, listed under the message instead.
 * - The run sends the plan (its fingerprint); with `changed` set, its 409 (the data changed since
 *   the preview) shows the server's message and that sentence, and reads the preview again.
 * - A step that reports progress (`onProgress`, the import's NDJSON lines) gets a determinate bar.
 *
 * Also the pieces the screens repeat: the step's card, the dates' step of the period screens, the
 * scrolling table of a plan, the customers left out, the success notice and the screen's header.
 */
import { useState, type Dispatch, type ReactNode, type SetStateAction } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  LinearProgress,
  Link,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { LinkBase } from 'react-admin';
import { ApiError } from '../api/client';
import { DateTextField, INVALID_DATE } from '../form/DateInput';
import { ScreenTitle } from '../layout/PageTitle';
import { CloseHeader } from '../layout/CloseHeader';
import { isoDate } from '../../model/dates';
import { formatEuro } from '../../model/types';
import { TEXTS } from './texts';

/** How far a step is, as the server reports it. */
export interface StepProgressValue {
  done: number;
  total: number;
}
export type PreviewRunStep = 'preview' | 'run';
type OnProgress = (p: StepProgressValue) => void;

/** An error's text for the user: its message, else 'Errore di caricamento...'. */
export const errorText = (e: unknown) => (e as Error)?.message || TEXTS.load;

export interface PreviewRunOptions<Plan, Result> {
  /** reads the preview of the input as it is now */
  preview: (onProgress: OnProgress) => Promise<Plan>;
  /** runs the plan confirmed (the request with the plan's fingerprint) */
  run: (plan: Plan, onProgress: OnProgress) => Promise<Result>;
  /** after the run (the plan is gone, the result kept): notify, navigate, refresh a list… */
  onDone?: (result: Result) => void | Promise<void>;
  /**
   * The run's 409 (what the preview showed has changed): the server's message followed by this
   * sentence ('' for none), and the preview read again. Unset, a 409 is an error like any other.
   */
  changed?: string;
}

export type PreviewRunFlow<Plan, Result> = ReturnType<typeof usePreviewRun<Plan, Result>>;

export function usePreviewRun<Plan, Result>(opts: PreviewRunOptions<Plan, Result>) {
  const [plan, setPlan] = useState<Plan | null>(null);
  const [busy, setBusy] = useState<PreviewRunStep | null>(null);
  const [progress, setProgress] = useState<StepProgressValue | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [result, setResult] = useState<Result | null>(null);

  const fail = (e: unknown) => {
    if (e instanceof ApiError && e.body.errors) setErrors(e.body.errors);
    setMessage(errorText(e));
  };
  const start = (step: PreviewRunStep) => {
    setBusy(step);
    setProgress(null);
    setMessage(null);
  };
  const preview = async () => {
    start('preview');
    setErrors({});
    setResult(null);
    try {
      setPlan(await opts.preview(setProgress));
    } catch (e) {
      setPlan(null);
      fail(e);
    } finally {
      setBusy(null);
    }
  };
  const run = async () => {
    if (plan === null) return;
    start('run');
    try {
      const done = await opts.run(plan, setProgress);
      setResult(done);
      setPlan(null);
      await opts.onDone?.(done);
    } catch (e) {
      fail(e);
      if (opts.changed !== undefined && e instanceof ApiError && e.status === 409) {
        setMessage([e.message, opts.changed].filter(Boolean).join(' '));
        // the preview as it is now (nothing is run twice)
        try {
          setPlan(await opts.preview(setProgress));
        } catch {
          setPlan(null);
        }
      }
    } finally {
      setBusy(null);
    }
  };
  return {
    plan,
    busy,
    progress,
    errors,
    message,
    result,
    /** 'Anteprima' */
    preview,
    /** the plan's button */
    run,
    /** the input changed: the preview is stale, and so are the field errors */
    changed: () => {
      setPlan(null);
      setErrors({});
    },
    /** everything dropped (a new file) */
    reset: () => {
      setPlan(null);
      setProgress(null);
      setErrors({});
      setMessage(null);
      setResult(null);
    },
    /** the screen's own errors (a download, the list below) in the same place */
    setMessage,
  };
}

/**
 * A step's progress bar named `label`: determinate once the step reports how far it is. With a
 * `unit` ('righe') the bar says it in words above it too, read out as it changes.
 */
export function StepProgress({
  label,
  progress = null,
  unit,
}: {
  label: string;
  progress?: StepProgressValue | null;
  unit?: string;
}) {
  const value = progress?.total ? Math.round((progress.done / progress.total) * 100) : undefined;
  const variant = value === undefined ? 'indeterminate' : 'determinate';
  if (!unit) return <LinearProgress variant={variant} value={value} aria-label={label} sx={{ mb: 2 }} />;
  const text = progress
    ? `${label}: ${progress.done.toLocaleString('it-IT')} di ${progress.total.toLocaleString('it-IT')} ${unit}`
    : `${label}…`;
  return (
    <Box sx={{ my: 2 }} role="status" aria-live="polite">
      <Typography variant="body2" sx={{ mb: 0.5 }}>
        {text}
      </Typography>
      <LinearProgress variant={variant} value={value} aria-label={text} />
    </Box>
  );
}

/**
 * The flow's busy step, its error and what it has: the progress bar (`labels` names it for each
 * step, `unit` as StepProgress; the run's below the plan with `runProgressBelow`, near its
 * button), the error with the `listErrors` fields' messages, `result` and `plan`.
 */
export function PreviewRun<Plan, Result>({
  flow,
  labels,
  unit,
  runProgressBelow = false,
  listErrors = [],
  plan,
  result,
}: {
  flow: PreviewRunFlow<Plan, Result>;
  labels: Record<PreviewRunStep, string>;
  unit?: string;
  runProgressBelow?: boolean;
  listErrors?: string[];
  plan: (plan: Plan) => ReactNode;
  result?: (result: Result) => ReactNode;
}) {
  const bar = flow.busy && <StepProgress label={labels[flow.busy]} progress={flow.progress} unit={unit} />;
  const below = runProgressBelow && flow.busy === 'run';
  const details = listErrors.flatMap((f) => flow.errors[f] ?? []).filter((m) => m !== flow.message);
  return (
    <>
      {!below && bar}
      {flow.message && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {flow.message}
          {details.map((m) => (
            <div key={m}>{m}</div>
          ))}
        </Alert>
      )}
      {flow.result !== null && result?.(flow.result)}
      {flow.plan !== null && plan(flow.plan)}
      {below && bar}
    </>
  );
}

/** A screen's title and its way back: Home › the list it is opened from (if any) › the screen. */
export function BulkScreenHeader({ title, list }: { title: string; list?: { label: string; to: string } }) {
  return (
    <>
      <ScreenTitle title={title} />
      <CloseHeader
        fallback={list?.to ?? '/Menu'}
        crumbs={[{ label: 'Home', to: '/Menu' }, ...(list ? [list] : []), { label: title }]}
      />
    </>
  );
}

/** A step of a screen: its card, its heading ('1. …'), what it is about and its content. */
export function StepCard({ title, intro, children }: { title: ReactNode; intro?: ReactNode; children: ReactNode }) {
  return (
    <Card sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {intro ? (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {intro}
          </Typography>
        ) : null}
        {children}
      </CardContent>
    </Card>
  );
}

/**
 * The first step of the period screens: their dates (the app's own date field, GG-MM-AAAA in
 * every browser, issue 45 item 17) and 'Anteprima'. A text that is no date goes as typed, and
 * the server's 422 says which field; a change makes the preview stale.
 */
export function DatesStep<K extends string>({
  flow,
  title,
  intro,
  fields,
  value,
  onChange,
  extra,
}: {
  flow: PreviewRunFlow<unknown, unknown>;
  title: string;
  intro: ReactNode;
  fields: ReadonlyArray<readonly [K, string]>;
  value: Record<K, string>;
  onChange: Dispatch<SetStateAction<Record<K, string>>>;
  /** what else the request asks, beside the dates (an input), before the button */
  extra?: ReactNode;
}) {
  return (
    <StepCard title={title} intro={intro}>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        {fields.map(([field, label]) => (
          <Box key={field} sx={{ width: 200 }}>
            <DateTextField
              id={`input-${field}`}
              label={label}
              value={isoDate(value[field]) ?? (value[field] ? undefined : null)}
              onChange={(iso) => {
                onChange((f) => ({ ...f, [field]: iso === undefined ? INVALID_DATE : (iso ?? '') }));
                flow.changed();
              }}
              error={!!flow.errors[field]}
              helperText={flow.errors[field]?.[0]}
            />
          </Box>
        ))}
        {extra}
        <Button variant="contained" onClick={flow.preview} disabled={!!flow.busy} sx={{ mt: 1 }}>
          Anteprima
        </Button>
      </Box>
    </StepCard>
  );
}

/** A table's content: the header's cells and the rows, or its own (`children`, after the rows: a footer). */
export interface TableContent<R> {
  head?: ReactNode;
  rows?: readonly R[];
  /** a row: its TableRow, with its key */
  row?: (r: R, i: number) => ReactNode;
  children?: ReactNode;
}

/** A small table named `label`, with its content. */
export function DataTable<R>({
  label,
  stickyHeader = false,
  head,
  rows,
  row,
  children,
}: TableContent<R> & { label: string; stickyHeader?: boolean }) {
  return (
    <Table size="small" stickyHeader={stickyHeader} aria-label={label}>
      {head ? (
        <TableHead>
          <TableRow>{head}</TableRow>
        </TableHead>
      ) : null}
      {rows && row ? <TableBody>{rows.map(row)}</TableBody> : null}
      {children}
    </Table>
  );
}

/**
 * A table in a scrolling region reached by keyboard (WCAG 2.1.1), both named `label` (the table
 * `tableLabel` where it differs); `outlined`, in an outlined paper; `mb`, the margin below (2, none
 * when outlined).
 */
export function RegionTable<R>({
  label,
  tableLabel = label,
  maxHeight = 420,
  outlined = false,
  mb = outlined ? undefined : 2,
  ...content
}: TableContent<R> & { label: string; tableLabel?: string; maxHeight?: number; outlined?: boolean; mb?: number }) {
  return (
    <TableContainer
      {...(outlined ? { component: Paper, variant: 'outlined' as const } : {})}
      sx={{ maxHeight, mb }}
      tabIndex={0}
      role="region"
      aria-label={label}
    >
      <DataTable label={tableLabel} stickyHeader {...content} />
    </TableContainer>
  );
}

/**
 * What a plan will do ('2 fatture … per …', `children`) or, with nothing in it, why: `nothing`,
 * and that the customers left out below are not counted.
 */
export function PlanSummary({
  count,
  nothing,
  leftOut,
  children,
}: {
  count: number;
  nothing: string;
  leftOut: boolean;
  /** what the plan makes, read only when it makes something (an empty plan has no first number) */
  children: () => ReactNode;
}) {
  return count ? (
    <Alert severity="info" sx={{ mb: 2 }}>
      {children()}
    </Alert>
  ) : (
    <Alert severity="warning" sx={{ mb: 2 }}>
      {nothing}
      {leftOut ? ' (tranne quelli dei clienti esclusi qui sotto)' : ''}.
    </Alert>
  );
}

/** A customer a plan leaves out, with the amount and why. */
export interface LeftOut {
  customer_id: number;
  business_name: string;
  amount: number;
  reasons: string[];
}

/**
 * The customers a plan leaves out (`label` names the table), with their amount and why; `toFix`
 * heads it '{label} (n): correggi i loro dati e rifai l'anteprima'. With `linked` each name opens
 * the customer's card, where the data to fix are.
 */
export function LeftOutTable<R extends LeftOut>({
  label,
  rows,
  toFix = false,
  linked = false,
  amountHead = 'Importo',
  amount = (r) => formatEuro(r.amount),
}: {
  label: string;
  rows: R[];
  toFix?: boolean;
  linked?: boolean;
  amountHead?: string;
  amount?: (row: R) => string;
}) {
  return (
    <>
      {toFix ? (
        <Typography variant="subtitle1" component="h3" gutterBottom>
          {label} ({rows.length}): correggi i loro dati e rifai l&apos;anteprima
        </Typography>
      ) : null}
      <RegionTable
        label={label}
        maxHeight={300}
        head={
          <>
            <TableCell>Cliente</TableCell>
            <TableCell align="right">{amountHead}</TableCell>
            <TableCell>Motivo</TableCell>
          </>
        }
        rows={rows}
        row={(s) => (
          <TableRow key={s.customer_id}>
            <TableCell>
              {linked ? (
                <Link component={LinkBase} to={`/Customer/${s.customer_id}`} title={`Scheda di ${s.business_name}`}>
                  {s.business_name}
                </Link>
              ) : (
                s.business_name
              )}
            </TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {amount(s)}
            </TableCell>
            <TableCell>{s.reasons.join('; ')}</TableCell>
          </TableRow>
        )}
      />
    </>
  );
}

/** What a run made, as a notice, with the download of its file. */
export function DoneAlert({
  download,
  children,
}: {
  download?: { label: string; onClick: () => void };
  children: ReactNode;
}) {
  return (
    <Alert
      severity="success"
      sx={{ mb: 2 }}
      role="status"
      action={
        download ? (
          <Button color="inherit" size="small" startIcon={<DownloadIcon />} onClick={download.onClick}>
            {download.label}
          </Button>
        ) : undefined
      }
    >
      {children}
    </Alert>
  );
}
