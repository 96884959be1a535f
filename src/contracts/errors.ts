import { z } from 'zod';
import { ERROR_CODES } from './error-codes';

export * from './error-codes';

export const errorCodeSchema = z.enum(ERROR_CODES);

export const errorResponseSchema = z
  .object({
    error: z.object({
      code: errorCodeSchema,
      message: z.string(),
      details: z.record(z.string(), z.unknown()).nullable(),
    }),
  })
  .meta({ id: 'ErrorResponse' });

export type ErrorResponse = z.infer<typeof errorResponseSchema>;
