/**
 * What the bulk actions of the customers' table share: the dialog titles and error texts of the
 * seed's catalogue (seed A §8), money in Italian with '€', the current year (Europe/Rome).
 */
import { Button, Table, TableBody, TableCell, TableHead, TableRow, TextField } from '@mui/material';
import type { ReactNode } from 'react';
import { YEAR_MAX, YEAR_MIN, TIME_ZONE } from '../../model/dates';
import { AppDialog } from '../layout/ErrorDialog';

export const TITLES = { warning: 'Attenzione!!', error: 'Errore!!', info: 'Informazione!!' } as const;
export const TEXTS = {
  save: 'Errore di salvataggio, è consigliato, prima di proseguire, risolvere il problema.',
  load: 'Errore di caricamento...',
  generate: 'Errore di generazione...',
} as const;

export { formatEuro as euro } from '../../model/types';
export const currentYear = () => Number(new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, year: 'numeric' }).format(new Date()));
export const validYear = (y: string) => /^\d{4}$/.test(y) && Number(y) >= YEAR_MIN && Number(y) <= YEAR_MAX;

/** The year of an action: a labelled number field with its error. */
export function YearField({ value, onChange, label = 'Anno' }: { value: string; onChange: (v: string) => void; label?: string }) {
  const bad = !validYear(value);
  return (
    <TextField label={label} type="number" value={value} onChange={(e) => onChange(e.target.value)} size="small"
      error={bad} helperText={bad ? `Anno tra ${YEAR_MIN} e ${YEAR_MAX}` : ' '} slotProps={{ htmlInput: { min: YEAR_MIN, max: YEAR_MAX } }} sx={{ mt: 1 }} />
  );
}

/** A small result table with a caption read by screen readers. */
export function ResultTable({ caption, head, rows }: { caption: string; head: string[]; rows: ReactNode[][] }) {
  return (
    <Table size="small" aria-label={caption}>
      <TableHead><TableRow>{head.map((h) => <TableCell key={h}>{h}</TableCell>)}</TableRow></TableHead>
      <TableBody>{rows.map((r, i) => <TableRow key={i}>{r.map((c, j) => <TableCell key={j}>{c}</TableCell>)}</TableRow>)}</TableBody>
    </Table>
  );
}

/** The error dialog of a bulk action: 'Errore!!' and the catalogue's text. */
export function BulkErrorDialog({ text, onClose }: { text: string | null; onClose: () => void }) {
  return <AppDialog open={text != null} onClose={onClose} title={TITLES.error} text={text ?? ''}
    actions={<Button onClick={onClose} variant="contained" autoFocus>Ho Capito</Button>} />;
}
