/**
 * What the customers' area's screens share: the document requests' address, query keys, states'
 * colours and deadline; the messages' address and query keys; the file pickers (the kinds offered,
 * a button that opens the picker).
 */
import { FILE_ACCEPT } from '../../../model/portal';
import { useRef, type ReactNode } from 'react';
import { Box, Button, Chip } from '@mui/material';
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

export const MESSAGES_TITLE = 'Messaggi dei clienti';
export const MESSAGES_PATH = '/messaggi_clienti';
/** the threads' lists (any filter), the count of the unread ones (the home page), a customer's thread */
export const THREADS_KEY = ['portalMessages', 'list'] as const;
export const UNREAD_KEY = ['portalMessages', 'unread'] as const;
export const threadKey = (customerId: string | number) => ['portalMessages', 'thread', String(customerId)] as const;

/**
 * A button that opens the file picker for one or more files (type="button": it may sit inside the
 * customer's form and never submits it); the picker's input, hidden, is named `inputLabel`.
 */
export function FilesPickButton({
  inputLabel,
  onPick,
  disabled,
  icon,
  children,
}: {
  inputLabel: string;
  onPick: (files: File[]) => void;
  disabled?: boolean;
  icon?: ReactNode;
  children: ReactNode;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button
        type="button"
        size="small"
        variant="outlined"
        startIcon={icon}
        disabled={disabled}
        onClick={() => input.current?.click()}
        sx={{ minHeight: { xs: 44, sm: 0 } }}
      >
        {children}
      </Button>
      <input
        ref={input}
        hidden
        type="file"
        multiple
        accept={FILE_ACCEPT}
        aria-label={inputLabel}
        disabled={disabled}
        onChange={(e) => {
          const chosen = [...(e.target.files ?? [])];
          e.target.value = '';
          if (chosen.length) onPick(chosen);
        }}
      />
    </>
  );
}

/** What the file pickers offer (one list with the area's pages: model/portal.ts). */
export { FILE_ACCEPT };
