/**
 * What the tabs of the customer's 'Antiriciclaggio' section share (issue 48): the query's key, the
 * services' picker (the assessment and the identification ask the same services), an option's
 * label, a file's size and its download, the small-screen test of the dialogs, the dialogs' frame
 * and how they send what is typed.
 */
import { Fragment, memo, useId, useRef, useState, type ReactNode, type Ref } from 'react';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  MenuItem,
  Paper,
  TableCell,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useNotify } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { AML_SERVICES, amlService, type AmlService } from '../../../model/aml';
import type { FileKind } from '../../../model/define';
import { fileTooLargeMessage, kindOfName, kindsMessage } from '../../../model/fileKinds';
import { useAppDataProvider } from '../../dataProvider';
import { saveFile } from '../../bulk/common';
import { RegionTable } from '../../bulk/PreviewRun';
import { failureText } from '../../bulk/texts';
import { ApiError } from '../../api/client';

/** The customer's AML file in the query cache (GET /api/customer/:id/aml). */
export const keyOf = (id: string | number) => ['customer', Number(id), 'aml'] as const;

/** A service's description, or its code when unknown. */
export const serviceText = (code: string) => amlService(code)?.description ?? code;

/** An option's Italian label among `list` ('—' for none, the value itself when unknown). */
export const optionText = (list: ReadonlyArray<{ value: string; text: string }>, value: string | null | undefined) =>
  value ? (list.find((o) => o.value === value)?.text ?? value) : '—';

/** 2048 → '2 KB', 3 400 000 → '3,2 MB'. */
export const sizeText = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 * 1024
      ? `${Math.round(bytes / 1024).toLocaleString('it-IT')} KB`
      : `${(bytes / (1024 * 1024)).toLocaleString('it-IT', { maximumFractionDigits: 1 })} MB`;

/** The files the AML file takes (as the server: PDF, JPEG, PNG up to 10 MB each). */
const UPLOAD_KINDS: FileKind[] = ['pdf', 'jpeg', 'png'];
export const AML_UPLOAD_ACCEPT = '.pdf,.jpg,.jpeg,.png';
export const AML_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

/** Why a file cannot go into the AML file, checked before sending (the server checks the content), or null. */
export function uploadProblem(file: File): string | null {
  if (!kindOfName(file.name, UPLOAD_KINDS)) return `${file.name}: ${kindsMessage(UPLOAD_KINDS)}`;
  if (file.size > AML_UPLOAD_MAX_BYTES) return fileTooLargeMessage(AML_UPLOAD_MAX_BYTES);
  return null;
}

/**
 * A button that opens the file picker (a plain button, type="button": the picker's input, hidden,
 * is named `inputLabel` and takes the PDF, JPEG and PNG the AML file keeps).
 */
export function FilePickButton({
  inputLabel,
  onPick,
  disabled,
  icon,
  sx,
  size,
  children,
}: {
  inputLabel: string;
  onPick: (file: File) => void;
  disabled?: boolean;
  icon?: ReactNode;
  sx?: object;
  size?: 'small' | 'medium';
  children: ReactNode;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button
        type="button"
        variant="outlined"
        size={size}
        startIcon={icon}
        disabled={disabled}
        onClick={() => input.current?.click()}
        sx={sx}
      >
        {children}
      </Button>
      <input
        ref={input}
        hidden
        type="file"
        accept={AML_UPLOAD_ACCEPT}
        aria-label={inputLabel}
        disabled={disabled}
        onChange={(e) => {
          const chosen = e.target.files?.[0];
          e.target.value = '';
          if (chosen) onPick(chosen);
        }}
      />
    </>
  );
}

/** Whether the screen is a phone's: the dialogs then take all of it. */
export function useSmallScreen() {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down('sm'));
}

/** Downloads a file of the customer's AML file, saved under its name; a failure is notified. */
export function useAmlFileDownload(customerId: string | number) {
  const dp = useAppDataProvider();
  const notify = useNotify();
  const [busy, setBusy] = useState<number | null>(null);
  const download = async (fileId: number) => {
    setBusy(fileId);
    try {
      await saveFile(dp.downloadAmlFile(customerId, fileId));
    } catch (e) {
      notify(failureText(e), { type: 'error' });
    } finally {
      setBusy(null);
    }
  };
  return { download, busy };
}

// ---------------------------------------------------------------------------------------------
// what is read: label and value pairs, tables that become cards on a phone

/** Label and value pairs, one under the other on a phone, side by side elsewhere. */
export function Facts({ rows }: { rows: ReadonlyArray<readonly [string, ReactNode]> }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, max-content) 1fr' },
        columnGap: 2,
        rowGap: { xs: 0, sm: 0.5 },
      }}
    >
      {rows.map(([k, v]) => (
        <Fragment key={k}>
          <Typography component="dt" variant="body2" color="text.secondary" sx={{ mt: { xs: 0.5, sm: 0 } }}>
            {k}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {v}
          </Typography>
        </Fragment>
      ))}
    </Box>
  );
}

