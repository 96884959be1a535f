/** What the goals feature offers the rest of the web app (its public entry). */
export { type GoalView, useGoals } from './api/goals';
export { TopGoalsCard } from './components/top-goals-card';
