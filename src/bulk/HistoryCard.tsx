/**
 * The history of what a screen has done — the SDD batches ('Distinte'), the customer imports
 * ('Importazioni'), the bank statements ('Estratti conto'): a card with its heading, the loading
 * bar, the error, the empty text and the table (its last column the row's actions, named for
 * screen readers only). The question before undoing one is a `ConfirmDialog`
 * (layout/ConfirmDialog.tsx) among its children.
 */
import type { ReactNode } from 'react';
import { Alert, Box, Card, CardContent, LinearProgress, TableCell, TableContainer, Typography } from '@mui/material';
import type { SxProps, Theme } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { DataTable, RegionTable } from './PreviewRun';

export function HistoryCard<R>({
  title,
  rows,
  loading,
  loadingLabel,
  error,
  empty,
  tableLabel,
  region,
  sx,
  hiddenSx = visuallyHidden,
  head,
  row,
  children,
}: {
  /** the card's heading, 'Distinte' */
  title: string;
  /** the rows, undefined while they are read (or when they could not be) */
  rows: R[] | undefined;
  loading: boolean;
  /** the loading bar's name, 'Caricamento delle distinte' */
  loadingLabel: string;
  /** the error shown, null for none */
  error: ReactNode;
  /** the text when there are no rows, 'Nessuna distinta.' */
  empty: string;
  /** the table's name */
  tableLabel: string;
  /** a scrolling region reached by keyboard, with its own name */
  region?: { label: string; maxHeight: number };
  sx?: SxProps<Theme>;
  /** how 'Azioni' is hidden in its header cell */
  hiddenSx?: SxProps<Theme>;
  /** the header's cells but the actions' one */
  head: ReactNode;
  /** a row (its TableRow, with its key) */
  row: (r: R) => ReactNode;
  /** after the card's content: its dialogs */
  children?: ReactNode;
}) {
  const heads = (
    <>
      {head}
      <TableCell>
        <Box component="span" sx={hiddenSx}>
          Azioni
        </Box>
      </TableCell>
    </>
  );
  return (
    <Card sx={sx}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {error ? <Alert severity="error">{error}</Alert> : null}
        {loading && <LinearProgress aria-label={loadingLabel} />}
        {rows && !rows.length && (
          <Typography variant="body2" color="text.secondary">
            {empty}
          </Typography>
        )}
        {!!rows?.length &&
          (region ? (
            <RegionTable
              label={region.label}
              tableLabel={tableLabel}
              maxHeight={region.maxHeight}
              mb={0}
              head={heads}
              rows={rows}
              row={row}
            />
          ) : (
            <TableContainer>
              <DataTable label={tableLabel} head={heads} rows={rows} row={row} />
            </TableContainer>
          ))}
      </CardContent>
      {children}
    </Card>
  );
}
