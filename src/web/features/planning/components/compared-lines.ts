/** How each compared scenario's median is drawn: its own colour and its own dash pattern. */
export const COMPARED_COLORS = ['var(--chart-2)', 'var(--chart-3)', 'var(--chart-4)'];
export const COMPARED_DASHES = ['8 3', '2 2', '10 3 2 3'];
