/**
 * A screen's tabs and the one panel they show, linked for assistive technology (each tab controls
 * the panel, the panel is named by the chosen tab); scrollable on a narrow screen. 'Solleciti' and
 * 'Riconciliazione bancaria' use it.
 */
import { useId, type ReactNode } from 'react';
import { Box, Tab, Tabs } from '@mui/material';

export function ScreenTabs<T extends string>({
  value,
  onChange,
  tabs,
  label,
  gap = 2,
  children,
}: {
  value: T;
  onChange: (value: T) => void;
  tabs: ReadonlyArray<{ value: T; label: string }>;
  /** the tab list's name */
  label: string;
  /** space under the tabs, in theme units */
  gap?: number;
  /** the chosen tab's panel */
  children: ReactNode;
}) {
  const id = useId();
  return (
    <>
      <Tabs
        value={value}
        onChange={(_e, v: T) => onChange(v)}
        variant="scrollable"
        scrollButtons="auto"
        aria-label={label}
        sx={{ borderBottom: 1, borderColor: 'divider', mb: gap }}
      >
        {tabs.map((t) => (
          <Tab
            key={t.value}
            value={t.value}
            label={t.label}
            id={`${id}-tab-${t.value}`}
            aria-controls={`${id}-panel`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${value}`}>
        {children}
      </Box>
    </>
  );
}
