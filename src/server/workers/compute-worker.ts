import { computeTasks } from './compute-tasks';
import { serveTasks } from '../platform/compute-worker-host';

/** A compute worker of the server (the pools of app.ts start it: compute-entry.ts). */
serveTasks(computeTasks);
