/**
 * The generic list table, built once from a model declaration: title 'Gestione {plural}',
 * search on Enter, trash toggle, refresh, new, CSV export, print, bulk delete, select-all
 * across pages, status column, row actions, item abilities from item_meta_data.
 */
import {
  Component,
  forwardRef,
  startTransition,
  Suspense,
  useEffect,
  useRef,
  useState,
  type ErrorInfo,
  type KeyboardEvent,
  type ReactElement,
  type ReactNode,
  type RefObject,
} from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  IconButton,
  CircularProgress,
  InputAdornment,
  Menu,
  MenuItem,
  Switch,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import RefreshIcon from '@mui/icons-material/Refresh';
import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import PrintIcon from '@mui/icons-material/Print';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import SelectAllIcon from '@mui/icons-material/SelectAll';
import {
  BulkDeleteButton,
  Datagrid,
  DatagridBody,
  List,
  Pagination,
  type DatagridBodyProps,
  WrapperField,
  useCreatePath,
  useListContext,
  useNotify,
  useRecordContext,
  useRefresh,
  useRemoveFromStore,
  useResourceContext,
  useStore,
  TopToolbar,
} from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { saveAs } from 'file-saver';
import type { ListView, ModelDef } from '../../model/define';
import { useAppDataProvider, ItemMetaData } from '../dataProvider';
import { TooltipIconButton } from '../layout/TooltipIconButton';
import { StatusCell, ValueCell } from './cells';
import { CsvDialog } from './CsvDialog';
import { useQueryFilter } from './queryFilter';
import { FilterGroup } from './FilterGroup';
import { partsOf } from '../resources/parts';
import {
  DEFAULT_PAGE_SIZE,
  PAGE_SIZES,
  defaultListFilter,
  fitColumns,
  listParamsFromSearch,
  listParamsToSearch,
  sanitizeListParams,
} from './listState';
import { ErrorContent } from '../pages/ErrorPage';
import { PageTitle } from '../layout/PageTitle';
import SettingsIcon from '@mui/icons-material/Settings';
import { useBackOnSave, useOpenInNewTab } from '../layout/prefs';
import { useFeatures, type Feature } from '../layout/features';
import { lazyPreloadable } from '../lazyPreloadable';
// the saved views and the column chooser are not in the first load: they are fetched once the app
// is idle (preloadListParts, called by the layout), so that opening a list does not wait for them
// (nor suspend: preloaded, they render with the list at once)
const ListViews = lazyPreloadable(() => import('./ListViews'));

/** Fetches, while the app is idle, the parts every list shows (not in the first load). */
export function preloadListParts() {
  void ListViews.preload();
}

/**
 * Rows painted at once when a page of the table is shown (the rest of the page follows): as many
 * as the window can show — the table's first row is at least 200 px down and a row is at least
 * 40 px high (46 px in the app's theme) — from 10 to 60. 900 px: 18 rows (11 are on screen);
 * 1080 px: 22 (15 on screen). Each row painted at once costs 3–4 ms before the first is seen on a
 * 2-core machine (bench/ui.ts: 30 rows at once, the list's first row in 286 ms; 10 rows, 210 ms).
 */
export const firstRowsFor = (viewportHeight: number) =>
  Math.min(60, Math.max(10, Math.ceil((viewportHeight - 200) / 40)));

/**
 * The table's body: when the table is opened its first rows (firstRowsFor) are painted at once and
 * the rest of the page (seed A's default 200, up to 500 rows) is rendered right after, in the
 * background (a transition: interruptible, the page stays responsive). The table shows its first
 * screenful without waiting for rows below it. Later changes (a search, another page) render
 * every row at once, as before: no stale rows are left on screen meanwhile.
 */
const ProgressiveBody = forwardRef<HTMLTableSectionElement, DatagridBodyProps>(({ data = [], ...rest }, ref) => {
  const [whole, setWhole] = useState(false);
  const [first] = useState(() => firstRowsFor(window.innerHeight));
  const cut = !whole && data.length > first;
  useEffect(() => {
    if (cut) startTransition(() => setWhole(true));
  }, [cut]);
  return <DatagridBody ref={ref} data={cut ? data.slice(0, first) : data} {...rest} />;
});
ProgressiveBody.displayName = 'ProgressiveBody';

