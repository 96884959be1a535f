/** Error stacks sent to analytics or error reports are cut to this many characters (spec 000). */
export const STACK_MAX_CHARS = 500;

/** A text stack cut to its first 500 characters (where the error happened comes first). */
export function cutStack(stack: string, max = STACK_MAX_CHARS): string {
  return stack.length <= max ? stack : stack.slice(0, max);
}
