import { type ClassValue, clsx } from 'clsx';

/**
 * Joins class names without resolving Tailwind conflicts. The public site and the small shared
 * primitives use it (tailwind-merge stays out of the landing page's JavaScript); callers pass only
 * classes that add to the component's own (layout, spacing), never ones that contradict them.
 * Components with overridable variants use `cn` instead.
 */
export function cx(...inputs: ClassValue[]) {
  return clsx(inputs);
}