const useItemMeta = (): ItemMetaData | undefined =>
  (useListContext().meta as { item_meta_data?: ItemMetaData } | undefined)?.item_meta_data;

/** A named view of the model's list being shown (`/table/{View}`), if any. */
export interface ViewRef {
  name: string;
  view: ListView;
}

/** A column of the table: the status column is `fixed` (always shown, in its declared place). */
export interface TableColumn {
  key: string;
  label: string;
  fixed?: boolean;
  node: ReactElement;
}

/** The table's columns as declared: the model's (or the view's) whose feature is on, then the parts' ones. */
function declaredColumns(
  model: ModelDef,
  on: (f: Feature | undefined) => boolean,
  view?: ViewRef,
  parentId?: string,
): TableColumn[] {
  const cols: TableColumn[] = [];
  for (const c of view?.view.columns ?? model.list.columns) {
    const fd = model.fields[c];
    if (!fd || !on(fd.feature)) continue;
    // one parent's list (a customer's statement): its column would repeat the parent on every row,
    // and the room goes to the columns after it (issue 45 item 18: 'Da incassare' was clipped at 1400 px)
    if (parentId && c === model.list.parentField) continue;
    if (model.list.status?.field === c) {
      const label = model.list.status.label ?? 'Stato';
      cols.push({
        key: c,
        label,
        fixed: true,
        node: <StatusCell key={c} label={label} status={model.list.status} />,
      });
    } else
      cols.push({
        key: c,
        label: fd.label,
        node: <ValueCell key={c} name={c} fd={fd} label={fd.label} sortBy={c} sortable={fd.sortable !== false} />,
      });
  }
  for (const { key, label, Cell, withParent } of partsOf(model.name).listColumns ?? []) {
    if (!withParent || parentId)
      cols.push({
        key,
        label,
        node: (
          <WrapperField key={key} label={label} textAlign="right">
            <Cell parentId={parentId} />
          </WrapperField>
        ),
      });
  }
  return cols;
}

/** The columns in the user's order without the hidden ones (`pref`: `{list key}.columns`); the fixed ones keep their place. */
function arrangeColumns(cols: TableColumn[], pref: unknown): TableColumn[] {
  const free = cols.filter((c) => !c.fixed);
  const { order, hidden } = fitColumns(
    free.map((c) => c.key),
    pref,
  );
  const out = order.filter((k) => !hidden.includes(k)).map((k) => free.find((c) => c.key === k)!);
  cols.forEach((c, i) => {
    if (c.fixed) out.splice(Math.min(i, out.length), 0, c);
  });
  return out;
}

function SearchBox() {
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const [text, setText] = useState<string>(filterValues.q ?? '');
  const run = () => setFilters({ ...filterValues, q: text.trim() || undefined }, displayedFilters, false);
  return (
    <TextField
      size="small"
      label="Cerca"
      value={text}
      sx={{ width: { xs: '100%', sm: 320 } }}
      onChange={(e) => setText(e.target.value)}
      onKeyDown={(e: KeyboardEvent) => {
        if (e.key === 'Enter') run();
      }}
      inputProps={{ 'aria-label': 'Cerca (premi Invio)' }}
      InputProps={{
        endAdornment: (
          <InputAdornment position="end">
            <IconButton aria-label="Avvia ricerca" onClick={run} size="small">
              <SearchIcon />
            </IconButton>
          </InputAdornment>
        ),
      }}
    />
  );
}

function TrashToggle() {
  const { filterValues, setFilters, displayedFilters } = useListContext();
  return (
    // no negative margin: on a narrow window the switch wraps to the toolbar's left edge and would be clipped
    <FormControlLabel
      label="Mostra cestinati"
      sx={{ ml: 0, mr: 0 }}
      control={
        <Switch
          checked={!!filterValues.with_trashed}
          onChange={(e) =>
            setFilters({ ...filterValues, with_trashed: e.target.checked ? 1 : undefined }, displayedFilters, false)
          }
        />
      }
    />
  );
}

