import { createFileRoute } from '@tanstack/react-router';
import { AdminOnly } from '../../../../../features/admin/AdminOnly';
import { TypePickerPage } from '../../../../../features/admin/TypePickerPage';

export const Route = createFileRoute('/root/account/admin/new/type')({
  component: () => (
    <AdminOnly>
      <TypePickerPage />
    </AdminOnly>
  ),
});
