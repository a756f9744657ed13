/**
 * The saved views and the column chooser of the generic table (issue 16 item 2), loaded with the
 * first list. A saved view is react-admin's saved query (`useSavedQueries` on the list's key:
 * `list.{Model|View}[.of].savedQueries` — search, filters with the filter group's state, sort,
 * page size) plus the chosen columns; the columns are `{list key}.columns`. Both are kept on the
 * server per user (preferencesStore.tsx). A view is made to fit the list when applied, so one
 * saved by an older build never breaks the screen.
 */
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
  type FormEvent,
  type ReactNode,
} from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Divider,
  FormControlLabel,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Popover,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import BookmarkIcon from '@mui/icons-material/BookmarkBorder';
import SaveIcon from '@mui/icons-material/Save';
import DeleteIcon from '@mui/icons-material/Delete';
import ViewWeekIcon from '@mui/icons-material/ViewWeek';
import UpIcon from '@mui/icons-material/ArrowUpward';
import DownIcon from '@mui/icons-material/ArrowDownward';
import { useListContext, useNotify, useStore, useStoreContext, useTranslate } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import type { ModelDef } from '../../model/define';
import {
  fitColumns,
  listParamsToSearch,
  sanitizeListParams,
  type ColumnPrefs,
  type StoredListParams,
} from './listState';
import type { PreferencesStore } from './preferencesStore';
import type { PreferencesStatus, PreferencesSync } from './preferencesSync';

export interface ListViewsProps {
  model: ModelDef;
  /** the list's store key (`list.Customer`, `list.Customer.of`, `list.{View}`) */
  storeKey: string;
  withParent: boolean;
  /** the table's columns: the user may show, hide and move those not `fixed` (the status column; the actions column is not listed) */
  columns: Array<{ key: string; label: string; fixed?: boolean }>;
}

/** the longest name of a view, and the most views a list keeps */
export const MAX_VIEW_NAME = 80;
export const MAX_VIEWS = 50;

/** A saved view as stored: react-admin's SavedQuery with the chosen columns. */
interface StoredView {
  label: string;
  value: Record<string, unknown>;
}
const isPlain = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isView = (v: unknown): v is StoredView =>
  isPlain(v) && typeof v.label === 'string' && v.label.trim() !== '' && isPlain(v.value);

/** The stored views that are views at all (anything else is ignored and dropped with the next save). */
export const storedViews = (raw: unknown): StoredView[] => (Array.isArray(raw) ? raw.filter(isView) : []);

/** A view made to fit the list: its params as sanitizeListParams keeps them (first page), its columns if it has any. */
export function fitView(
  model: ModelDef,
  v: StoredView,
  withParent: boolean,
  declared: string[],
): { params: StoredListParams; columns?: ColumnPrefs } {
  const { filter, displayedFilters, sort, perPage, columns } = v.value;
  const s = isPlain(sort) ? sort : {};
  const { params } = sanitizeListParams(
    model,
    { filter: filter ?? {}, displayedFilters, sort: s.field, order: s.order, perPage },
    withParent,
  );
  return { params: { ...params, page: 1 }, columns: columns === undefined ? undefined : fitColumns(declared, columns) };
}

function LoadState({ status, retry }: { status: PreferencesStatus; retry: () => void }) {
  if (status === 'loading')
    return (
      <Typography role="status" variant="body2" sx={{ px: 2, py: 1 }}>
        Caricamento delle viste…
      </Typography>
    );
  if (status === 'error') {
    return (
      <Alert
        severity="error"
        sx={{ m: 1 }}
        action={
          <Button color="inherit" size="small" onClick={retry}>
            Riprova
          </Button>
        }
      >
        Impossibile caricare le viste salvate
      </Alert>
    );
  }
  return null;
}

/**
 * A tool of the table's toolbar: an icon button with its tooltip, opening a popover that is a
 * dialog headed by `heading` (its id `titleId`). `anchor` is the open popover's button (null: closed).
 */
function ToolPopover({
  label,
  icon,
  heading,
  titleId,
  width,
  anchor,
  setAnchor,
  children,
}: {
  label: string;
  icon: ReactNode;
  heading: ReactNode;
  titleId: string;
  width: number;
  anchor: HTMLElement | null;
  setAnchor: (el: HTMLElement | null) => void;
  children: ReactNode;
}) {
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          aria-label={label}
          aria-haspopup="dialog"
          aria-expanded={!!anchor}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          {icon}
        </IconButton>
      </Tooltip>
      <Popover
        open={!!anchor}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { role: 'dialog', 'aria-labelledby': titleId, sx: { width, maxWidth: '100vw' } } }}
      >
        <Typography id={titleId} variant="subtitle2" component="h2" sx={{ px: 2, pt: 1.5 }}>
          {heading}
        </Typography>
        {children}
      </Popover>
    </>
  );
}