function ListActions({
  model,
  view,
  storeKey,
  withParent,
  columns,
}: {
  model: ModelDef;
  view?: ViewRef;
  storeKey: string;
  withParent: boolean;
  columns: TableColumn[];
}) {
  const meta = useItemMeta();
  const refresh = useRefresh();
  const navigate = useNavigate();
  const createPath = useCreatePath();
  const notify = useNotify();
  const dp = useAppDataProvider();
  const { sort } = useListContext();
  const filter = useQueryFilter();
  const [csvOpen, setCsvOpen] = useState(false);
  const readOnly = !!view?.view.readOnly;
  const { listActions: Extra } = partsOf(model.name);
  const print = async () => {
    try {
      const { blob, filename } = await dp.print(model.name, { filter, sort });
      saveAs(blob, filename);
    } catch (e) {
      notify(`Errore nel caricamento dati ${(e as Error).message}`, { type: 'error' });
    }
  };
  return (
    <TopToolbar sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, justifyContent: 'flex-start', width: '100%' }}>
      <SearchBox />
      {!readOnly && <TrashToggle />}
      <TooltipIconButton title="Aggiorna" onClick={() => refresh()}>
        <RefreshIcon />
      </TooltipIconButton>
      <TooltipIconButton title="Esporta CSV" onClick={() => setCsvOpen(true)}>
        <DownloadIcon />
      </TooltipIconButton>
      <TooltipIconButton title="Stampa" onClick={print}>
        <PrintIcon />
      </TooltipIconButton>
      <Suspense fallback={null}>
        <ListViews model={model} storeKey={storeKey} withParent={withParent} columns={columns} />
      </Suspense>
      <SettingsMenu />
      {Extra && !view && <Extra model={model} />}
      {meta?.can_add_new !== false && !readOnly && (
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => navigate(createPath({ resource: model.name, type: 'create' }))}
        >
          Nuovo
        </Button>
      )}
      {csvOpen && (
        <CsvDialog model={model} columns={view?.view.columns} open={csvOpen} onClose={() => setCsvOpen(false)} />
      )}
    </TopToolbar>
  );
}

function SelectAllButton({ model }: { model: ModelDef }) {
  const { sort, onSelect, total } = useListContext();
  const filter = useQueryFilter();
  const dp = useAppDataProvider();
  const notify = useNotify();
  return (
    <Button
      size="small"
      startIcon={<SelectAllIcon />}
      onClick={async () => {
        try {
          onSelect(await dp.selectAllIds(model.name, { filter, sort }));
        } catch {
          notify('Errore nel caricamento dati [select all]', { type: 'error' });
        }
      }}
    >
      Seleziona tutti ({total})
    </Button>
  );
}

function BulkActions({ model, readOnly }: { model: ModelDef; readOnly?: boolean }) {
  const meta = useItemMeta();
  const notify = useNotify();
  const refresh = useRefresh();
  // the selected rows of the page as shown: a trashed one's version lets the server delete it forever
  const { data, selectedIds } = useListContext();
  const records = (data ?? []).filter((r) => selectedIds.includes(r.id));
  return (
    <>
      <SelectAllButton model={model} />
      {/* force_delete=auto trashes active rows: reload the page (with the trash shown they stay, as trashed) */}
      {meta?.is_erasable !== false && !readOnly && (
        <BulkDeleteButton
          mutationMode="pessimistic"
          label="Elimina"
          mutationOptions={{
            meta: { records },
            onError: (e: unknown) =>
              notify(`Errore nel eliminazione dati${(e as Error)?.message ? `: ${(e as Error).message}` : ''}`, {
                type: 'error',
              }),
            onSettled: () => refresh(),
          }}
        />
      )}
    </>
  );
}

