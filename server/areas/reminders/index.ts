/**
 * The reminders area's public file: what a customer owes and how to pay it, as the reminder's page
 * shows it (the customers' area's 'Da pagare' shows the same, server/areas/portal), and the
 * registration of another area's task in the daily run. Everything else is the area's own.
 */
export { customerSituation } from './page.js';
export { SITUATION_CSS, situationHtml } from './customerPage.js';
export { addDailyTask, type DailyTaskDeps } from './dailyTasks.js';
