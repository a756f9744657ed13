/**
 * The customers' area's public file: the reminders of late document requests (registered in the
 * reminders' daily run when this file is loaded: the application loads it with the area's routes).
 * Everything else is the area's own.
 */
export { sendRequestReminders } from './requestReminders.js';