/** Row actions: trash (active rows), restore and delete forever (trashed rows). */
function RowMenu({ model }: { model: ModelDef; label?: string }) {
  const record = useRecordContext();
  const meta = useItemMeta();
  const dp = useAppDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // the menu is mounted once it is first opened, not with each of the page's rows
  const [used, setUsed] = useState(false);
  const [busy, setBusy] = useState(false);
  const { rowActions: Extra } = partsOf(model.name);
  if (!record) return null;
  const erasable = meta?.items?.[String(record.id)]?.is_erasable ?? meta?.is_erasable ?? true;
  // one action at a time: the row's menu stays disabled while its delete or restore is in flight
  const act = async (fn: () => Promise<unknown>, error: string, ok: string) => {
    setAnchor(null);
    if (busy) return;
    setBusy(true);
    try {
      await fn();
      notify(ok, { type: 'info' });
      refresh();
    } catch (e) {
      notify(`${error}${(e as Error).message ? `: ${(e as Error).message}` : ''}`, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <IconButton
        aria-label={`Azioni riga ${record.id}`}
        size="small"
        disabled={busy}
        onClick={(e) => {
          e.stopPropagation();
          setUsed(true);
          setAnchor(e.currentTarget);
        }}
      >
        <MoreVertIcon />
      </IconButton>
      {used && (
        <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)} onClick={(e) => e.stopPropagation()}>
          {Extra && !record.trashed && <Extra model={model} record={record} close={() => setAnchor(null)} />}
          {!record.trashed && erasable && (
            <MenuItem
              onClick={() =>
                act(
                  () => dp.delete(model.name, { id: record.id, previousData: record }),
                  'Errore nel eliminazione dati',
                  'Elemento spostato nel cestino',
                )
              }
            >
              Cestina
            </MenuItem>
          )}
          {record.trashed && (
            <MenuItem
              onClick={() =>
                act(
                  () => dp.restore(model.name, { id: record.id, updated_at: record.updated_at }),
                  "Errore nel ripristino dell'elemento",
                  'Elemento ripristinato',
                )
              }
            >
              Ripristina
            </MenuItem>
          )}
          {record.trashed && erasable && (
            <MenuItem
              onClick={() =>
                act(
                  () => dp.delete(model.name, { id: record.id, previousData: record }),
                  'Errore nel eliminazione dati',
                  'Elemento eliminato definitivamente',
                )
              }
            >
              Elimina definitivamente
            </MenuItem>
          )}
        </Menu>
      )}
    </>
  );
}

/** A button per row opening a path built from the row (e.g. 'Estratto Conto'). */
function RowLink({ link }: { link: { label: string; path: string } }) {
  const record = useRecordContext();
  const navigate = useNavigate();
  if (!record) return null;
  return (
    <Button
      size="small"
      variant="outlined"
      sx={{ whiteSpace: 'nowrap' }}
      onClick={(e) => {
        e.stopPropagation();
        navigate(link.path.replace(':id', String(record.id)));
      }}
    >
      {link.label}
    </Button>
  );
}

/** The actions column (row links and row menu), kept in view at the right edge of the table. */
function RowActions({
  model,
  readOnly,
}: {
  model: ModelDef;
  readOnly?: boolean;
  label?: string;
  cellClassName?: string;
  headerClassName?: string;
}) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 0.5 }}>
      {(model.list.rowLinks ?? []).map((l) => (
        <RowLink key={l.label} link={l} />
      ))}
      {!readOnly && <RowMenu model={model} />}
    </Box>
  );
}

/** A preference of the settings menu: an item with its switch. */
function SwitchItem({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <MenuItem>
      <FormControlLabel
        label={label}
        control={<Switch checked={checked} onChange={(e) => onChange(e.target.checked)} />}
      />
    </MenuItem>
  );
}

/** Personal settings of the tables and forms, kept in local storage. */
function SettingsMenu() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [newTab, setNewTab] = useOpenInNewTab();
  const [back, setBack] = useBackOnSave();
  return (
    <>
      <Tooltip title="Impostazioni">
        <IconButton aria-label="Impostazioni della tabella" onClick={(e) => setAnchor(e.currentTarget)}>
          <SettingsIcon />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        <SwitchItem label="Apri le schede in una nuova finestra" checked={newTab} onChange={setNewTab} />
        <SwitchItem label="Torna indietro dopo il salvataggio" checked={back} onChange={setBack} />
      </Menu>
    </>
  );
}

function Expand({ field }: { field: string }) {
  const record = useRecordContext();
  return (
    <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', p: 1 }}>
      {String(record?.[field] ?? '') || 'Nessuna nota'}
    </Typography>
  );
}

/**
 * Accessibility fixes of react-admin's Datagrid DOM, kept applied as rows render:
 * - the row checkboxes' aria-label sits on MUI's wrapper span, leaving the input unlabelled
 *   (axe: label, aria-prohibited-attr): move the label onto the input;
 * - the expand chevron is `aria-hidden` with `tabindex=-1`: make it a named button reachable by
 *   keyboard (MUI's ButtonBase already handles Enter and Space on it).
 */
