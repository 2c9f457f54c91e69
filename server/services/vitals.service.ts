import { VITALS_KEPT_DAYS } from '../../core/vitals';
import type { VitalsReportBody, VitalsSummaryResponse } from '../../core/vitals-api';
import type { VitalsRepository } from '../repositories/vitals.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The app's own measures from real visits (web-vitals and the installed launch), kept VITALS_KEPT_DAYS. */
export class VitalsService {
  /** When old reports were last deleted: at most once an hour, on a report. */
  private prunedAt = 0;

  constructor(
    private readonly vitals: VitalsRepository,
    private readonly now: () => Date,
  ) {}

  async record(report: VitalsReportBody): Promise<void> {
    const now = this.now();
    await this.vitals.insert(
      report.metrics.map((metric) => ({ name: metric.name, value: metric.value, page: report.page, installed: report.installed })),
      now,
    );
    if (now.getTime() - this.prunedAt > DAY_MS / 24) {
      this.prunedAt = now.getTime();
      await this.vitals.deleteBefore(new Date(now.getTime() - VITALS_KEPT_DAYS * DAY_MS));
    }
  }

  async summary(): Promise<VitalsSummaryResponse> {
    const since = new Date(this.now().getTime() - VITALS_KEPT_DAYS * DAY_MS);
    return { days: VITALS_KEPT_DAYS, vitals: await this.vitals.summary(since) };
  }
}
