import { createContext, type ReactElement, type ReactNode, useContext } from 'react';
import { Tooltip, TooltipContent, TooltipTrigger } from './tooltip';

/**
 * Why changes cannot be made right now (offline: the app shows the last visit's data and sends
 * nothing), or null when they can. Controls that change something (`change` on Button,
 * NativeSelect and DropdownMenuItem) show as disabled and say this reason.
 */
const ReadOnlyContext = createContext<string | null>(null);

export function ReadOnlyProvider({
  reason,
  children,
}: {
  reason: string | null;
  children: ReactNode;
}) {
  return <ReadOnlyContext.Provider value={reason}>{children}</ReadOnlyContext.Provider>;
}

/** The reason changes are off, or null when they are on. */
export function useReadOnly(): string | null {
  return useContext(ReadOnlyContext);
}

/** While changes are off, its child (one element that takes pointer and focus events) tells why. */
export function ReadOnlyTooltip({ children }: { children: ReactElement }) {
  const reason = useReadOnly();
  if (reason === null) return children;
  return (
    <Tooltip>
      <TooltipTrigger asChild>{children}</TooltipTrigger>
      <TooltipContent className="max-w-64 text-center">{reason}</TooltipContent>
    </Tooltip>
  );
}
