/** One part of a whole: its label, its amount (decimal string) and its share (0..1). */
export type AllocationPart = { key: string; label: string; value: string; weight: number };
