/** Hash of everything the build reads (see build.mjs). */
export function buildFingerprint(projectRoot?: string): string;
