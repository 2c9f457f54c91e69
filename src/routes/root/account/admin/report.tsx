import { createFileRoute } from '@tanstack/react-router';
import { AdminOnly } from '../../../../features/admin/AdminOnly';
import { AdminReportPage } from '../../../../features/admin/AdminReportPage';

export const Route = createFileRoute('/root/account/admin/report')({
  component: () => (
    <AdminOnly>
      <AdminReportPage />
    </AdminOnly>
  ),
});
