import { Collapsible as CollapsiblePrimitive } from 'radix-ui';

/** A section that shows or hides its content (sidebar groups); the trigger carries aria-expanded. */
export const Collapsible = CollapsiblePrimitive.Root;
export const CollapsibleTrigger = CollapsiblePrimitive.Trigger;
export const CollapsibleContent = CollapsiblePrimitive.Content;
