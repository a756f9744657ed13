/**
 * The quick find dialog (issue 16 item 3), loaded on first use: a combobox (MUI Autocomplete,
 * its listbox shown inline under the field) that asks GET /api/quick_find 200 ms after the
 * typing stops, and lists customers, legal representatives and e-invoices under their headings.
 * Keyboard: arrows move (the first result is highlighted), Enter opens the record, Esc closes.
 */
import { useEffect, useId, useState, type HTMLAttributes } from 'react';
import {
  Autocomplete,
  Box,
  Fade,
  IconButton,
  InputAdornment,
  ListSubheader,
  Modal,
  Paper,
  TextField,
  Typography,
  type PopperProps,
} from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import SearchIcon from '@mui/icons-material/Search';
import CloseIcon from '@mui/icons-material/Close';
import BusinessIcon from '@mui/icons-material/Business';
import PersonIcon from '@mui/icons-material/Person';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { useNavigate } from 'react-router-dom';
import { useAppDataProvider, type QuickFindHit } from '../../dataProvider';

const QUICK_FIND_DEBOUNCE_MS = 200;
const MIN_CHARS = 2;
const MAX_CHARS = 100;

const KIND_ICONS = { customer: BusinessIcon, legal_representative: PersonIcon, einvoice: ReceiptLongIcon };

const KIND_HEADINGS: Record<QuickFindHit['kind'], string> = {
  customer: 'Clienti',
  legal_representative: 'Legali rappresentanti',
  einvoice: 'Fatture elettroniche',
};

/** The answer shown, with the text it answers (an older answer is never shown for a newer text). */
type Answer = { q: string; data: QuickFindHit[]; error?: undefined } | { q: string; data?: undefined; error: string };

/**
 * The listbox right under the field, in the dialog's flow (not a floating popper): the class
 * keeps the Autocomplete's styles; its `position: absolute` (disablePortal) is undone here.
 */
function InlinePopper({ open, children, className }: PopperProps) {
  if (!open || typeof children === 'function') return null;
  return (
    <div className={className} style={{ position: 'static', marginTop: 8 }}>
      {children}
    </div>
  );
}

export default function QuickFindDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const titleId = useId();
  // MUI's Modal (focus trap, Esc, backdrop, focus given back on close) around a Paper with the
  // dialog's semantics (role, aria-modal, its title as name): what Dialog renders
  return (
    <Modal open={open} onClose={onClose} closeAfterTransition>
      <Fade in={open}>
        <Paper
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          elevation={24}
          sx={{
            position: 'absolute',
            top: { xs: 16, sm: '10vh' },
            left: '50%',
            transform: 'translateX(-50%)',
            width: { xs: 'calc(100% - 16px)', sm: 'calc(100% - 64px)' },
            maxWidth: 600,
            maxHeight: { xs: 'calc(100% - 32px)', sm: '80vh' },
            display: 'flex',
            flexDirection: 'column',
            outline: 0,
          }}
        >
          <Typography id={titleId} variant="h6" component="h2" sx={{ px: 3, pt: 2, pb: 1, pr: 6 }}>
            Ricerca rapida
          </Typography>
          <IconButton aria-label="Chiudi" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
            <CloseIcon />
          </IconButton>
          <Box sx={{ px: 3, pb: 2, overflowY: 'auto' }}>
            <QuickFindBox onClose={onClose} />
          </Box>
        </Paper>
      </Fade>
    </Modal>
  );
}

