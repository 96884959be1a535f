/** One slice of an allocation chart (the donut and its table). */
export type AllocationPart = { key: string; label: string; value: string; weight: number };
