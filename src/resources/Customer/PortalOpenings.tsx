/**
 * 'Documenti aperti dal cliente' on a customer's card (issue 50 item 3): which documents the studio
 * sends the customer's people opened in the customers' area — an invoice's PDF or XML, the account
 * statement, a payment notice, the AML declaration, the signed SEPA mandate — each once, the latest
 * opened first: the document in words, the first and the last opening, how many times and who
 * opened it first. Read only; an empty list says so; a failure to read it is told here and leaves
 * the rest of the card as it is. On a phone the table keeps one column (the document with its
 * details below).
 */
import { useId } from 'react';
import {
  Box,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { displayDateTime } from '../../../model/dates';
import type { PortalOpening } from '../../../model/api/portalDocuments';
import { useAppDataProvider } from '../../dataProvider';
import { CellNote } from '../../bulk/cells';
import { ReadState } from './ReadState';

const keyOf = (id: number) => ['customer', id, 'portal', 'openings'] as const;

/** '1 volta', '3 volte' */
const timesText = (n: number) => (n === 1 ? '1 volta' : `${n} volte`);

export function PortalOpenings({ customerId }: { customerId: number }) {
  const dp = useAppDataProvider();
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const q = useQuery({
    queryKey: keyOf(customerId),
    queryFn: ({ signal }) => dp.portalOpenings(customerId, { signal }),
    retry: false,
  });
  const who = (o: PortalOpening) => o.first_person ?? '—';

  return (
    <Box component="section" aria-labelledby={titleId} sx={{ mt: 3 }}>
      <Typography variant="subtitle1" component="h3" id={titleId} sx={{ fontWeight: 500, mb: 1 }}>
        Documenti aperti dal cliente
      </Typography>
      <ReadState
        q={q}
        loading="Caricamento dei documenti aperti"
        failure="Documenti aperti non disponibili"
        empty="Il cliente non ha ancora aperto documenti dello studio nell'area clienti."
      >
        {(rows) => (
          <Table size="small" aria-label="Documenti aperti dal cliente">
            <TableHead>
              {small ? (
                <TableRow>
                  <TableCell>Documento</TableCell>
                </TableRow>
              ) : (
                <TableRow>
                  <TableCell>Documento</TableCell>
                  <TableCell>Prima apertura</TableCell>
                  <TableCell>Ultima apertura</TableCell>
                  <TableCell align="right">Volte</TableCell>
                  <TableCell>Aperto per primo da</TableCell>
                </TableRow>
              )}
            </TableHead>
            <TableBody>
              {rows.map((o) =>
                small ? (
                  <TableRow key={`${o.kind}-${o.ref_id}`}>
                    <TableCell sx={{ px: 1, verticalAlign: 'top' }}>
                      {o.description}
                      <CellNote>
                        Aperto {timesText(o.times)}, la prima il {displayDateTime(o.first_opened_at)}
                        {o.times > 1 ? `, l'ultima il ${displayDateTime(o.last_opened_at)}` : ''}
                      </CellNote>
                      <CellNote>Aperto per primo da {who(o)}</CellNote>
                    </TableCell>
                  </TableRow>
                ) : (
                  <TableRow key={`${o.kind}-${o.ref_id}`}>
                    <TableCell sx={{ minWidth: 200 }}>{o.description}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{displayDateTime(o.first_opened_at)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{displayDateTime(o.last_opened_at)}</TableCell>
                    <TableCell align="right">{o.times}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{who(o)}</TableCell>
                  </TableRow>
                ),
              )}
            </TableBody>
          </Table>
        )}
      </ReadState>
    </Box>
  );
}