function useDatagridA11y(ref: RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const set = (el: Element, name: string, value: string) => {
      if (el.getAttribute(name) !== value) el.setAttribute(name, value);
    };
    const fix = () => {
      root.querySelectorAll<HTMLElement>('.select-item[aria-label], .select-all[aria-label]').forEach((span) => {
        const input = span.querySelector('input');
        if (!input) return;
        input.setAttribute('aria-label', span.getAttribute('aria-label')!);
        span.removeAttribute('aria-label');
      });
      root.querySelectorAll<HTMLElement>('.RaDatagrid-expandIcon').forEach((btn) => {
        if (btn.hasAttribute('aria-hidden')) btn.removeAttribute('aria-hidden');
        set(btn, 'tabindex', '0');
        set(btn, 'role', 'button');
        set(
          btn,
          'aria-label',
          btn.getAttribute('aria-expanded') === 'true' ? 'Nascondi dettagli della riga' : 'Mostra dettagli della riga',
        );
      });
    };
    fix();
    const obs = new MutationObserver(fix);
    obs.observe(root, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-label', 'aria-hidden', 'tabindex', 'aria-expanded'],
    });
    return () => obs.disconnect();
  }, [ref]);
}

/**
 * The table scrolls inside itself (seed A §9: height 500, more when the window has room), with
 * its sticky header and the bulk-actions bar above it in view; the actions column stays at the
 * right edge when the columns are wider than the page.
 */
const TABLE_MAX_HEIGHT = 'max(500px, calc(100vh - 330px))';
const DATAGRID_SX = {
  // a control reached by Tab scrolls clear of the sticky header and actions column (WCAG 2.4.11)
  '& .RaDatagrid-tableWrapper': { overflow: 'auto', maxHeight: TABLE_MAX_HEIGHT, scrollPadding: '48px 240px 0 0' },
  '& td.gs-actions, & th.gs-actions': {
    position: 'sticky',
    right: 0,
    bgcolor: 'background.paper',
    boxShadow: '-1px 0 0 rgba(0,0,0,0.12)',
  },
  '& th.gs-actions': { zIndex: 3 },
  '& td.gs-actions': { zIndex: 1 },
} as const;

/**
 * The resource's own bulk actions (the customers' toolbar has many), in a bar of their own above
 * the table while rows are selected: it wraps on narrow screens, and react-admin's toolbar keeps
 * the generic 'Seleziona tutti' and 'Elimina' in view.
 */
function SelectionActions({ model, partsName }: { model: ModelDef; partsName: string }) {
  const { selectedIds } = useListContext();
  const { bulkActions: Extra } = partsOf(partsName);
  if (!Extra || !selectedIds.length) return null;
  return (
    <Box
      role="toolbar"
      aria-label={`Azioni sui ${selectedIds.length} elementi selezionati`}
      // react-admin's own toolbar (48 px) slides over the space just above the table: this bar sits above that space
      // the actions' labels as written (not capitalised), easier to scan
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 0.5,
        px: 1,
        py: 0.5,
        mb: 6.5,
        bgcolor: 'action.hover',
        borderRadius: 1,
        '& .MuiButton-root': { textTransform: 'none' },
      }}
    >
      {/* a resource's actions may be loaded with the first selection (not with the app) */}
      {/* the placeholder is a small button like the actions' own: the bar keeps its height when they
          arrive, and the rows below do not move under a pointer about to tick the next one */}
      <Suspense
        fallback={
          <Button
            size="small"
            disabled
            startIcon={<CircularProgress size={14} aria-label="Caricamento delle azioni" />}
          >
            Azioni…
          </Button>
        }
      >
        <Extra model={model} />
      </Suspense>
    </Box>
  );
}

