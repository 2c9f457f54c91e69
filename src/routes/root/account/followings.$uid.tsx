import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../components/ComingSoon';

export const Route = createFileRoute('/root/account/followings/$uid')({ component: () => <ComingSoon title="Following" /> });
