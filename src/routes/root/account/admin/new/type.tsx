import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../../components/ComingSoon';

export const Route = createFileRoute('/root/account/admin/new/type')({ component: () => <ComingSoon title="Type Picker" /> });
