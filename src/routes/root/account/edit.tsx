import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../components/ComingSoon';

export const Route = createFileRoute('/root/account/edit')({ component: () => <ComingSoon title="Edit profile" /> });
