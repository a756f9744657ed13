/**
 * The states of a read-only part of the customer card's 'Area clienti' (PortalDeclarations,
 * PortalMandates, PortalOpenings): a progress bar while it loads, the failure in words, the text of an
 * empty list, else the list's table in a box that scrolls sideways on a narrow screen.
 */
import type { ReactNode } from 'react';
import { Alert, Box, LinearProgress, Typography } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import { failureText } from '../../bulk/texts';

export function ReadState<T>({
  q,
  loading,
  failure,
  empty,
  children,
}: {
  q: UseQueryResult<T[]>;
  /** the progress bar's name ('Caricamento dei …') */
  loading: string;
  /** what is not available ('… non disponibili'), before the reason */
  failure: string;
  /** the text of an empty list */
  empty: string;
  /** the table of the rows */
  children: (rows: T[]) => ReactNode;
}) {
  if (q.isPending) return <LinearProgress aria-label={loading} />;
  if (q.isError)
    return (
      <Alert severity="error">
        {failure}: {failureText(q.error)}
      </Alert>
    );
  if (!q.data.length)
    return (
      <Typography variant="body2" color="text.secondary">
        {empty}
      </Typography>
    );
  return <Box sx={{ overflowX: 'auto' }}>{children(q.data)}</Box>;
}
