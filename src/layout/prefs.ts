/** Personal preferences of a user on this browser, in react-admin's store (`RaStore.prefs.*`). */
import { useStore } from 'react-admin';

/** Store keys of the preferences (the stored value is JSON: true / false). */
export const PREFS = { openInNewTab: 'prefs.openInNewTab', backOnSave: 'prefs.backOnSave' } as const;

/** A row of a list opens its form in a new tab (default) or in the same one. */
export const useOpenInNewTab = () => useStore<boolean>(PREFS.openInNewTab, true);
/** After saving, go back to the page the form came from (seed A §4; default on). */
export const useBackOnSave = () => useStore<boolean>(PREFS.backOnSave, true);
