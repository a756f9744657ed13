/** What the document requests' list and a request's detail share: the address, the query keys, the states' colours, the deadline. */
import { Box, Chip } from '@mui/material';
import { slashDate } from '../../../model/dates';
import type { ItemStatus, RequestStatus } from '../../../model/portal';
import type { RequestSummary } from '../../dataProvider/portalRequests';
import type { StatusColors } from '../../bulk/StatusChip';

export const REQUESTS_TITLE = 'Richieste di documenti';
export const REQUESTS_PATH = '/richieste_documenti';
/** the lists' queries (any filter) and a request's */
export const LIST_KEY = ['portalRequests', 'list'] as const;
export const detailKey = (id: string | number) => ['portalRequests', 'detail', String(id)] as const;

export const REQUEST_STATUS_COLORS: StatusColors<RequestStatus> = {
  aperta: 'info',
  completata: 'success',
  annullata: 'default',
};
export const ITEM_STATUS_COLORS: StatusColors<ItemStatus> = {
  richiesto: 'default',
  inviato: 'warning',
  mancante: 'warning',
  accettato: 'success',
  da_rifare: 'info',
};

/** A request's deadline: 'DD/MM/YYYY', with a red 'in ritardo' when late. */
export function DueDate({ request }: { request: Pick<RequestSummary, 'due_date' | 'late'> }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
      <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        {slashDate(request.due_date)}
      </Box>
      {request.late && (
        <Chip size="small" color="error" label="in ritardo" title="Scaduta con documenti ancora da inviare" />
      )}
    </Box>
  );
}

/** 2048 → '2 KB', 3 400 000 → '3,2 MB'. */
export const sizeText = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 * 1024
      ? `${Math.round(bytes / 1024).toLocaleString('it-IT')} KB`
      : `${(bytes / (1024 * 1024)).toLocaleString('it-IT', { maximumFractionDigits: 1 })} MB`;