function SavedViews({
  model,
  storeKey,
  withParent,
  columns,
  status,
  sync,
}: ListViewsProps & { status: PreferencesStatus; sync?: PreferencesSync }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const location = useLocation();
  const { filterValues, displayedFilters, sort, perPage } = useListContext();
  // the key of react-admin's useSavedQueries(storeKey), with the views' own shape
  const [saved, setSaved] = useStore<unknown>(`${storeKey}.savedQueries`, []);
  const [columnPrefs, setColumnPrefs] = useStore<unknown>(`${storeKey}.columns`);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [removing, setRemoving] = useState<string | null>(null);
  const id = useId();
  const views = storedViews(saved);
  const declared = columns.map((c) => c.key);
  const trimmed = name.trim();
  const replaces = views.some((v) => v.label === trimmed);

  const apply = (v: StoredView) => {
    setAnchor(null);
    const fit = fitView(model, v, withParent, declared);
    if (fit.columns) setColumnPrefs(fit.columns);
    // the list starts afresh (GenericList): marked with the key of the page it is applied on, new each time
    navigate(
      { pathname: location.pathname, search: listParamsToSearch(fit.params) },
      { state: { savedView: location.key } },
    );
  };
  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!trimmed) return;
    if (!replaces && views.length >= MAX_VIEWS) {
      notify(`Al massimo ${MAX_VIEWS} viste per tabella: eliminane una prima di salvarne un'altra`, { type: 'error' });
      return;
    }
    const value = { filter: filterValues, displayedFilters, sort, perPage, columns: fitColumns(declared, columnPrefs) };
    setSaved([...views.filter((v) => v.label !== trimmed), { label: trimmed, value }]);
    setNaming(false);
    setName('');
    // sent at once; a failure is told by the store's listener
    if (!sync || (await sync.flush())) notify(`Vista "${trimmed}" salvata`, { type: 'info' });
  };
  const remove = async () => {
    setSaved(views.filter((v) => v.label !== removing));
    setRemoving(null);
    if (!sync || (await sync.flush())) notify(`Vista "${removing}" eliminata`, { type: 'info' });
  };

  return (
    <>
      {/* an icon like the toolbar's other tools: with 'Importa' and 'Nuovo' the toolbar stays on one line at 1400 px */}
      <ToolPopover
        label={translate('ra.saved_queries.label')}
        icon={<BookmarkIcon />}
        heading={translate('ra.saved_queries.label')}
        titleId={`${id}-title`}
        width={340}
        anchor={anchor}
        setAnchor={setAnchor}
      >
        <LoadState status={status} retry={() => sync?.load()} />
        {status === 'ready' &&
          (views.length ? (
            <List dense aria-labelledby={`${id}-title`}>
              {views.map((v, i) => (
                <ListItem
                  key={v.label}
                  disablePadding
                  secondaryAction={
                    <IconButton
                      edge="end"
                      size="small"
                      aria-label={translate('ra.saved_queries.remove_label_with_name', { name: v.label })}
                      onClick={() => setRemoving(v.label)}
                    >
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  }
                >
                  <ListItemButton autoFocus={i === 0} onClick={() => apply(v)}>
                    <ListItemText primary={v.label} />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          ) : (
            <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }}>
              {translate('ra.saved_queries.help')}
            </Typography>
          ))}
        <Divider />
        <Box sx={{ p: 1 }}>
          <Button
            size="small"
            startIcon={<SaveIcon />}
            disabled={status !== 'ready'}
            onClick={() => {
              setAnchor(null);
              setNaming(true);
            }}
          >
            {translate('ra.saved_queries.new_label')}
          </Button>
        </Box>
      </ToolPopover>
      <Dialog open={naming} onClose={() => setNaming(false)} aria-labelledby={`${id}-new`} fullWidth maxWidth="xs">
        <form onSubmit={save} noValidate>
          <DialogTitle id={`${id}-new`}>{translate('ra.saved_queries.new_dialog_title')}</DialogTitle>
          <DialogContent>
            <DialogContentText variant="body2" sx={{ mb: 1 }}>
              Ricerca, filtri, ordinamento e colonne di questa tabella.
            </DialogContentText>
            <TextField
              autoFocus
              fullWidth
              margin="dense"
              label={translate('ra.saved_queries.query_name')}
              value={name}
              required
              onChange={(e) => setName(e.target.value.slice(0, MAX_VIEW_NAME))}
              helperText={replaces ? 'Esiste già una vista con questo nome: sarà sostituita' : ' '}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setNaming(false)}>Annulla</Button>
            <Button type="submit" variant="contained" disabled={!trimmed}>
              Salva
            </Button>
          </DialogActions>
        </form>
      </Dialog>
      <Dialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        aria-labelledby={`${id}-rm`}
        aria-describedby={`${id}-rm-text`}
      >
        <DialogTitle id={`${id}-rm`}>{translate('ra.saved_queries.remove_dialog_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText id={`${id}-rm-text`}>
            {translate('ra.saved_queries.remove_message')} ({removing})
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRemoving(null)}>Annulla</Button>
          <Button variant="contained" color="error" onClick={remove}>
            Elimina
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

function Columns({ storeKey, columns }: Pick<ListViewsProps, 'storeKey' | 'columns'>) {
  const translate = useTranslate();
  const [prefs, setPrefs] = useStore<unknown>(`${storeKey}.columns`);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement | null>());
  const id = useId();
  const { order, hidden } = fitColumns(
    columns.map((c) => c.key),
    prefs,
  );
  const labelOf = (k: string) => columns.find((c) => c.key === k)?.label ?? k;
  const shown = order.length - hidden.length;
  const toggle = (k: string) =>
    setPrefs({ order, hidden: hidden.includes(k) ? hidden.filter((h) => h !== k) : [...hidden, k] });
  const move = (i: number, by: -1 | 1) => {
    const j = i + by;
    if (j < 0 || j >= order.length) return;
    const next = [...order];
    [next[i], next[j]] = [next[j]!, next[i]!];
    setPrefs({ order: next, hidden });
    // at either end the arrow just used does nothing more: the keyboard goes on from the other one
    if (j === 0 || j === order.length - 1)
      requestAnimationFrame(() => buttons.current.get(`${order[i]}:${j === 0 ? 1 : -1}`)?.focus());
  };
  const arrow = (k: string, i: number, by: -1 | 1) => {
    const end = by < 0 ? i === 0 : i === order.length - 1;
    return (
      <IconButton
        size="small"
        ref={(el) => {
          buttons.current.set(`${k}:${by}`, el);
        }}
        aria-label={`${by < 0 ? 'Sposta su' : 'Sposta giù'}: ${labelOf(k)}`}
        aria-disabled={end || undefined}
        sx={end ? { opacity: 0.38 } : undefined}
        onClick={() => move(i, by)}
      >
        {by < 0 ? <UpIcon fontSize="small" /> : <DownIcon fontSize="small" />}
      </IconButton>
    );
  };
  if (columns.length < 2) return null;
  return (
    <>
      <ToolPopover
        label={translate('ra.action.select_columns')}
        icon={<ViewWeekIcon />}
        heading="Colonne della tabella"
        titleId={`${id}-title`}
        width={360}
        anchor={anchor}
        setAnchor={setAnchor}
      >
        <Typography variant="caption" color="text.secondary" sx={{ px: 2, display: 'block' }}>
          Stato e azioni restano sempre visibili.
        </Typography>
        <List dense aria-labelledby={`${id}-title`}>
          {order.map((k, i) => {
            const visible = !hidden.includes(k);
            return (
              <ListItem
                key={k}
                sx={{ py: 0 }}
                secondaryAction={
                  <>
                    {arrow(k, i, -1)}
                    {arrow(k, i, 1)}
                  </>
                }
              >
                <FormControlLabel
                  label={labelOf(k)}
                  sx={{ mr: 9 }}
                  control={
                    // the last column shown stays shown
                    <Checkbox
                      size="small"
                      checked={visible}
                      disabled={visible && shown === 1}
                      onChange={() => toggle(k)}
                    />
                  }
                />
              </ListItem>
            );
          })}
        </List>
        <Divider />
        <Box sx={{ p: 1 }}>
          <Button size="small" onClick={() => setPrefs(undefined)}>
            Ripristina le colonne predefinite
          </Button>
        </Box>
      </ToolPopover>
    </>
  );
}

export default function ListViews({ columns, ...props }: ListViewsProps) {
  const free = columns.filter((c) => !c.fixed);
  const store = useStoreContext() as Partial<PreferencesStore>;
  const notify = useNotify();
  const [sync, setSync] = useState<PreferencesSync>();
  useEffect(() => {
    let live = true;
    void store.sync?.().then((s) => live && setSync(s));
    return () => {
      live = false;
    };
  }, [store]);
  // the views and columns that could not be saved are told by the list shown
  useEffect(() => sync?.onError((message) => notify(message, { type: 'error' })), [sync, notify]);
  // whether the user's views are loaded (a store without a server side is always ready)
  const subscribe = useCallback((cb: () => void) => sync?.listen(cb) ?? (() => undefined), [sync]);
  const status = useSyncExternalStore(subscribe, () => (store.sync ? (sync?.status() ?? 'loading') : 'ready'));
  return (
    <>
      <SavedViews {...props} columns={free} status={status} sync={sync} />
      <Columns storeKey={props.storeKey} columns={free} />
    </>
  );
}
