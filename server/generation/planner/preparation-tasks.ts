// The offline planner, run in the preparation threads (render-threads/) and declared into their
// task list here, beside the code it runs.
import { planWithScript } from './local-planner';
import type { PlanInput } from './planner';

export const PLANNER_PREPARATION_TASKS = {
  /** The offline planner: title and description into scenes, and the lines the plan says. */
  planVideo: (input: PlanInput) => planWithScript(input),
};

type PlannerPreparationTasks = typeof PLANNER_PREPARATION_TASKS;

declare module '../../render-threads/preparation-pool' {
  interface PreparationTasks extends PlannerPreparationTasks {}
}
