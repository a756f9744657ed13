/**
 * The collapsible filter group of the generic table: combo-box, toggle and date-interval
 * filters from the model declaration, joined with AND or OR (the search mode toggle).
 * Emits the seeds' filter objects `{name, type, val, glue}` as the list's `filters` value.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Autocomplete,
  Box,
  Button,
  FormControl,
  FormLabel,
  Grid,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
  Alert,
} from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useListContext, useStore } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import type { ListFilter, ModelDef } from '../../model/define';
import { modelByName } from '../../model/registry';
import {
  decodeFilterState,
  encodeFilterState,
  filterSpecs,
  groupFiltersOf,
  initialFilterState,
  type FilterState,
} from './listState';
import { dataProvider } from '../dataProvider';
import { DateTextField } from '../form/DateInput';

export const INTERVAL_ERROR = 'La data di inizio intervallo è maggiore di quella di fine';

type Option = { id: string | number; label: string };

function useOptions(f: Extract<ListFilter, { kind: 'combo' }>) {
  return useQuery({
    queryKey: ['filter-options', f.endpoint ?? `${f.model}/${f.collection}`],
    queryFn: async ({ signal }): Promise<Option[]> => {
      const url =
        f.endpoint ?? `/api/list/${f.model}/${f.collection ?? `${f.model}Resource4SelectCollection`}?items_per_page=-1`;
      const rows = await dataProvider.options(url, { signal });
      const ref = f.model ? modelByName.get(f.model) : undefined;
      return rows.map((r) => ({
        id: r.id as number,
        label: String(
          r.label ??
            r.name ??
            (ref
              ? ref.labelFields
                  .map((k) => r[k])
                  .filter(Boolean)
                  .join(' ')
              : r.id),
        ),
      }));
    },
    staleTime: 60_000,
  });
}

function ComboFilter({
  f,
  value,
  onChange,
}: {
  f: Extract<ListFilter, { kind: 'combo' }>;
  value: Option[];
  onChange: (v: Option[]) => void;
}) {
  const { data = [], isError } = useOptions(f);
  return (
    <Autocomplete
      multiple
      size="small"
      options={data}
      value={value}
      getOptionLabel={(o) => o.label}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_e, v) => onChange(v)}
      noOptionsText="Nessuna opzione"
      openText="Apri"
      closeText="Chiudi"
      clearText="Cancella"
      renderInput={(params) => (
        <TextField
          {...params}
          label={f.label}
          helperText={isError ? 'Errore nel caricamento dati' : ' '}
          error={isError}
        />
      )}
    />
  );
}

const NO_FILTERS: ListFilter[] = [];
/** the two ends of a date interval filter, with the word after the filter's label */
const INTERVAL_ENDS = [
  ['from', 'dal'],
  ['to', 'al'],
] as const;