export interface Column<R> {
  head: string;
  cell: (r: R) => ReactNode;
  minWidth?: number;
  nowrap?: boolean;
  align?: 'right';
  /** an action (a button that names itself): its head is only for assistive technology, its card shows it below */
  action?: boolean;
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * Rows as a table in a region that scrolls sideways (named 'Elenco: {label}', the table `label`),
 * or on a phone as a list of cards named `label`, each with its labels.
 */
export function TableOrCards<R>({
  label,
  rows,
  columns,
  rowKey = (_r, i) => i,
}: {
  label: string;
  rows: readonly R[];
  columns: Column<R>[];
  rowKey?: (r: R, i: number) => string | number;
}) {
  const small = useSmallScreen();
  if (small)
    return (
      <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {rows.map((r, i) => (
          <Paper component="li" variant="outlined" key={rowKey(r, i)} sx={{ p: 1.5, mb: 1 }}>
            <Facts rows={columns.filter((c) => !c.action).map((c) => [c.head, c.cell(r)] as const)} />
            {columns
              .filter((c) => c.action)
              .map((c) => (
                <Box key={c.head} sx={{ mt: 1 }}>
                  {c.cell(r)}
                </Box>
              ))}
          </Paper>
        ))}
      </Box>
    );
  return (
    <RegionTable
      label={`Elenco: ${label}`}
      tableLabel={label}
      outlined
      mb={0}
      head={columns.map((c) => (
        <TableCell key={c.head} align={c.align} padding={c.action ? 'checkbox' : undefined}>
          {c.action ? (
            <Box component="span" sx={visuallyHidden}>
              {c.head}
            </Box>
          ) : (
            c.head
          )}
        </TableCell>
      ))}
      rows={rows}
      row={(r, i) => (
        <TableRow key={rowKey(r, i)}>
          {columns.map((c) => (
            <TableCell
              key={c.head}
              align={c.align}
              padding={c.action ? 'checkbox' : undefined}
              sx={{ minWidth: c.minWidth, whiteSpace: c.nowrap ? 'nowrap' : undefined }}
            >
              {c.cell(r)}
            </TableCell>
          ))}
        </TableRow>
      )}
    />
  );
}

// ---------------------------------------------------------------------------------------------
// the services

const GROUPS: Record<string, string> = {
  '1': 'Rischio inerente 1 – Non significativo (regola di condotta)',
  '2': 'Rischio inerente 2 – Poco significativo',
  '3': 'Rischio inerente 3 – Abbastanza significativo',
  '4': 'Rischio inerente 4 – Molto significativo',
  none: 'Non soggette ad adeguata verifica (art. 17 c. 7 D.Lgs. 231/2007)',
};
const groupOf = (s: AmlService) => GROUPS[s.inherent === null ? 'none' : String(s.inherent)]!;

/** What an option says under the service's name. */
const serviceNote = (s: AmlService) =>
  s.inherent === null
    ? 'Non soggetta ad adeguata verifica'
    : `Rischio inerente ${s.inherent}${s.conductRule ? ' · regola di condotta' : ''}${s.tableBExempt ? ' · senza Tabella B' : ''}`;

/** The services of model/aml.ts AML_SERVICES, chosen by code, grouped by inherent risk. */
export const ServicePicker = memo(function ServicePicker({
  id,
  value,
  onChange,
  disabled,
  error,
  helperText,
  label = 'Prestazioni svolte per il cliente',
}: {
  id: string;
  value: readonly string[];
  onChange: (codes: string[]) => void;
  disabled?: boolean;
  error?: boolean;
  helperText?: string;
  label?: string;
}) {
  const chosen = value.map((c) => amlService(c)).filter((s): s is AmlService => !!s);
  return (
    <Autocomplete<AmlService, true, false, false>
      multiple
      disableCloseOnSelect
      id={id}
      options={AML_SERVICES}
      value={chosen}
      groupBy={groupOf}
      getOptionLabel={(s) => s.description}
      isOptionEqualToValue={(a, b) => a.code === b.code}
      onChange={(_e, v) => onChange(v.map((s) => s.code))}
      disabled={disabled}
      noOptionsText="Nessuna prestazione"
      openText="Apri"
      closeText="Chiudi"
      clearText="Cancella"
      slotProps={{ chip: { size: 'small', sx: { maxWidth: '100%' } } }}
      renderOption={(props, s) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <Box component="li" key={key} {...rest} sx={{ display: 'block !important' }}>
            <Typography variant="body2" component="span" sx={{ display: 'block' }}>
              {s.description}
            </Typography>
            <Typography
              variant="caption"
              component="span"
              sx={{ display: 'block' }}
              color={s.inherent === null ? 'warning.dark' : 'text.secondary'}
            >
              {' '}
              {serviceNote(s)}
            </Typography>
          </Box>
        );
      }}
      renderInput={(params) => <TextField {...params} label={label} error={error} helperText={helperText} />}
    />
  );
});

