import { computeTasks } from './compute-tasks';
import { serveTasks } from './compute-worker-host';

/** A compute worker of the server (platform/compute.ts starts it). */
serveTasks(computeTasks);
