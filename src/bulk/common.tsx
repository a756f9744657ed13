/**
 * What the bulk actions share — those of the customers' table (src/resources/Customer/bulk/) and
 * the pages and editors that show the same dialogs: the dialog titles and error texts of the
 * seed's catalogue (seed A §8), money in Italian with '€', the current year (Europe/Rome); an
 * action's dialog, its request (busy, error), its downloads and its queued e-mails.
 */
import { Box, Button, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import type { SxProps, Theme } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useGetMany, useNotify, type Identifier } from 'react-admin';
import { saveAs } from 'file-saver';
import { YEAR_MAX, YEAR_MIN } from '../../model/dates';
import { AcknowledgeDialog, AppDialog } from '../layout/ErrorDialog';

export { TITLES, TEXTS } from './texts';
import { TEXTS, TITLES } from './texts';

import { formatAmount, formatEuro } from '../../model/types';
export { formatEuro as euro };
export { currentYear } from '../../model/dates';
export const validYear = (y: string) => /^\d{4}$/.test(y) && Number(y) >= YEAR_MIN && Number(y) <= YEAR_MAX;

/** The year of an action: a labelled number field with its error. */
export function YearField({
  value,
  onChange,
  label = 'Anno',
}: {
  value: string;
  onChange: (v: string) => void;
  label?: string;
}) {
  const bad = !validYear(value);
  return (
    <TextField
      label={label}
      type="number"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      size="small"
      error={bad}
      helperText={bad ? `Anno tra ${YEAR_MIN} e ${YEAR_MAX}` : ' '}
      slotProps={{ htmlInput: { min: YEAR_MIN, max: YEAR_MAX } }}
      sx={{ mt: 1 }}
    />
  );
}