function ModelDatagrid({
  model,
  view,
  storeKey,
  columns,
}: {
  model: ModelDef;
  view?: ViewRef;
  storeKey: string;
  columns: TableColumn[];
}) {
  const gridRef = useRef<HTMLDivElement>(null);
  const [columnPrefs] = useStore<unknown>(`${storeKey}.columns`);
  useDatagridA11y(gridRef);
  const meta = useItemMeta();
  const resource = useResourceContext();
  const createPath = useCreatePath();
  const navigate = useNavigate();
  const dp = useAppDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const [restoreAsk, setRestoreAsk] = useState<{ id: string | number; updated_at: unknown } | null>(null);
  const [newTab] = useOpenInNewTab();
  const readOnly = !!view?.view.readOnly;
  const open = (id: string | number) => {
    // a view's own row page (not a record's form, seed A's 'scheda') opens in place
    if (view?.view.rowPath) {
      navigate(view.view.rowPath.replace(':id', encodeURIComponent(String(id))));
      return;
    }
    const path = createPath({ resource: resource ?? model.name, type: 'edit', id });
    if (newTab) window.open(path, '_blank', 'noopener');
    else navigate(path);
  };
  const expandField = meta?.expand_field ?? model.list.expandField;
  return (
    <div ref={gridRef}>
      <Datagrid
        size="small"
        bulkActionButtons={meta?.is_selectable === false ? false : <BulkActions model={model} readOnly={readOnly} />}
        isRowSelectable={(r) => meta?.items?.[String(r.id)]?.is_selectable ?? meta?.is_selectable ?? true}
        rowClick={(id, _res, record) => {
          if (meta?.items?.[String(id)]?.disable_edit_item ?? meta?.disable_edit_item) return false;
          if (record.trashed) setRestoreAsk({ id, updated_at: record.updated_at });
          else open(id);
          return false;
        }}
        rowSx={(r) => (r.trashed ? { bgcolor: 'action.selected', fontStyle: 'italic' } : {})}
        sx={DATAGRID_SX}
        body={ProgressiveBody}
        expand={expandField ? <Expand field={expandField} /> : undefined}
      >
        {arrangeColumns(columns, columnPrefs).map((c) => c.node)}
        {!model.list.status && !readOnly && <StatusCell label="Stato" />}
        <RowActions
          model={model}
          readOnly={readOnly}
          label="Azioni"
          cellClassName="gs-actions"
          headerClassName="gs-actions"
        />
      </Datagrid>
      <Dialog open={!!restoreAsk} onClose={() => setRestoreAsk(null)} aria-labelledby="restore-title">
        <DialogTitle id="restore-title">Elemento cestinato</DialogTitle>
        <DialogContent>
          <DialogContentText>L'elemento è nel cestino: vuoi ripristinarlo per aprirlo?</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRestoreAsk(null)}>Annulla</Button>
          <Button
            variant="contained"
            onClick={async () => {
              const { id, updated_at } = restoreAsk!;
              setRestoreAsk(null);
              try {
                await dp.restore(model.name, { id, updated_at });
                notify('Elemento ripristinato', { type: 'info' });
                refresh();
                open(id);
              } catch {
                notify("Errore nel ripristino dell'elemento", { type: 'error' });
              }
            }}
          >
            Ripristina
          </Button>
        </DialogActions>
      </Dialog>
    </div>
  );
}

/**
 * The react-admin store key of a model's list params (`RaStore.list.{Model}` in local storage);
 * one parent's rows and each view keep their own.
 */
export const listStoreKey = (model: ModelDef, ofParent = false, view?: string) =>
  `list.${view ?? model.name}${ofParent ? '.of' : ''}`;

/**
 * Validates the stored list state and the one in the URL before the list reads them; a state
 * that does not fit is rewritten (what fits is kept, the rest takes the defaults). Returns
 * false until both fit.
 */