/** `openKey`: where its open or closed state is kept (default per model); `defaultOpen`: open at first. */
export function FilterGroup({
  model,
  withParent = false,
  openKey,
  defaultOpen = false,
}: {
  model: ModelDef;
  withParent?: boolean;
  openKey?: string;
  defaultOpen?: boolean;
}) {
  // on one parent's list the filters marked so are neither shown nor applied
  const filters = useMemo(
    () => (model.list.filters ? groupFiltersOf(model, withParent) : NO_FILTERS),
    [model, withParent],
  );
  const { filterValues, setFilters, displayedFilters } = useListContext();
  // the stored state is validated when read: what does not fit takes its default
  const [state, setLocalState] = useState<FilterState>(
    () => decodeFilterState(filterValues.__filterState, filters).state,
  );
  const { specs, invalid } = useMemo(() => filterSpecs(filters, state), [filters, state]);
  const latest = useRef({ state, filterValues, displayedFilters });
  latest.current = { state, filterValues, displayedFilters };
  /** the list's filter values for a state (an inverted interval is left out: the other filters still apply) */
  const push = (next: FilterState) => {
    const { filterValues: fv, displayedFilters: df } = latest.current;
    const nextSpecs = filterSpecs(filters, next).specs;
    const nextEncoded = encodeFilterState(next);
    if (JSON.stringify(fv.filters ?? []) === JSON.stringify(nextSpecs) && fv.__filterState === nextEncoded) return;
    setFilters({ ...fv, filters: nextSpecs.length ? nextSpecs : undefined, __filterState: nextEncoded }, df, false);
  };
  /** a change by the user reaches the list at once (not in a later effect a remount could lose) */
  const setState = (update: FilterState | ((s: FilterState) => FilterState)) => {
    const next = typeof update === 'function' ? update(latest.current.state) : update;
    latest.current.state = next;
    setLocalState(next);
    push(next);
  };
  // once, on mount: a state read back from the store that differs from the filter values;
  // later changes are pushed by setState itself
  useEffect(() => {
    push(state); /* eslint-disable-next-line react-hooks/exhaustive-deps */
  }, []);
  // open or closed is remembered per model: a remount of the list (a state rewritten, a refresh)
  // does not fold the panel under the user's pointer
  const [open, setOpen] = useStore<boolean>(openKey ?? `list.${model.name}.filtersOpen`, defaultOpen);
  if (!filters.length) return null;
  const active = specs.length;
  return (
    // closed, its inputs are not mounted: the combo-boxes ask for their options only when opened
    <Accordion
      disableGutters
      sx={{ mb: 1 }}
      expanded={!!open}
      onChange={(_e, expanded) => setOpen(expanded)}
      slotProps={{ transition: { unmountOnExit: true } }}
    >
      <AccordionSummary
        expandIcon={<ExpandMoreIcon />}
        aria-controls={`filters-${model.name}`}
        id={`filters-${model.name}-header`}
      >
        <Typography>Filtri{active ? ` (${active} ${active === 1 ? 'attivo' : 'attivi'})` : ''}</Typography>
      </AccordionSummary>
      <AccordionDetails id={`filters-${model.name}`}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
          <FormControl>
            <FormLabel id={`mode-${model.name}`} sx={{ fontSize: 14 }}>
              Modalità di ricerca
            </FormLabel>
            <ToggleButtonGroup
              size="small"
              exclusive
              value={state.mode}
              aria-labelledby={`mode-${model.name}`}
              onChange={(_e, v) => v && setState((s) => ({ ...s, mode: v }))}
            >
              <ToggleButton value="and">Tutte le condizioni (AND)</ToggleButton>
              <ToggleButton value="or">Almeno una condizione (OR)</ToggleButton>
            </ToggleButtonGroup>
          </FormControl>
          <Button size="small" onClick={() => setState(initialFilterState(filters))}>
            Azzera filtri
          </Button>
        </Box>
        <Grid container spacing={2}>
          {filters.map((f) => (
            <Grid
              key={`${f.kind}-${f.field}`}
              // a toggle of many options ('Stato SdI': seven) takes the whole row: in a third of it its
              // buttons ran over the next filter's label (issue 45 item 17)
              size={{
                xs: 12,
                md: f.kind === 'dateInterval' ? 6 : f.kind === 'toggle' && f.options.length > 3 ? 12 : 4,
              }}
            >
              {f.kind === 'combo' && (
                <ComboFilter
                  f={f}
                  value={state.combos[f.field] ?? []}
                  onChange={(v) => setState((s) => ({ ...s, combos: { ...s.combos, [f.field]: v } }))}
                />
              )}
              {f.kind === 'toggle' && (
                <FormControl>
                  <FormLabel id={`toggle-${f.field}`} sx={{ fontSize: 14 }}>
                    {f.label}
                  </FormLabel>
                  <ToggleButtonGroup
                    size="small"
                    exclusive
                    sx={{ flexWrap: 'wrap' }}
                    value={state.toggles[f.field] ?? 'all'}
                    aria-labelledby={`toggle-${f.field}`}
                    onChange={(_e, v) =>
                      v !== null &&
                      setState((s) => ({ ...s, toggles: { ...s.toggles, [f.field]: v === 'all' ? null : v } }))
                    }
                  >
                    {/* a one-letter option is still a target of at least 24 px (WCAG 2.5.8) */}
                    {f.options.map((o) => (
                      <ToggleButton key={String(o.value)} value={o.value} sx={{ minWidth: 36 }}>
                        {o.text}
                      </ToggleButton>
                    ))}
                    <ToggleButton value="all">Tutti</ToggleButton>
                  </ToggleButtonGroup>
                </FormControl>
              )}
              {f.kind === 'dateInterval' && (
                <Box>
                  <Box sx={{ display: 'flex', gap: 1 }}>
                    {INTERVAL_ENDS.map(([end, word]) => (
                      <DateTextField
                        key={end}
                        label={`${f.label} ${word}`}
                        value={state.intervals[f.field]?.[end]}
                        onChange={(v) =>
                          v !== undefined &&
                          setState((s) => ({
                            ...s,
                            intervals: { ...s.intervals, [f.field]: { ...s.intervals[f.field], [end]: v } },
                          }))
                        }
                      />
                    ))}
                  </Box>
                  {invalid.includes(f.field) && (
                    <Alert severity="error" role="alert">
                      {INTERVAL_ERROR}
                    </Alert>
                  )}
                </Box>
              )}
            </Grid>
          ))}
        </Grid>
      </AccordionDetails>
    </Accordion>
  );
}