/** Field errors by field (or path), as the server's 422 and the forms' own checks give them. */
export type FieldErrors = Partial<Record<string, string[]>>;

/**
 * How an AML form sends what was typed: its field errors, the problem shown above its buttons, and
 * whether it is busy. `refuse` shows what the form's own checks found; `send` makes the call, says
 * `done` and runs `then` (close, read again) when it succeeds, and when it fails shows the server's
 * field errors and its message (`problemOf` makes that text, e.g. adding what no field shows).
 */
export function useAmlSend<E extends FieldErrors>() {
  const notify = useNotify();
  const [errors, setErrors] = useState<E>({} as E);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const refuse = (found: E, text: string | null = null) => {
    setErrors(found);
    setProblem(text);
  };
  const send = async (
    call: () => Promise<unknown>,
    done: string,
    then: () => unknown,
    problemOf: (fields: E | undefined, message: string) => string = (_f, message) => message,
  ) => {
    setProblem(null);
    setBusy(true);
    setErrors({} as E);
    try {
      await call();
      notify(done, { type: 'success' });
      await then();
    } catch (e) {
      const fields = e instanceof ApiError ? (e.body.errors as E | undefined) : undefined;
      if (fields) setErrors(fields);
      setProblem(problemOf(fields, failureText(e)));
    } finally {
      setBusy(false);
    }
  };
  return { errors, setErrors, problem, setProblem, busy, refuse, send };
}

/**
 * The frame of an AML dialog: its title, the content (full screen on a phone), the problem above
 * 'Annulla' and the button that sends (`submitLabel`), a progress bar named `busyLabel` while busy;
 * not closed while busy (or while `locked`).
 */
export function AmlDialog({
  title,
  maxWidth = 'sm',
  busy,
  locked = false,
  busyLabel,
  submitLabel,
  problem,
  onSubmit,
  onClose,
  contentRef,
  children,
}: {
  title: string;
  maxWidth?: 'sm' | 'md';
  busy: boolean;
  locked?: boolean;
  busyLabel: string;
  submitLabel: string;
  problem: string | null;
  onSubmit: () => void;
  onClose: () => void;
  contentRef?: Ref<HTMLDivElement>;
  children: ReactNode;
}) {
  const fullScreen = useSmallScreen();
  const titleId = `${useId()}-title`;
  return (
    <Dialog
      open
      onClose={() => !busy && !locked && onClose()}
      aria-labelledby={titleId}
      fullWidth
      maxWidth={maxWidth}
      fullScreen={fullScreen}
      {...(maxWidth === 'md' ? { scroll: 'paper' as const } : {})}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent dividers ref={contentRef}>
        {children}
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
        <Button type="button" variant="contained" onClick={onSubmit} disabled={busy || locked}>
          {submitLabel}
        </Button>
      </DialogActions>
      {busy && <LinearProgress aria-label={busyLabel} />}
    </Dialog>
  );
}

/**
 * A history that is never edited (Regola Tecnica n. 3), in a section named by its heading: `title`
 * ('Storico delle valutazioni'), the note that each change is a new entry (`entry`: 'valutazione'),
 * then its table (`head`, a `row` per entry, newest first).
 */
export function HistoryTable<R>({
  title,
  entry,
  head,
  rows,
  row,
}: {
  title: string;
  entry: string;
  head: ReactNode;
  rows: R[];
  row: (r: R) => ReactNode;
}) {
  const titleId = useId();
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography variant="subtitle1" component="h3" id={titleId} sx={{ fontWeight: 500 }}>
        {title}
      </Typography>
      <Typography variant="caption" display="block" color="text.secondary" sx={{ mb: 1 }}>
        Le {entry.replace(/e$/, 'i')} non si modificano: ogni cambiamento è una nuova {entry} (Regola Tecnica n. 3)
      </Typography>
      <RegionTable
        label={`Elenco: ${title}`}
        tableLabel={title}
        maxHeight={420}
        mb={0}
        head={head}
        rows={rows}
        row={row}
      />
    </Box>
  );
}

/** What a dialog of the customer's AML file does once saved: the file is read again, the dialog closes. */
export function useSavedThenClose(customerId: string | number, onClose: () => void) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: keyOf(customerId) });
    onClose();
  };
}

/** A required choice of an AML dialog among `options`, its errors under it. */
export function OptionSelect<V extends string>({
  id,
  label,
  value,
  options,
  errors,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  value: V | '';
  options: ReadonlyArray<{ value: V; text: string }>;
  errors: string[] | undefined;
  disabled: boolean;
  onChange: (value: V) => void;
}) {
  return (
    <TextField
      id={id}
      select
      label={label}
      required
      size="small"
      fullWidth
      value={value}
      onChange={(e) => onChange(e.target.value as V)}
      disabled={disabled}
      error={!!errors}
      helperText={errors?.join(' ')}
    >
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.text}
        </MenuItem>
      ))}
    </TextField>
  );
}
