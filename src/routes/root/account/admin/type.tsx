import { createFileRoute } from '@tanstack/react-router';
import { AdminOnly } from '../../../../features/admin/AdminOnly';
import { AdminTypePage } from '../../../../features/admin/AdminTypePage';

export const Route = createFileRoute('/root/account/admin/type')({
  component: () => (
    <AdminOnly>
      <AdminTypePage />
    </AdminOnly>
  ),
});