function QuickFindBox({ onClose }: { onClose: () => void }) {
  const dataProvider = useAppDataProvider();
  const navigate = useNavigate();
  const hintId = useId();
  const [input, setInput] = useState('');
  const [answer, setAnswer] = useState<Answer | null>(null);
  const q = input.trim();
  const searchable = q.length >= MIN_CHARS && q.length <= MAX_CHARS;

  useEffect(() => {
    if (!searchable) return undefined;
    const ctl = new AbortController();
    const timer = setTimeout(() => {
      dataProvider
        .quickFind(q, { signal: ctl.signal })
        .then((data) => setAnswer({ q, data }))
        .catch((e: unknown) => {
          if (ctl.signal.aborted) return;
          const message = e instanceof Error && e.message ? e.message : 'errore sconosciuto';
          setAnswer({ q, error: `Ricerca non riuscita: ${message}. Riprova.` });
        });
    }, QUICK_FIND_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      ctl.abort();
    };
  }, [dataProvider, q, searchable]);

  const current = answer && answer.q === q ? answer : null;
  const options = current?.data ?? [];
  const loading = searchable && !current;
  const status =
    q.length > MAX_CHARS
      ? `Scrivi al massimo ${MAX_CHARS} caratteri`
      : q.length < MIN_CHARS
        ? 'Scrivi almeno 2 caratteri: ragione sociale, partita IVA, codice fiscale, email o numero di fattura'
        : loading
          ? 'Ricerca in corso…'
          : (current?.error ??
            (options.length === 1
              ? '1 risultato'
              : options.length
                ? `${options.length} risultati`
                : 'Nessun risultato'));

  const openHit = (hit: QuickFindHit) => {
    onClose();
    navigate(hit.path);
  };

  return (
    <>
      <Autocomplete<QuickFindHit, false, false, false>
        open
        autoHighlight
        clearOnBlur={false}
        forcePopupIcon={false}
        disablePortal
        options={options}
        value={null}
        inputValue={input}
        onInputChange={(_e, v, reason) => {
          if (reason !== 'reset') setInput(v);
        }}
        onChange={(_e, hit) => {
          if (hit) openHit(hit);
        }}
        onClose={(_e, reason) => {
          if (reason === 'escape') onClose();
        }}
        filterOptions={(x) => x}
        groupBy={(o) => KIND_HEADINGS[o.kind]}
        getOptionLabel={(o) => o.title}
        getOptionKey={(o) => `${o.kind}:${o.id}`}
        isOptionEqualToValue={(a, b) => a.kind === b.kind && a.id === b.id}
        loading={loading}
        loadingText="Ricerca in corso…"
        noOptionsText={
          current?.error ? (
            <Box component="span" sx={{ color: 'error.main' }}>
              {current.error}
            </Box>
          ) : (
            status
          )
        }
        clearText="Cancella"
        closeText="Chiudi"
        openText="Apri"
        slots={{ popper: InlinePopper }}
        slotProps={{
          paper: { elevation: 0, sx: { boxShadow: 'none' } },
          listbox: { sx: { maxHeight: '60vh' } } as HTMLAttributes<HTMLUListElement>,
        }}
        renderGroup={(params) => (
          <li key={params.key} role="presentation">
            <ListSubheader
              component="div"
              id={`${hintId}-g${params.key}`}
              sx={{ lineHeight: '32px', fontWeight: 600, bgcolor: 'background.paper' }}
            >
              {params.group}
            </ListSubheader>
            <Box component="ul" role="group" aria-labelledby={`${hintId}-g${params.key}`} sx={{ p: 0 }}>
              {params.children}
            </Box>
          </li>
        )}
        renderOption={({ key, ...props }, hit) => {
          const Icon = KIND_ICONS[hit.kind];
          return (
            <Box component="li" key={key} {...props} sx={{ gap: 1.5, alignItems: 'flex-start !important' }}>
              <Icon fontSize="small" aria-hidden sx={{ color: 'text.secondary', mt: 0.25 }} />
              <Box component="span" sx={{ minWidth: 0 }}>
                <Typography component="span" variant="body2" sx={{ display: 'block', fontWeight: 500 }} noWrap>
                  {hit.title}
                </Typography>
                {hit.subtitle && (
                  <Typography
                    component="span"
                    variant="caption"
                    color="text.secondary"
                    sx={{ display: 'block' }}
                    noWrap
                  >
                    {hit.subtitle}
                  </Typography>
                )}
              </Box>
            </Box>
          );
        }}
        renderInput={({ InputProps, inputProps, InputLabelProps, ...params }) => (
          <TextField
            {...params}
            autoFocus
            label="Cerca clienti, legali rappresentanti, fatture"
            placeholder="Ragione sociale, P. IVA, codice fiscale, email, n. fattura"
            slotProps={{
              inputLabel: InputLabelProps,
              htmlInput: { ...inputProps, maxLength: MAX_CHARS + 20, 'aria-describedby': hintId, spellCheck: false },
              input: {
                ...InputProps,
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon />
                  </InputAdornment>
                ),
              },
            }}
          />
        )}
      />
      <Box id={hintId} role="status" aria-live="polite" sx={visuallyHidden}>
        {status}
      </Box>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1.5 }} aria-hidden>
        ↑ ↓ per scegliere · Invio per aprire · Esc per chiudere
      </Typography>
    </>
  );
}
