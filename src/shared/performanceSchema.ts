import { z } from 'zod';
import { VITAL_NAMES, type VitalMetric } from './performance';

/** A Web Vitals metric on the wire (the `web-vitals` capture), validated like every inbound frame. */
export const vitalMetricSchema = z.object({
  name: z.enum(VITAL_NAMES),
  value: z.number().finite().nonnegative(),
  rating: z.enum(['good', 'needs-improvement', 'poor']).optional(),
  target: z.string().max(1000).optional(),
  resourceUrl: z.string().max(4000).optional(),
  breakdown: z
    .record(z.string().max(200), z.number())
    .refine((entries) => Object.keys(entries).length <= 50, { message: 'at most 50 entries' })
    .optional(),
  sources: z.array(z.string().max(1000)).max(20).optional(),
  interactionType: z.string().max(100).optional(),
}) satisfies z.ZodType<VitalMetric>;
