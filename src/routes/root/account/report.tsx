import { createFileRoute } from '@tanstack/react-router';
import { DoctorReportPage } from '../../../features/diary-report/DoctorReportPage';

export const Route = createFileRoute('/root/account/report')({ component: DoctorReportPage });
