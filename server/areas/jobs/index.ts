/**
 * The compliance jobs area's public file: what the other areas may use — whether a sub-task is a
 * job's, and the write of a sub-task's status for a customer and year (the customers' area turns a
 * job's sub-task done when its documents are all received). Everything else is the area's own.
 */
export { isJobTask, setTaskStatus } from './queries.js';