function useFittingListState(model: ModelDef, storeKey: string, withParent: boolean): boolean {
  const [stored, setStored] = useStore<unknown>(storeKey);
  const location = useLocation();
  const navigate = useNavigate();
  const fromUrl = listParamsFromSearch(location.search);
  const urlCheck = Object.keys(fromUrl).length ? sanitizeListParams(model, fromUrl, withParent) : null;
  const storeCheck = stored !== undefined ? sanitizeListParams(model, stored, withParent) : null;
  const fits = !urlCheck?.changed && !storeCheck?.changed;
  useEffect(() => {
    if (storeCheck?.changed) setStored(storeCheck.params);
    if (urlCheck?.changed)
      navigate({ pathname: location.pathname, search: listParamsToSearch(urlCheck.params) }, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fits, location.search, stored]);
  return fits;
}

/**
 * Last line of defence: a list that fails to render forgets its stored state and tries once
 * more with the defaults; a second failure shows the Italian error page inside the layout.
 */
class ListErrorBoundary extends Component<
  { onReset: () => void; children: ReactNode },
  { error: Error | null; retried: boolean }
> {
  state = { error: null as Error | null, retried: false };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  componentDidCatch(error: Error, info: ErrorInfo) {
    console.warn('list reset after a render error', error, info.componentStack);
    if (!this.state.retried) {
      this.props.onReset();
      this.setState({ error: null, retried: true });
    }
  }
  render() {
    if (this.state.error)
      return (
        <ErrorContent message="Impossibile mostrare la tabella. Ricarica la pagina; se il problema persiste contatta l'assistenza." />
      );
    return this.props.children;
  }
}

function ListScreen({
  model,
  parentId,
  view,
  storeKey,
}: {
  model: ModelDef;
  parentId?: string;
  view?: ViewRef;
  storeKey: string;
}) {
  const notify = useNotify();
  const parent =
    parentId && model.list.parentField ? { __parent: { name: model.list.parentField, id: parentId } } : undefined;
  const fixed = view
    ? { __fixed: view.view.fixedFilters, ...(view.view.collection ? { collection: view.view.collection } : {}) }
    : undefined;
  const title = view?.view.title ?? `Gestione ${model.plural}`;
  // a view has its own parts (its bulk actions), not the model's
  const partsName = view?.name ?? model.name;
  const { listHeader: Header, listTitle: ListTitle } = partsOf(partsName);
  const { on } = useFeatures();
  const columns = declaredColumns(model, on, view, parent ? parentId : undefined);
  return (
    <List
      resource={model.name}
      title={
        ListTitle ? (
          <ListTitle model={model} parentId={parent ? parentId : undefined} fallback={title} />
        ) : (
          <PageTitle title={title} />
        )
      }
      perPage={DEFAULT_PAGE_SIZE}
      sort={
        model.list.sort ? { field: model.list.sort.field, order: model.list.sort.desc ? 'DESC' : 'ASC' } : undefined
      }
      filterDefaultValues={defaultListFilter(model, !!parent)}
      filter={parent || fixed ? { ...parent, ...fixed } : undefined}
      actions={<ListActions model={model} view={view} storeKey={storeKey} withParent={!!parent} columns={columns} />}
      pagination={<Pagination rowsPerPageOptions={[...PAGE_SIZES]} />}
      queryOptions={{ onError: (e: Error) => notify(`Errore nel caricamento dati ${e.message}`, { type: 'error' }) }}
      disableSyncWithLocation={false}
      // one parent's list (a customer's statement) keeps its own state, apart from the full list
      storeKey={storeKey}
      empty={false}
      sx={{ minWidth: 0, maxWidth: '100%', '& .RaList-main': { minWidth: 0 }, '& .RaList-content': { minWidth: 0 } }}
    >
      {Header && <Header model={model} parentId={parent ? parentId : undefined} />}
      <FilterGroup model={model} withParent={!!parent} />
      <SelectionActions model={model} partsName={partsName} />
      <ModelDatagrid model={model} view={view} storeKey={storeKey} columns={columns} />
    </List>
  );
}

export function GenericList({ model, parentId, view }: { model: ModelDef; parentId?: string; view?: ViewRef }) {
  const withParent = !!(parentId && model.list.parentField);
  const storeKey = listStoreKey(model, withParent, view?.name);
  const fits = useFittingListState(model, storeKey, withParent);
  const removeFromStore = useRemoveFromStore();
  const navigate = useNavigate();
  const location = useLocation();
  // a saved view applied (ListViews.tsx) starts the list afresh from its params: the search box
  // and the filter group read them when they mount
  const applied = (location.state as { savedView?: string } | null)?.savedView;
  const [shown, setShown] = useState(applied);
  if (applied !== undefined && applied !== shown) setShown(applied);
  if (!fits) return null;
  return (
    <ListErrorBoundary
      onReset={() => {
        removeFromStore(storeKey);
        navigate({ pathname: location.pathname, search: '' }, { replace: true });
      }}
    >
      <ListScreen key={shown} model={model} parentId={parentId} view={view} storeKey={storeKey} />
    </ListErrorBoundary>
  );
}
