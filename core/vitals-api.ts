import { Type, type Static } from 'typebox';
import { VITAL_MAX_VALUE, VITAL_NAMES } from './vitals';

/**
 * Real-user measures the app reports about itself (POST /api/vitals), and their summary
 * (GET /api/vitals). Nothing personal: no user, no address, no path beyond which screen it was.
 */

export const VitalsReportBody = Type.Object(
  {
    page: Type.Union([Type.Literal('landing'), Type.Literal('feed'), Type.Literal('other')]),
    /** Whether the app ran installed (display-mode standalone). */
    installed: Type.Boolean(),
    metrics: Type.Array(
      Type.Object(
        {
          name: Type.Union([Type.Literal('LCP'), Type.Literal('INP'), Type.Literal('CLS'), Type.Literal('LAUNCH')]),
          value: Type.Number({ minimum: 0, maximum: VITAL_MAX_VALUE }),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: VITAL_NAMES.length },
    ),
  },
  { additionalProperties: false },
);
export type VitalsReportBody = Static<typeof VitalsReportBody>;

export const VitalSummary = Type.Object({
  name: Type.String(),
  page: Type.String(),
  installed: Type.Boolean(),
  count: Type.Integer({ minimum: 0 }),
  /** The 75th percentile, as Core Web Vitals are judged. */
  p75: Type.Number(),
  median: Type.Number(),
});
export type VitalSummary = Static<typeof VitalSummary>;

export const VitalsSummaryResponse = Type.Object({ days: Type.Integer(), vitals: Type.Array(VitalSummary) });
export type VitalsSummaryResponse = Static<typeof VitalsSummaryResponse>;
