// The preparation threads' entry (render-threads/preparation-pool.ts starts it): every layer's
// CPU-heavy tasks gathered into one list. Each layer declares its own tasks beside their code; only
// the composition root sees them all.
import { PLANNER_PREPARATION_TASKS } from '../generation/planner/preparation-tasks';
import { MEDIA_PREPARATION_TASKS } from '../media/preparation-tasks';
import type { PreparationTaskName, PreparationTasks } from '../render-threads/preparation-pool';
import { VOICE_PREPARATION_TASKS } from '../voice/preparation-tasks';

const PREPARATION_TASKS: PreparationTasks = {
  ...PLANNER_PREPARATION_TASKS,
  ...MEDIA_PREPARATION_TASKS,
  ...VOICE_PREPARATION_TASKS,
};

/** Piscina calls the default export with each task. */
export default function runPreparationTask({
  name,
  input,
}: {
  name: PreparationTaskName;
  input: unknown;
}) {
  const task = PREPARATION_TASKS[name] as (input: unknown) => unknown;
  if (!task) throw new Error(`Unknown preparation task '${name}'`);
  return task(input);
}