/** A CSV cell for Excel in Italian (';'): quoted when needed, a formula-like start neutralised (OWASP). */
export const csvCell = (value: unknown) => {
  const s = value == null ? '' : String(value);
  const formula = /^[=+\-@\t\r]/.test(s);
  return /[";\r\n]/.test(s) || formula ? `"${(formula ? `'${s}` : s).replace(/"/g, '""')}"` : s;
};

/**
 * Downloads rows as a CSV file (UTF-8 with BOM, ';', CRLF), as Excel in Italian opens it. The
 * `money` columns hold numbers, written as Italian decimals ('-12,50'): numbers this code
 * writes are not text a spreadsheet could run, so they are exempt from the formula rule.
 */
export function downloadCsv(
  fileName: string,
  head: string[],
  rows: Array<Array<string | number>>,
  money: number[] = [],
) {
  const line = (r: Array<string | number>) =>
    r.map((c, j) => (money.includes(j) && typeof c === 'number' ? formatAmount(c) : csvCell(c))).join(';');
  const lines = [head.map(csvCell).join(';'), ...rows.map(line)];
  saveAs(new Blob([`\uFEFF${lines.join('\r\n')}\r\n`], { type: 'text/csv;charset=utf-8' }), fileName);
}

/**
 * A bulk action's request: `busy` while it runs; a failure becomes `error` (for BulkErrorDialog),
 * the text `failure` gives. What the call knows how to show itself (a field's 422) it catches.
 */
export function useBulkRequest() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (call: () => Promise<void>, failure: string | ((e: unknown) => string)) => {
    setBusy(true);
    try {
      await call();
    } catch (e) {
      setError(typeof failure === 'string' ? failure : failure(e));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, run };
}

/** A failure's text: the catalogue's `base` and the server's reason. */
export const withReason = (base: string, e: unknown) => `${base} ${(e as Error).message ?? ''}`.trim();

/** Saves the file a download call answers with. */
export async function saveFile(download: Promise<{ blob: Blob; filename: string }>) {
  const { blob, filename } = await download;
  saveAs(blob, filename);
}

/**
 * A queued e-mail send of a bulk action (C20, C31, C32, C36): busy while the request runs, the
 * server's answer ('… inserito nella coda') as a notice, a failure as 'Errore di invio...' with
 * the server's reason. `after` runs once it is over (closing the action's dialog); with
 * `keepOnError` it runs on success only (the dialog stays, to try again). Its `run` is the
 * action's other requests (useBulkRequest), sharing the busy state and the error.
 */
export function useQueuedSend() {
  const notify = useNotify();
  const request = useBulkRequest();
  const send = (call: () => Promise<{ message?: string }>, after?: () => void, keepOnError = false) =>
    request.run(
      async () => {
        try {
          const res = await call();
          notify(res.message ?? 'Email inserita nella coda', { type: 'info' });
          after?.();
        } catch (e) {
          if (!keepOnError) after?.();
          throw e;
        }
      },
      (e) => withReason(TEXTS.send, e),
    );
  return { ...request, send };
}

/** rows a result table shows; the rest is in its CSV (tens of thousands of rows would freeze the page) */
export const RESULT_ROWS_SHOWN = 200;

/**
 * A small result table with a caption read by screen readers; the `money` columns hold numbers
 * shown in euro. Long results show their first RESULT_ROWS_SHOWN rows and, with `csv`, offer
 * the whole of it as a CSV file.
 */
export function ResultTable({
  caption,
  head,
  rows,
  money = [],
  csv,
}: {
  caption: string;
  head: string[];
  rows: Array<Array<string | number>>;
  money?: number[];
  csv?: string;
}) {
  const shown = rows.slice(0, RESULT_ROWS_SHOWN);
  const show = (c: string | number, j: number) => (money.includes(j) && typeof c === 'number' ? formatEuro(c) : c);
  // amounts, numbers and dates stay on one line; names wrap
  const cellSx = (c: string | number) =>
    typeof c === 'number' || /^\d{2}-\d{2}-\d{4}$/.test(c) ? { whiteSpace: 'nowrap' } : undefined;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={caption}>
        <TableHead>
          <TableRow>
            {head.map((h, j) => (
              <TableCell key={h} align={money.includes(j) ? 'right' : undefined}>
                {h}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {shown.map((r, i) => (
            <TableRow key={i}>
              {r.map((c, j) => (
                <TableCell key={j} align={money.includes(j) ? 'right' : undefined} sx={cellSx(c)}>
                  {show(c, j)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {(rows.length > shown.length || csv) && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5 }}>
          {rows.length > shown.length && (
            <Typography variant="caption">
              Mostrate {shown.length} righe di {rows.length}.
            </Typography>
          )}
          {csv && (
            <Button size="small" onClick={() => downloadCsv(csv, head, rows, money)}>
              Scarica CSV
            </Button>
          )}
        </Box>
      )}
    </Box>
  );
}

/**
 * The two clicks of a destructive action: the first arms it (the button reads 'Sicuro?' in the
 * warning colour), the second runs it. It stays armed only for the `key` it was armed on (the
 * selection and the inputs): any change asks again.
 */
export function useTwoClicks(key: string) {
  const [armedFor, setArmedFor] = useState<string | null>(null);
  // a change disarms for good: going back to the armed values asks again too (state adjusted
  // while rendering, React's pattern for a value that resets when a prop changes)
  const [lastKey, setLastKey] = useState(key);
  if (lastKey !== key) {
    setLastKey(key);
    if (armedFor !== null) setArmedFor(null);
  }
  const armed = armedFor === key && lastKey === key;
  return {
    armed,
    disarm: () => setArmedFor(null),
    /** true on the second click (disarmed again), false on the first (armed) */
    confirmed: () => {
      if (!armed) {
        setArmedFor(key);
        return false;
      }
      setArmedFor(null);
      return true;
    },
  };
}

/** The button of a two-click action: `label`, then 'Sicuro?' in the warning colour. */
export function TwoClickButton({
  clicks,
  label,
  onRun,
  disabled,
}: {
  clicks: ReturnType<typeof useTwoClicks>;
  label: string;
  onRun: () => void;
  disabled?: boolean;
}) {
  return (
    <Button
      onClick={() => {
        if (clicks.confirmed()) onRun();
      }}
      variant="contained"
      color={clicks.armed ? 'warning' : 'primary'}
      disabled={disabled}
    >
      {clicks.armed ? 'Sicuro?' : label}
    </Button>
  );
}

/** The error dialog of a bulk action: 'Errore!!' and the catalogue's text. */
export function BulkErrorDialog({ text, onClose }: { text: string | null; onClose: () => void }) {
  return <AcknowledgeDialog open={text != null} onClose={onClose} title={TITLES.error} text={text ?? ''} contained />;
}

/**
 * The dialog of a bulk action: its content, then 'Annulla' (or `cancel`) and the action's own
 * buttons; the close and 'Annulla' both call `onClose`. While `busy` (a file being made, a
 * send) it cannot be closed and 'Annulla' is disabled.
 */
export function BulkDialog({
  open,
  onClose,
  busy = false,
  title = TITLES.info,
  cancel = 'Annulla',
  actions,
  sx,
  children,
}: {
  open: boolean;
  onClose: () => void;
  busy?: boolean;
  title?: string;
  cancel?: string;
  actions: ReactNode;
  sx?: SxProps<Theme>;
  children: ReactNode;
}) {
  return (
    <AppDialog
      open={open}
      onClose={() => !busy && onClose()}
      title={title}
      text={<Box sx={sx}>{children}</Box>}
      actions={
        <>
          <Button onClick={onClose} disabled={busy}>
            {cancel}
          </Button>
          {actions}
        </>
      }
    />
  );
}

/** 'Scarica DOC' and 'Scarica PDF' of a document: its Word version (html) or its PDF. */
export function DocPdfButtons({
  onDownload,
  disabled,
}: {
  onDownload: (format: 'pdf' | 'html') => void;
  disabled: boolean;
}) {
  return (
    <>
      <Button onClick={() => onDownload('html')} disabled={disabled}>
        Scarica DOC
      </Button>
      <Button onClick={() => onDownload('pdf')} variant="contained" disabled={disabled}>
        Scarica PDF
      </Button>
    </>
  );
}

/** The names of the selected customers (read once the dialog that shows them is open). */
export function useCustomerNames(ids: Identifier[], enabled: boolean) {
  const { data } = useGetMany('Customer', { ids }, { enabled: enabled && ids.length > 0 });
  return (id: unknown) => String(data?.find((c) => String(c.id) === String(id))?.business_name ?? `#${String(id)}`);
}

/**
 * A value of its own for each selected customer (a payslip quantity, a balancer year): a table
 * '{label} per cliente' with the customer's name and a number input named '{label} {name}'.
 */
export function PerCustomerTable({
  ids,
  nameOf,
  label,
  value,
  error,
  onChange,
  min,
  width = 120,
}: {
  ids: Identifier[];
  nameOf: (id: unknown) => string;
  label: string;
  value: (id: Identifier) => string;
  error: (id: Identifier) => string | undefined;
  onChange: (id: Identifier, text: string) => void;
  min?: number;
  width?: number;
}) {
  return (
    <Table size="small" aria-label={`${label} per cliente`} sx={{ mt: 1 }}>
      <TableHead>
        <TableRow>
          <TableCell>Ragione Sociale</TableCell>
          <TableCell align="right">{label}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {ids.map((id) => {
          const message = error(id);
          return (
            <TableRow key={String(id)}>
              <TableCell>{nameOf(id)}</TableCell>
              <TableCell align="right">
                <TextField
                  size="small"
                  type="number"
                  value={value(id)}
                  error={!!message}
                  helperText={message}
                  onChange={(e) => onChange(id, e.target.value)}
                  slotProps={{
                    htmlInput: {
                      ...(min !== undefined ? { min, step: 1 } : {}),
                      'aria-label': `${label} ${nameOf(id)}`,
                    },
                  }}
                  sx={{ width }}
                />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
