/** The table cells the screens repeat: an amount, a date, when and by whom, a cell's second line. */
import type { ReactNode } from 'react';
import { TableCell, Typography, type SxProps, type Theme } from '@mui/material';
import { displayDate, displayDateTime } from '../../model/dates';
import { formatEuro } from '../../model/types';

/**
 * Read by screen readers, not shown (a header's 'Azioni'). At its cell's corner: left where the
 * text would be, it reached past the table's right edge and made its box scroll (issue 45 item 18).
 */
export const HIDDEN = {
  position: 'absolute',
  left: 0,
  top: 0,
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** An amount in euro, right-aligned on one line. */
export const MoneyCell = ({ value }: { value: number }) => (
  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
    {formatEuro(value)}
  </TableCell>
);

/** A date (GG/MM/AAAA) on one line. */
export const DateCell = ({ value }: { value: string }) => (
  <TableCell sx={{ whiteSpace: 'nowrap' }}>{displayDate(value)}</TableCell>
);

/** A cell's second line, small and grey: who, a reference, a reason. */
export const CellNote = ({ children, sx }: { children: ReactNode; sx?: SxProps<Theme> }) => (
  <Typography variant="caption" display="block" color="text.secondary" sx={sx}>
    {children}
  </Typography>
);

/** When a row was made and, below, by whom. */
export const MadeCell = ({ at, by }: { at: string; by?: string | null }) => (
  <TableCell sx={{ whiteSpace: 'nowrap' }}>
    {displayDateTime(at)}
    {by && <CellNote>{by}</CellNote>}
  </TableCell>
);
